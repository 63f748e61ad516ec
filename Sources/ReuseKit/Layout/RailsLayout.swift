/// How a section of a ``RailsLayout`` lays its items out: in one rail that scrolls across the
/// layout (UIKit's orthogonal scrolling behaviours), or wrapped into rows.
public enum RailScrolling: Hashable, Sendable {
  /// Not a rail: the items wrap into rows of as many columns as their width fits (a grid
  /// section), and may span columns (``RailsLayout/spanProvider``).
  case none
  /// The rail scrolls freely and decelerates as a scroll view does.
  case continuous
  /// The rail decelerates freely and comes to rest with an item's leading edge at the
  /// rail's leading inset.
  case continuousGroupLeadingBoundary
  /// The rail pages by its whole width.
  case paging
  /// One item per swipe, its leading edge at the rail's leading inset.
  case groupPaging
  /// One item per swipe, centred.
  case groupPagingCentered
}

/// The geometry of one section of a ``RailsLayout``.
public struct RailSection: Hashable, Sendable {
  /// How wide items are.
  public enum ItemWidth: Hashable, Sendable {
    /// A fixed width in points.
    case absolute(Double)
    /// A fraction of the width between the section's insets (0.9 shows the next card peek).
    case fractional(Double)
    /// As many items as fit the rail's width at `minimum` or wider, stretched so that they fill
    /// it exactly: each is the width over that count, less the spacing. A ``RailScrolling/paging``
    /// rail then lands on whole items at every page (with a leading inset no wider than the
    /// spacing, the last item of a page ends at the rail's edge); with a fixed width it leaves
    /// a part of an item at the edge, as UIKit's paging does. The count follows the width
    /// (a resize, a rotation).
    case fillingPages(minimum: Double)
  }

  /// Whether the section is a rail, and how it scrolls.
  public var scrolling: RailScrolling
  /// How wide each item is (in a wrapped section: the least column width; columns stretch to
  /// fill the row).
  public var itemWidth: ItemWidth
  /// How tall each item is.
  public var itemHeight: Double
  /// The gap between items along the rail, and between columns and rows when wrapped.
  public var spacing: Double
  /// Space around the items, inside the header.
  public var insets: EdgeInsets
  /// The height of the section's header (0: none).
  public var headerHeight: Double

  /// Creates a section.
  public init(
    scrolling: RailScrolling, itemWidth: ItemWidth, itemHeight: Double, spacing: Double = 0,
    insets: EdgeInsets = .zero, headerHeight: Double = 0
  ) {
    self.scrolling = scrolling
    self.itemWidth = itemWidth
    self.itemHeight = itemHeight
    self.spacing = spacing
    self.insets = insets
    self.headerHeight = headerHeight
  }
}

/// A vertical list of sections, each either a rail that scrolls horizontally on its own
/// (`RailScrolling.continuous`, `.paging`, `.groupPaging`, …: an App Store or a Netflix home
/// screen) or a grid section whose items wrap into rows and may span columns.
///
/// ```swift
/// let layout = RailsLayout { section in
///   section == 0
///     ? RailSection(scrolling: .paging, itemWidth: .fractional(1), itemHeight: 12)
///     : RailSection(scrolling: .groupPaging, itemWidth: .absolute(24), itemHeight: 6,
///         spacing: 2, headerHeight: 1)
/// }
/// ```
///
/// Every rail is part of one collection view, so all share one reuse pool: a cell that leaves
/// one rail shows an item of another. Each rail's offset is the layout's (``railOffset(of:)``),
/// not a cell's: it stays when the rail scrolls out and back, follows its section through
/// batch updates, and travels in a saved scroll position. The collection view routes a drag
/// that starts across the axis over a rail, the shifted wheel, and focus moves to the rail's
/// own scroller, with its paging or snapping.
///
/// To assistive technology an item's place in its set (``AccessibilityElement/positionInSet``
/// and ``AccessibilityElement/setSize``) is its place in its own rail or grid section: "8 of
/// 30" is the eighth app of a rail of 30, as a user moving along that rail hears it, not its
/// place among every item of the layout.
///
/// - Complexity: a rect query is O(log S) for the sections plus O(1) per rail met (its items
///   are arithmetic) plus O(log rows) per grid section met, plus the items found; no memory
///   per rail item. Grid sections keep their rows (first item, top, height), placed at prepare.
public final class RailsLayout: CollectionViewLayout, SectionedLayout, SpanProvidingLayout {
  // MARK: Configuration

