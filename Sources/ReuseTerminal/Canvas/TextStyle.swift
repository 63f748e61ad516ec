/// A 24-bit colour.
public struct Color: Hashable, Sendable {
  /// The red component.
  public var red: UInt8
  /// The green component.
  public var green: UInt8
  /// The blue component.
  public var blue: UInt8

  /// Creates a colour from its components.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Creates a colour from `0xRRGGBB`.
  public init(hex: UInt32) {
    self.init(
      red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
  }

  /// The colour `amount` (0…1) of the way to `other`.
  public func mixed(with other: Color, amount: Double) -> Color {
    let t = min(max(amount.isFinite ? amount : 0, 0), 1)
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
    }
    return Color(
      red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
  }

  /// Perceived brightness, 0…1.
  public var luminance: Double {
    (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
  }
}

/// How a terminal cell is drawn: colours (or the terminal's defaults) and attributes.
public struct TextStyle: Hashable, Sendable {
  /// Text attributes.
  public struct Attributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold (SGR 1).
    public static let bold = Attributes(rawValue: 1)
    /// Dim (SGR 2).
    public static let dim = Attributes(rawValue: 2)
    /// Italic (SGR 3).
    public static let italic = Attributes(rawValue: 4)
    /// Underline (SGR 4).
    public static let underline = Attributes(rawValue: 8)
    /// Reverse video (SGR 7).
    public static let reverse = Attributes(rawValue: 16)
  }

  /// The text colour, or `nil` for the terminal's default.
  public var foreground: Color?
  /// The background colour, or `nil` for the terminal's default.
  public var background: Color?
  /// Bold, underline, reverse and the rest.
  public var attributes: Attributes

  /// Creates a style.
  public init(foreground: Color? = nil, background: Color? = nil, attributes: Attributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's defaults, no attributes.
  public static let plain = TextStyle()

  /// This style with other attributes added.
  public func adding(_ extra: Attributes) -> TextStyle {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }

  /// This style with another background.
  public func on(_ background: Color?) -> TextStyle {
    var copy = self
    copy.background = background
    return copy
  }
}
