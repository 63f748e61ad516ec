/// A pointer event as a host translates it from its own (a terminal's mouse bytes, a GDK
/// event, a `UITouch`): the phase, where, when, and the modifier keys held. The core's
/// interpreter decides what it means (a tap, a drag, a grab of the scroll thumb); hosts hold no
/// gesture logic.
public struct PointerEvent: Hashable, Sendable {
  /// Where a pointer is in its press.
  public enum Phase: Hashable, Sendable {
    /// The primary button went down (a touch began).
    case began
    /// It moved while down.
    case moved
    /// It lifted.
    case ended
    /// The host lost it (the window lost the grab, the page was hidden): whatever it held
    /// settles without acting.
    case cancelled
  }

  /// The phase.
  public var phase: Phase
  /// Where, in the viewport's coordinates: (0, 0) is the viewport's top-left corner. Chrome the
  /// host draws beside the content (a scroll indicator, a section index) lies outside the
  /// viewport's size and is told through ``PointerRegions``.
  public var location: Point
  /// When, in seconds on the host's clock.
  public var time: Double
  /// The modifier keys held.
  public var modifiers: KeyModifiers

  /// Creates an event.
  public init(_ phase: Phase, at location: Point, time: Double, modifiers: KeyModifiers = []) {
    self.phase = phase
    self.location = location
    self.time = time
    self.modifiers = modifiers
  }
}

/// A wheel or touchpad scroll as a host translates it: the distance, in points, in the
/// content's direction (positive scrolls toward the end), along each axis the device moved.
/// A vertical wheel over a horizontal list scrolls it sideways.
public struct WheelEvent: Hashable, Sendable {
  /// The distance, in points.
  public var delta: Point
  /// When, in seconds on the host's clock.
  public var time: Double
  /// The modifier keys held.
  public var modifiers: KeyModifiers
  /// Where the pointer is, in the viewport's coordinates, when the host knows: a sideways
  /// wheel over a rail (``RailsLayout``) scrolls that rail.
  public var location: Point?

  /// Creates an event.
  public init(delta: Point, time: Double, modifiers: KeyModifiers = [], location: Point? = nil) {
    self.delta = delta
    self.time = time
    self.modifiers = modifiers
    self.location = location
  }
}

/// Modifier keys held with a key or a pointer event: Shift, Control, Alt (Option; Meta in a
/// terminal) and Command (Super).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a set from its raw value.
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let shift = KeyModifiers(rawValue: 1), control = KeyModifiers(rawValue: 2)
  public static let alt = KeyModifiers(rawValue: 4), command = KeyModifiers(rawValue: 8)
}

/// Where a host draws chrome that takes the pointer, beside the content: its frames in the
/// viewport's coordinates (outside the viewport's size, typically). `nil` for none.
public struct PointerRegions: Hashable, Sendable {
  /// The scroll indicator's track, along the scroll axis: a press on the thumb grabs it, a
  /// press elsewhere on the track jumps the thumb's middle there.
  public var scrollIndicator: Rect?
  /// The section index (``CollectionView/indexTitles``): a press or a drag jumps to the title
  /// under it.
  public var sectionIndex: Rect?
  /// Whether the host draws its chrome in whole points (a terminal's cells): a press counts
  /// for the whole point it falls in, and the thumb it grabs is the one drawn
  /// (``CollectionView/scrollThumb(trackLength:roundedToWholePoints:)``).
  public var snapsToWholePoints: Bool

  /// Creates regions.
  public init(
    scrollIndicator: Rect? = nil, sectionIndex: Rect? = nil, snapsToWholePoints: Bool = false
  ) {
    self.scrollIndicator = scrollIndicator
    self.sectionIndex = sectionIndex
    self.snapsToWholePoints = snapsToWholePoints
  }
}