  /// Each section's geometry, asked once per section at every full prepare.
  public var sectionProvider: (Int) -> RailSection { didSet { invalidateLayout() } }
  /// How many columns an item of a grid section (`RailScrolling.none`) covers, and its
  /// height; `nil`: one column each. Asked for the items of grid sections at prepare.
  public var spanProvider: ((ItemPath) -> ItemSpan)? { didSet { invalidateLayout() } }

  /// The sections stack vertically.
  public var scrollDirection: Axis { .vertical }

  /// Creates a layout whose sections `sectionProvider` describes.
  public init(sectionProvider: @escaping (Int) -> RailSection) {
    self.sectionProvider = sectionProvider
  }

  // MARK: State

  /// One laid-out section: its behaviour, item count and sanitised metrics; a rail's content
  /// width (a grid's columns are in its flow); the index into `flows` of a grid section.
  struct Section {
    var scrolling: RailScrolling, count: Int, insets: EdgeInsets
    var spacing, itemWidth, itemHeight, header, contentWidth: Double
    var flow: Int

    var isRail: Bool { scrolling != .none }
  }

  @exclusivity(unchecked) var isValid = false
  @exclusivity(unchecked) var sections: [Section] = []
  @exclusivity(unchecked) var flows: [SpanFlow] = []
  @exclusivity(unchecked) var sectionExtents = ExtentIndex()
  @exclusivity(unchecked) var viewportWidth = 0.0
  /// Each section's rail offset (0 for grid sections).
  @exclusivity(unchecked) var offsets: [Double] = []
  /// Each rail's last focused item, for focus coming back to it.
  var remembered: [Int: Int] = [:]
  private var hitTestScratch: [LayoutAttributes] = []
  /// The size of all sections.
  public private(set) var contentSize = Size.zero

  /// `true` when something must be laid out again.
  public var needsPrepare: Bool { !isValid }

  /// Everything is laid out again at the next prepare; rail offsets stay.
  public func invalidateLayout() { isValid = false }

  /// Lays out every section: O(S + items of grid sections).
  public func prepare(_ context: LayoutContext) {
    let diagnostics = context.diagnostics
    let oldWidth = viewportWidth
    viewportWidth = context.viewportSize.width.sanitizedLength
    // A new width gives the items new widths: each rail keeps the item at its leading edge
    // (in items, not points), so a rail that is not the focused one keeps its card (the
    // featured rail showed another story after a resize: a new user's finding).
    let leadingItems: [Double?] =
      oldWidth != viewportWidth && oldWidth > 0 && sections.count == context.numberOfSections
      ? sections.indices.map { index in
        let stride = sections[index].itemWidth + sections[index].spacing
        return sections[index].isRail && stride > 0 && index < offsets.count
          ? offsets[index] / stride : nil
      } : []
    var lengths = LengthSanitizer(subject: "rail item length")
    sections.removeAll(keepingCapacity: true)
    flows.removeAll(keepingCapacity: true)
    sections.reserveCapacity(context.numberOfSections)
    for (index, count) in context.itemCounts.enumerated() {
      let config = sectionProvider(index)
      let path = ItemPath(section: index, item: 0)
      let insets = config.insets.sanitized
      let spacing = diagnostics.sanitizedMetric(config.spacing, "RailSection.spacing")
      let room = max(0, viewportWidth - insets.left - insets.right)
      let width: Double
      switch config.itemWidth {
      case .absolute(let value): width = lengths.sanitize(value, at: path)
      case .fractional(let fraction):
        width = lengths.sanitize(room * (fraction.isFinite ? fraction : 0), at: path)
      case .fillingPages(let minimum):
        let least = lengths.sanitize(minimum, at: path)
        let count = max(1, (viewportWidth / max(1, least + spacing)).rounded(.down))
        width = max(0, viewportWidth / count - spacing)
      }
      var section = Section(
        scrolling: config.scrolling, count: count, insets: insets, spacing: spacing,
        itemWidth: width, itemHeight: lengths.sanitize(config.itemHeight, at: path),
        header: lengths.sanitize(config.headerHeight, at: path), contentWidth: viewportWidth,
        flow: -1)
      if section.isRail {
        let items = Double(count)
        section.contentWidth =
          count > 0
          ? insets.left + items * width + (items - 1) * spacing + insets.right : 0
      } else {
        section.flow = flows.count
        flows.append(flow(for: section, index: index, room: room, lengths: &lengths))
      }
      sections.append(section)
    }
    lengths.report(to: diagnostics)
    sectionExtents = ExtentIndex(
      lengths: sections.map(sectionLength), spacing: 0, mode: .prefix)
    if offsets.count != sections.count {
      offsets += repeatElement(0, count: max(0, sections.count - offsets.count))
      offsets.removeLast(max(0, offsets.count - sections.count))
    }
    for case (let index, let leading?) in leadingItems.enumerated() where sections[index].isRail {
      offsets[index] = leading * (sections[index].itemWidth + sections[index].spacing)
    }
    for index in sections.indices {
      offsets[index] = min(max(0, offsets[index]), maximumRailOffset(of: index))
    }
    contentSize = Size(width: viewportWidth, height: sectionExtents.totalExtent)
    isValid = true
  }

