/// Columns of items with their own heights (a photo feed): each item goes
/// to the shortest column, or round-robin from the left or the right.
///
/// ```swift
/// let layout = WaterfallLayout(columns: .adaptive(minimumWidth: 160), itemHeight: .perItem {
///   path, width in width / photos[path.item].aspectRatio
/// })
/// ```
///
/// Each section is: header, top inset, its columns side by side, bottom inset, footer (headers
/// and footers span the full width). Every column keeps its items' heights in an offset index,
/// so a rect query costs O(log n) per column plus the items found, and answers in item order.
///
/// ### Placement and the lane policy
/// An item's column is decided once, when it is placed, and measuring never moves it: when
/// an estimated height is corrected, the items below it in the same column shift, and the
/// other columns don't move. Only a relayout places items again, with the heights known by
/// then: a width change, a reload, an update that is not an append, or a new configuration.
/// Appending items at the end of the last section ("load more") places only the new ones.
///
/// Heights that are NaN, infinite or negative are clamped to 0 (and huge ones to
/// ``maximumElementLength``), with one diagnostic per pass.
public final class WaterfallLayout: CollectionViewLayout, SpanProvidingLayout {
  /// Which column the next item goes to.
  public enum PlacementOrder: Sendable {
    /// The shortest column (the leftmost of equals): the default, and what a feed wants.
    case shortestFirst
    /// Columns in turn, from the left.
    case leftToRight
    /// Columns in turn, from the right.
    case rightToLeft
  }

  /// How tall items are.
  public enum ItemHeight {
    /// All the same.
    case fixed(Double)
    /// From the item and its column width (a photo's height from its aspect ratio).
    case perItem((ItemPath, Double) -> Double)
    /// An estimate, corrected as cells measure themselves.
    case estimated(Double)
  }

  // MARK: Configuration

  /// How many columns each section has.
  public var columns: ColumnCount { didSet { invalidateLayout() } }
  /// The gap between columns.
  public var columnSpacing: Double { didSet { invalidateLayout() } }
  /// The gap between items in a column.
  public var itemSpacing: Double { didSet { invalidateLayout() } }
  /// Space around each section's columns, inside its header and footer.
  public var sectionInset: EdgeInsets { didSet { invalidateLayout() } }
  /// Section header heights.
  public var headerLength: ListLayout.SectionMetric { didSet { invalidateLayout() } }
  /// Section footer heights.
  public var footerLength: ListLayout.SectionMetric { didSet { invalidateLayout() } }
  /// Which column the next item goes to.
  public var placement: PlacementOrder { didSet { invalidateLayout() } }
  /// How tall items are.
  public var itemHeight: ItemHeight { didSet { invalidateLayout() } }
  /// How many columns each item covers (``ItemSpan``), and its height when it has its own
  /// (else ``itemHeight`` at the spanned width); `nil`, the default, for one column each.
  ///
  /// A spanning item goes where the tallest of the columns it covers is lowest (the leftmost
  /// of equals), below all of them, whatever the ``placement`` order; a full-width item
  /// (``ItemSpan/fullWidth(height:)``) goes below every column. Placement stays O(c) an item
  /// (O(c · s) for a span of s), an append places only the new items, and a query stays
  /// O(c log n + k). Spans need heights known when items are placed: with
  /// ``ItemHeight/estimated(_:)`` every item takes one column, with a diagnostic.
  public var spanProvider: ((ItemPath) -> ItemSpan)? { didSet { invalidateLayout() } }

  /// Waterfalls scroll vertically.
  public var scrollDirection: Axis { .vertical }

  // MARK: State

  /// One column of a section: its items in order, and their heights and offsets.
  struct Column {
    var items: [Int32] = []
    var extents = ExtentIndex()
  }

  /// One laid-out section.
  struct Section {
    var geometry: ColumnGeometry
    var columns: [Column]
    /// Per item: its column, and its row in that column (for an item that spans, the column
    /// that set its top, where its entry has no gap above it).
    var itemColumn: [Int32] = []
    var itemRow: [Int32] = []
    /// With spans, per item: its first column and how many it covers (empty without spans).
    var spanFirst: [Int32] = []
    var spanCount: [Int32] = []
    var header = 0.0
    var footer = 0.0

    var itemCount: Int { itemColumn.count }

    /// The height of the tallest column.
    var columnsHeight: Double {
      columns.reduce(0) { Swift.max($0, $1.extents.totalExtent) }
    }
  }

  /// What the next prepare must recompute: nothing, the sections from one onward, or all.
  enum Invalidation: Equatable {
    case none
    case from(Int)
  }

  // Read on every query: no runtime exclusivity tracking (single-threaded, like UIKit).
  @exclusivity(unchecked) var invalidation = Invalidation.from(0)
  @exclusivity(unchecked) var sections: [Section] = []
  /// Section lengths (header + insets + columns + footer) and their offsets.
  @exclusivity(unchecked) var sectionExtents = ExtentIndex()
  @exclusivity(unchecked) var itemCounts: ItemCountList = []
  @exclusivity(unchecked) var viewportWidth = 0.0
  var diagnostics = Diagnostics(handler: nil)
  @exclusivity(unchecked) var inset = EdgeInsets.zero
  @exclusivity(unchecked) var spacing = (column: 0.0, item: 0.0)
  /// Heights carried across a batch update (estimated mode), flat, `nan` for new items.
  var carriedHeights: [Double]?
  /// Scratch space for the query's merge of columns (no allocation once grown).
  @exclusivity(unchecked) var cursors: [(row: Int, end: Int)] = []
  /// The size of all sections.
  public private(set) var contentSize = Size.zero

  // MARK: Lifecycle

  /// Creates a waterfall layout.
  public init(
    columns: ColumnCount = .fixed(2), itemHeight: ItemHeight = .fixed(100),
    columnSpacing: Double = 0, itemSpacing: Double = 0, sectionInset: EdgeInsets = .zero,
    headerLength: ListLayout.SectionMetric = .none, footerLength: ListLayout.SectionMetric = .none,
    placement: PlacementOrder = .shortestFirst
  ) {
    self.columns = columns
    self.itemHeight = itemHeight
    self.columnSpacing = columnSpacing
    self.itemSpacing = itemSpacing
    self.sectionInset = sectionInset
    self.headerLength = headerLength
    self.footerLength = footerLength
    self.placement = placement
  }

  // MARK: Invalidation

  /// `true` when something must be laid out again.
  public var needsPrepare: Bool { invalidation != .none }

  /// Everything is laid out again at the next prepare.
  public func invalidateLayout() { invalidation = .from(0) }

  /// The sections from `indexPath.section` onward are laid out again.
  public func invalidateLayout(from indexPath: ItemPath) {
    let section = Swift.max(0, indexPath.section)
    switch invalidation {
    case .none: invalidation = .from(section)
    case .from(let existing): invalidation = .from(Swift.min(existing, section))
    }
  }

  /// Carries measured heights (estimated mode) to the items' new places, then lays out again.
  ///
  /// An update that only appends (`ChangesetMapping/isAppendOnly`: "load more") keeps the
  /// layout: the next prepare places only the new items, asks the height provider only for
  /// them, and moves no item already placed, measured or not.
  ///
  /// - Complexity: O(S) for an append; O(n) otherwise.
  public func prepare(forCollectionViewUpdates mapping: ChangesetMapping) {
    if invalidation == .none, mapping.oldItemCounts == itemCounts, mapping.isAppendOnly {
      return
    }
    if case .estimated = itemHeight, invalidation == .none, mapping.oldItemCounts == itemCounts {
      var oldHeights: [Double] = []
      oldHeights.reserveCapacity(itemCounts.reduce(0, +))
      for section in sections {
        for item in 0..<section.itemCount {
          let column = Int(section.itemColumn[item])
          oldHeights.append(section.columns[column].extents.length(Int(section.itemRow[item])))
        }
      }
      carriedHeights = mapping.oldFlatIndices().map { $0 >= 0 ? oldHeights[$0] : .nan }
    }
    invalidateLayout()
  }

  /// `true` with estimated heights.
  public var wantsSelfSizing: Bool {
    if case .estimated = itemHeight { return true }
    return false
  }

  // MARK: Prepare