  private func flow(
    for section: Section, index: Int, room: Double, lengths: inout LengthSanitizer
  ) -> SpanFlow {
    let stride = section.itemWidth + section.spacing
    let fitting = stride > 0 ? ((room + section.spacing) / stride).rounded(.down) : 1
    let columns = fitting.isFinite ? Int(max(1, min(fitting, 10_000))) : 1
    var flow = SpanFlow(columns: columns, rowSpacing: section.spacing)
    for item in 0..<section.count {
      let span = spanProvider?(ItemPath(section: index, item: item)) ?? .single
      let height =
        span.height.map { lengths.sanitize($0, at: ItemPath(section: index, item: item)) }
        ?? section.itemHeight
      flow.append(span: span.columns, height: height)
    }
    return flow
  }

  private func sectionLength(_ section: Section) -> Double {
    let body: Double
    if section.isRail {
      body = section.count > 0 ? section.itemHeight : 0
    } else {
      body = flows[section.flow].height
    }
    return section.header + section.insets.top + body + section.insets.bottom
  }

  func itemsTop(_ index: Int) -> Double {
    sectionExtents.start(index) + sections[index].header + sections[index].insets.top
  }

  /// A grid section's column width.
  private func columnWidth(_ section: Section) -> Double {
    let columns = Double(flows[section.flow].columns)
    let room = max(0, viewportWidth - section.insets.left - section.insets.right)
    return max(0, (room - (columns - 1) * section.spacing) / columns)
  }

  /// An item's frame with its rail at offset 0.
  func naturalFrame(of item: Int, in index: Int) -> Rect {
    let section = sections[index]
    if section.isRail {
      return Rect(
        x: section.insets.left + Double(item) * (section.itemWidth + section.spacing),
        y: itemsTop(index), width: section.itemWidth, height: section.itemHeight)
    }
    let flow = flows[section.flow]
    let row = flow.row(of: item)
    let (first, span) = flow.columns(of: item)
    let width = columnWidth(section)
    return Rect(
      x: section.insets.left + Double(first) * (width + section.spacing),
      y: itemsTop(index) + flow.rowTops[row],
      width: Double(span) * width + Double(span - 1) * section.spacing,
      height: flow.rowHeights[row])
  }

  func frame(of item: Int, in index: Int) -> Rect {
    let section = sections[index]
    guard section.isRail else { return naturalFrame(of: item, in: index) }
    // As the query computes it, to the last bit.
    return Rect(
      x: (section.insets.left - offsets[index]) + Double(item)
        * (section.itemWidth + section.spacing),
      y: itemsTop(index), width: section.itemWidth, height: section.itemHeight)
  }

  func supplementaryFrame(_ kind: SupplementaryKind, section index: Int) -> Rect? {
    sectionExtents.sectionSupplementaryFrame(
      kind, section: index, header: sections[index].header, footer: 0, width: viewportWidth)
  }