  /// Places the items.
  ///
  /// - Complexity: O(n · c) for a full layout with c columns (shortest-first), O(n) in the
  ///   other orders; O(k · c) when only k items were appended at the end; O(S) when nothing
  ///   changed but the height of the viewport.
  public func prepare(_ context: LayoutContext) {
    diagnostics = context.diagnostics
    let width = context.viewportSize.width.sanitizedLength
    var first: Int
    switch invalidation {
    case .none: first = Int.max
    case .from(let section): first = section
    }
    if width != viewportWidth {
      viewportWidth = width
      first = 0
    }
    let counts = context.itemCounts
    var appendFrom: (section: Int, item: Int)?
    if counts != itemCounts {
      let common = Swift.min(counts.count, itemCounts.count)
      let changed = (0..<common).first { counts[$0] != itemCounts[$0] } ?? common
      // Growth of the last section only, and new sections after it: an append.
      if first == Int.max, changed == itemCounts.count - 1 || changed == itemCounts.count,
        changed < itemCounts.count ? counts[changed] > itemCounts[changed] : true,
        counts.count >= itemCounts.count, !sections.isEmpty || itemCounts.isEmpty
      {
        appendFrom = changed < itemCounts.count ? (changed, itemCounts[changed]) : nil
        first = changed < itemCounts.count ? changed + 1 : changed
      } else {
        first = Swift.min(first, changed)
      }
      itemCounts = counts
    }
    if first != Int.max || appendFrom != nil {
      if spanProvider != nil, case .estimated = itemHeight {
        diagnostics.report(
          .invalidConfiguration,
          "WaterfallLayout.spanProvider needs heights known when items are placed; with "
            + ".estimated heights every item takes one column")
      }
      inset = diagnostics.sanitizedInsets(sectionInset, "WaterfallLayout.sectionInset")
      spacing = (
        diagnostics.sanitizedMetric(columnSpacing, "WaterfallLayout.columnSpacing"),
        diagnostics.sanitizedMetric(itemSpacing, "WaterfallLayout.itemSpacing")
      )
      var sanitizer = LengthSanitizer(subject: "item height")
      if let appendFrom {
        appendItems(section: appendFrom.section, from: appendFrom.item, sanitizer: &sanitizer)
      }
      let start = Swift.min(first, itemCounts.count)
      sections.removeSubrange(Swift.min(start, sections.count)...)
      var flat = itemCounts[..<start].reduce(0, +)
      for section in start..<itemCounts.count {
        sections.append(layOutSection(section, flatStart: flat, sanitizer: &sanitizer))
        flat += itemCounts[section]
      }
      sanitizer.report(to: diagnostics)
      let firstLength = Swift.min(appendFrom?.section ?? start, start)
      updateSectionExtents(from: firstLength)
    }
    carriedHeights = nil
    invalidation = .none
    contentSize = Size(width: viewportWidth, height: sectionExtents.totalExtent)
    #if REUSEKIT_CHECKS
      _checkInvariants()
    #endif
  }

  // MARK: Geometry

  /// Where section `section`'s columns start.
  @inline(__always)
  func columnsTop(_ section: Int) -> Double {
    sectionExtents.start(section) + sections[section].header + inset.top
  }

  /// The frame of item `item` of `section`.
  @inline(__always)
  func itemFrame(section: Int, item: Int, top: Double) -> Rect {
    let laidOut = sections[section]
    let column = Int(laidOut.itemColumn[item])
    let row = Int(laidOut.itemRow[item])
    let extents = laidOut.columns[column].extents
    if !laidOut.spanCount.isEmpty, laidOut.spanCount[item] > 1 {
      let span = Double(laidOut.spanCount[item])
      return Rect(
        x: laidOut.geometry.x(of: Int(laidOut.spanFirst[item])), y: top + extents.start(row),
        width: span * laidOut.geometry.width + (span - 1) * spacing.column,
        height: extents.length(row))
    }
    return Rect(
      x: laidOut.geometry.x(of: column), y: top + extents.start(row),
      width: laidOut.geometry.width, height: extents.length(row))
  }

  func supplementaryFrame(_ kind: SupplementaryKind, section: Int) -> Rect? {
    let laidOut = sections[section]
    return sectionExtents.sectionSupplementaryFrame(
      kind, section: section, header: laidOut.header, footer: laidOut.footer, width: viewportWidth)
  }

  // MARK: Self-sizing

  /// Records an item's measured height (estimated mode). The item keeps its column; the items
  /// below it in that column move, and nothing else does.
  ///
  /// - Complexity: O(log n + c).
  public func setMeasuredSize(_ size: Size, forItemAt indexPath: ItemPath) -> Bool {
    guard case .estimated = itemHeight, invalidation == .none, contains(indexPath) else {
      return false
    }
    var sanitizer = LengthSanitizer(subject: "measured item height")
    let height = sanitizer.sanitize(size.height, at: indexPath)
    sanitizer.report(to: diagnostics)
    let section = indexPath.section
    let column = Int(sections[section].itemColumn[indexPath.item])
    let row = Int(sections[section].itemRow[indexPath.item])
    guard sections[section].columns[column].extents.length(row) != height else { return false }
    sections[section].columns[column].extents.setLength(height, at: row)
    sectionExtents.setLength(length(of: sections[section]), at: section)
    contentSize = Size(width: viewportWidth, height: sectionExtents.totalExtent)
    return true
  }

  /// Whether `indexPath` names a laid-out item.
  func contains(_ indexPath: ItemPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < sections.count && indexPath.item >= 0
      && indexPath.item < sections[indexPath.section].itemCount
  }

  /// The column an item was placed in (for tests and debugging).
  public func column(ofItemAt indexPath: ItemPath) -> Int? {
    guard contains(indexPath) else { return nil }
    return Int(sections[indexPath.section].itemColumn[indexPath.item])
  }

  /// The number of columns of `section`, as laid out.
  public func numberOfColumns(inSection section: Int) -> Int {
    section >= 0 && section < sections.count ? sections[section].geometry.count : 0
  }
}

extension WaterfallLayout {
  /// By frames: each arrow goes to the nearest item in its direction.
  public var focusNavigation: FocusNavigation { .spatial }
}