  var laidOutSectionCount: Int { sections.count }

  /// A section header's frame.
  public func layoutAttributesForSupplementaryView(
    ofKind kind: SupplementaryKind, inSection section: Int
  ) -> LayoutAttributes? {
    supplementaryAttributes(ofKind: kind, inSection: section)
  }

  // MARK: Queries

  /// Appends the headers and items that meet the rect, section by section, in order. A
  /// rail's items are those its offset brings into the rect's width.
  ///
  /// - Complexity: O(log S + rails met + grid sections met × log rows + k).
  public func elements(in query: LayoutQuery, into result: inout LayoutElements) {
    guard isValid, !sections.isEmpty else { return }
    let rect = query.rect
    // The sections' walk, by hand: sections without a header ask for none, and none has a
    // footer (comparing a kind costs more than a rail's items).
    let count = sections.count
    var index = sectionExtents.lastIndex(startingAtOrBefore: rect.minY, in: 0..<count)
    while index > 0, sectionExtents.start(index) > rect.minY { index -= 1 }
    while index < count {
      let top = sectionExtents.start(index)
      guard top < rect.maxY else { break }
      let header = sections[index].header
      if header > 0 {
        let frame = Rect(x: 0, y: top, width: viewportWidth, height: header)
        if frame.intersects(rect) {
          result.supplementaryViews.append(
            LayoutAttributes(forSupplementaryViewOfKind: .header, section: index, frame: frame))
        }
      }
      appendItems(of: index, meeting: rect, into: &result.items)
      index += 1
    }
  }

  private func appendItems(
    of index: Int, meeting rect: Rect, into result: inout [LayoutAttributes]
  ) {
    let section = sections[index]
    guard section.count > 0 else { return }
    let top = itemsTop(index)
    if section.isRail {
      guard top < rect.maxY, top + section.itemHeight > rect.minY || section.itemHeight == 0
      else { return }
      let stride = section.itemWidth + section.spacing
      let left = section.insets.left - offsets[index]
      let minX = rect.minX - left
      let maxX = rect.maxX - left
      let first: Int
      let end: Int
      if stride > 0 {
        first = Int(
          max(
            0, min(Double(section.count), ((minX - section.itemWidth) / stride).rounded(.down) + 1))
        )
        end = Int(max(0, min(Double(section.count), (maxX / stride).rounded(.up))))
      } else {
        (first, end) = (0, 0)
      }
      guard first < end else { return }
      for item in first..<end {
        let frame = Rect(
          x: left + Double(item) * stride, y: top, width: section.itemWidth,
          height: section.itemHeight)
        guard frame.intersects(rect) else { continue }
        result.append(
          LayoutAttributes(forCellAt: ItemPath(section: index, item: item), frame: frame))
      }
      return
    }
    flows[section.flow].appendItems(of: index, meeting: rect, top: top, into: &result) {
      naturalFrame(of: $0, in: index)
    }
  }

  /// The item under `point`.
  public func indexPathForItem(at point: Point) -> ItemPath? {
    guard isValid else { return nil }
    return hitTest(point, extents: sectionExtents, scratch: &hitTestScratch) {
      appendItems(of: $0, meeting: $1, into: &$2)
    }
  }

  /// One item's frame, with its rail's offset.
  public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
    let item = indexPath.item
    guard isValid, item >= 0, item < itemCount(of: indexPath.section) else { return nil }
    return LayoutAttributes(forCellAt: indexPath, frame: frame(of: item, in: indexPath.section))
  }

  /// Rail offsets follow their sections through a batch update; new sections start at 0.
  public func prepare(forCollectionViewUpdates mapping: ChangesetMapping) {
    var moved = [Double](repeating: 0, count: mapping.newItemCounts.count)
    for new in moved.indices {
      if let old = mapping.oldSection(forNew: new), old < offsets.count,
        !mapping.isSectionReloaded(old)
      {
        moved[new] = offsets[old]
      }
    }
    offsets = moved
    var kept: [Int: Int] = [:]
    for (old, item) in remembered {
      if let new = mapping.newSection(forOld: old) { kept[new] = item }
    }
    remembered = kept
    invalidateLayout()
  }

}
