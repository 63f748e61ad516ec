/// A single-column (or single-row) list with sections, headers, footers and three ways to size
/// items: the layout of a `UITableView`, for a collection view.
///
/// Each section is laid out along ``scrollDirection`` as: header, ``sectionInset`` leading edge,
/// items separated by ``itemSpacing``, ``sectionInset`` trailing edge, footer. Items span the
/// viewport across the scroll axis, less the section insets; headers and footers span it whole.
///
/// ```swift
/// let layout = ListLayout(itemSizing: .uniform(44))
/// layout.headerLength = .fixed(28)
/// layout.pinsHeaders = true
/// ```
///
/// ### Sizing modes
/// - ``ItemSizing/uniform(_:)``: O(1) arithmetic, no memory per item.
/// - ``ItemSizing/perItem(_:)``: lengths come from a closure once per prepare; prefix offsets
///   and binary search answer queries in O(log n).
/// - ``ItemSizing/estimated(_:)``: items start at an estimate and are corrected as cells
///   measure themselves (``setMeasuredSize(_:forItemAt:)``); a Fenwick tree keeps every update
///   and every query O(log n), and the content size stays consistent.
///
/// Lengths that are NaN, infinite or negative are clamped to 0 (and lengths above
/// ``maximumElementLength`` to that maximum), with one diagnostic per pass.
public final class ListLayout: CollectionViewLayout {
  /// How items are sized along the scroll axis.
  public enum ItemSizing {
    /// Every item has the same length.
    case uniform(Double)
    /// Each item's length comes from the closure, asked once per item when the layout is
    /// prepared (and again for items invalidated with ``invalidateLayout(from:)``).
    case perItem((ItemPath) -> Double)
    /// Items start at the estimated length and take their measured length once their cell
    /// has been displayed and measured.
    case estimated(Double)
  }

  /// The length of a section's header or footer along the scroll axis.
  public enum SectionMetric {
    /// No view.
    case none
    /// The same length for every section; 0 means no view.
    case fixed(Double)
    /// A length per section; 0 means no view for that section.
    case perSection((Int) -> Double)
  }

  // MARK: Configuration

  /// The scrolling axis: items stack along it.
  @exclusivity(unchecked) public var scrollDirection: Axis { didSet { invalidateLayout() } }
  /// How items are sized.
  @exclusivity(unchecked) public var itemSizing: ItemSizing { didSet { invalidateLayout() } }
  /// The gap between consecutive items of a section (UIKit's `minimumLineSpacing`).
  public var itemSpacing: Double { didSet { invalidateLayout() } }
  /// Space around each section's items, inside its header and footer.
  public var sectionInset: EdgeInsets { didSet { invalidateLayout() } }
  /// Section header lengths.
  public var headerLength: SectionMetric { didSet { invalidateLayout() } }
  /// Section footer lengths.
  public var footerLength: SectionMetric { didSet { invalidateLayout() } }
  /// Whether the header of the section at the top of the viewport stays pinned there until
  /// the next header pushes it away (UIKit's `sectionHeadersPinToVisibleBounds`).
  @exclusivity(unchecked) public var pinsHeaders: Bool = false
  /// Whether the footer of the section at the bottom of the viewport stays pinned there until
  /// its section's start pushes it away (UIKit's `sectionFootersPinToVisibleBounds`).
  @exclusivity(unchecked) public var pinsFooters: Bool = false
  /// Rows that stick one under another at the leading edge while their descendants scroll (an
  /// outline's parents, as VS Code's sticky scroll shows them); `nil`, the default, for none.
  /// ``OutlineDataSource/stackedHeaders(maximumRows:maximumFraction:)`` makes one for an
  /// outline.
  @exclusivity(unchecked) public var stackedHeaders: StackedHeaders?
  /// The rows stuck for the last query's viewport, and scratch for their chains.
  @exclusivity(unchecked) var stuckRows: [StuckRow] = []
  @exclusivity(unchecked) var chainScratch: [ItemPath] = []

  // MARK: State

  /// What must be recomputed at the next prepare.
  enum Invalidation: Equatable {
    case none
    case from(ItemPath)
    case all
  }

  @exclusivity(unchecked) var invalidation: Invalidation = .all
  var diagnostics = Diagnostics(handler: nil)
  @exclusivity(unchecked) var viewportSize: Size = .zero
  @exclusivity(unchecked) var itemCounts: ItemCountList = []
  /// `sectionFirstItem[s]` is the flat index of section `s`'s first item; one extra entry holds
  /// the total.
  @exclusivity(unchecked) var sectionFirstItem = SectionStarts()
  /// Item lengths (flat across sections) and their offsets relative to each other.
  @exclusivity(unchecked) var items = ExtentIndex()
  /// Section lengths (header + insets + items + footer) and their offsets.
  @exclusivity(unchecked) var sections = ExtentIndex()
  @exclusivity(unchecked) var headerLengths = SectionLengths()
  @exclusivity(unchecked) var footerLengths = SectionLengths()
  /// Sanitised copies of the metrics, fixed at prepare.
  @exclusivity(unchecked) var spacing = 0.0
  @exclusivity(unchecked) var inset = EdgeInsets.zero
  var estimatedLength = 0.0
  /// Item lengths carried across a batch update (estimated mode): measured lengths follow
  /// their items; new items get `nan`, replaced by the estimate at the next prepare.
  var carriedLengths: [Double]?
  /// The size of all sections; across the scroll axis, the viewport's extent. (Unchecked, as
  /// the properties above: a reordering drag reads it every frame.)
  @exclusivity(unchecked) public private(set) var contentSize: Size = .zero

  // MARK: Lifecycle

  /// Creates a list layout.
  public init(
    scrollDirection: Axis = .vertical, itemSizing: ItemSizing = .uniform(44),
    itemSpacing: Double = 0,
    sectionInset: EdgeInsets = .zero, headerLength: SectionMetric = .none,
    footerLength: SectionMetric = .none
  ) {
    self.scrollDirection = scrollDirection
    self.itemSizing = itemSizing
    self.itemSpacing = itemSpacing
    self.sectionInset = sectionInset
    self.headerLength = headerLength
    self.footerLength = footerLength
  }

  // MARK: Invalidation

  /// `true` when something was invalidated since the last prepare.
  public var needsPrepare: Bool { invalidation != .none }

  /// Everything is recomputed at the next prepare.
  public func invalidateLayout() { invalidation = .all }

  /// Items from `indexPath` onward (and their sections) are recomputed at the next prepare;
  /// earlier items keep their lengths, including measured ones.
  public func invalidateLayout(from indexPath: ItemPath) {
    switch invalidation {
    case .all: break
    case .none: invalidation = .from(indexPath)
    case .from(let existing): invalidation = .from(min(existing, indexPath))
    }
  }

  /// `true` in estimated mode.
  public var wantsSelfSizing: Bool {
    if case .estimated = itemSizing { return true }
    return false
  }

  // MARK: Prepare

  /// Computes item and section offsets for `context`.
  ///
  /// - Complexity: O(S) in uniform mode; O(n) for a full prepare in per-item and estimated
  ///   modes; O(n − i) after ``invalidateLayout(from:)`` at flat index i in per-item mode. A
  ///   viewport change alone costs O(1).
  public func prepare(_ context: LayoutContext) {
    diagnostics = context.diagnostics
    viewportSize = context.viewportSize
    var firstChanged = Int.max  // first section whose items must be recomputed
    if context.itemCounts != itemCounts {
      let common = min(context.itemCounts.count, itemCounts.count)
      firstChanged = (0..<common).first { context.itemCounts[$0] != itemCounts[$0] } ?? common
      itemCounts = context.itemCounts
      sectionFirstItem = SectionStarts(counts: itemCounts)
    }
    switch invalidation {
    case .all:
      rebuild(fromFlatItem: 0, section: 0)
    case .from(let path):
      let section = min(max(0, path.section), firstChanged, itemCounts.count)
      let item = section == path.section ? max(0, path.item) : 0
      let flat =
        section < itemCounts.count
        ? sectionFirstItem[section] + min(item, itemCounts[section])
        : sectionFirstItem[itemCounts.count]
      rebuild(fromFlatItem: flat, section: section)
    case .none:
      if firstChanged != Int.max {
        let section = min(firstChanged, itemCounts.count)
        rebuild(fromFlatItem: sectionFirstItem[section], section: section)
      }
    }
    invalidation = .none
    carriedLengths = nil
    updateContentSize()
    #if REUSEKIT_CHECKS
      _checkInvariants()
    #endif
  }

  /// Recomputes item lengths from flat index `flat`, and sections from `section` (the section
  /// containing `flat`, or the first whose count changed).
  private func rebuild(fromFlatItem flat: Int, section firstSection: Int) {
    let mode = itemMode
    let fullRebuild = flat == 0 || items.mode != mode || mode == .uniform
    let startFlat = fullRebuild ? 0 : flat
    let startSection = fullRebuild ? 0 : firstSection
    spacing = diagnostics.sanitizedMetric(itemSpacing, "ListLayout.itemSpacing")
    inset = diagnostics.sanitizedInsets(sectionInset, "ListLayout.sectionInset")
    let total = sectionFirstItem[itemCounts.count]

    var sanitizer = LengthSanitizer(subject: "item length")
    switch itemSizing {
    case .uniform(let length):
      let clean = sanitizer.sanitize(length, at: ItemPath(section: 0, item: 0))
      items = .uniform(count: total, length: clean, spacing: spacing)
    case .estimated(let estimate):
      estimatedLength = sanitizer.sanitize(estimate, at: ItemPath(section: 0, item: 0))
      if let carried = carriedLengths, fullRebuild, carried.count == total {
        var lengths = carried
        for index in lengths.indices where lengths[index].isNaN { lengths[index] = estimatedLength }
        items = ExtentIndex(
          lengths: lengths, spacing: spacing, mode: .fenwick, typicalLength: estimatedLength)
      } else if fullRebuild {
        // Nothing measured yet: no memory per item until cells measure themselves.
        items = .estimated(count: total, length: estimatedLength, spacing: spacing)
      } else {
        items.replaceLengths(
          from: startFlat,
          with: [Double](repeating: estimatedLength, count: total - startFlat))
      }
    case .perItem(let lengthOf):
      var lengths = [Double]()
      lengths.reserveCapacity(total - startFlat)
      var section = sectionOfFlatItem(startFlat)
      var item = startFlat - (section < itemCounts.count ? sectionFirstItem[section] : total)
      while section < itemCounts.count {
        let count = itemCounts[section]
        while item < count {
          let path = ItemPath(section: section, item: item)
          lengths.append(sanitizer.sanitize(lengthOf(path), at: path))
          item += 1
        }
        section += 1
        item = 0
      }
      if fullRebuild {
        items = ExtentIndex(lengths: lengths, spacing: spacing, mode: .prefix)
      } else {
        items.replaceLengths(from: startFlat, with: lengths)
      }
    }
    sanitizer.report(to: diagnostics)
    rebuildSections(from: fullRebuild ? 0 : min(startSection, sectionOfFlatItem(startFlat)))
  }

  /// Recomputes header, footer and section lengths from `first` onward.
  private func rebuildSections(from first: Int) {
    let sectionCount = itemCounts.count
    if first == 0 && rebuildUniformSections(sectionCount) { return }
    headerLengths.removeSubrange(min(first, headerLengths.count)...)
    footerLengths.removeSubrange(min(first, footerLengths.count)...)
    var headerSanitizer = LengthSanitizer(subject: "header length")
    var footerSanitizer = LengthSanitizer(subject: "footer length")
    var lengths = [Double]()
    lengths.reserveCapacity(sectionCount - first)
    for section in first..<max(first, sectionCount) {
      let path = ItemPath(section: section, item: 0)
      let header = headerSanitizer.sanitize(headerLength.length(for: section), at: path)
      let footer = footerSanitizer.sanitize(footerLength.length(for: section), at: path)
      headerLengths.append(header)
      footerLengths.append(footer)
      lengths.append(sectionLength(section, header: header, footer: footer))
    }
    headerSanitizer.report(to: diagnostics)
    footerSanitizer.report(to: diagnostics)
    let mode: ExtentIndex.Mode = itemMode == .fenwick ? .fenwick : .prefix
    // Sections all of one length (equal counts of uniform items, one header and footer
    // length: a generated list) are arithmetic: no memory per section.
    let earlier =
      first == 0 ? lengths.first : (sections.mode == .uniform ? sections.length(0) : nil)
    if mode == .prefix, let common = earlier, lengths.allSatisfy({ $0 == common }) {
      sections = .uniform(count: sectionCount, length: common, spacing: 0)
    } else if first == 0 || sections.mode != mode {
      let all = (0..<first).map { sections.length($0) } + lengths
      sections = ExtentIndex(lengths: all, spacing: 0, mode: mode)
    } else {
      sections.replaceLengths(from: first, with: lengths)
    }
  }

  /// A generated list: uniform items, every section holding as many, one valid header and
  /// footer length for all. One section's length serves every section, so a list of 200,000
  /// sections prepares in O(1) instead of asking each; `false` (nothing changed) otherwise.
  private func rebuildUniformSections(_ sectionCount: Int) -> Bool {
    guard itemMode == .uniform, sectionCount > 0, sectionFirstItem.isUniform,
      let header = headerLength.sharedLength, let footer = footerLength.sharedLength,
      header >= 0 && header <= maximumElementLength, footer >= 0 && footer <= maximumElementLength
    else { return false }
    headerLengths.fill(header, count: sectionCount)
    footerLengths.fill(footer, count: sectionCount)
    sections = .uniform(
      count: sectionCount, length: sectionLength(0, header: header, footer: footer), spacing: 0)
    return true
  }

  /// The storage mode the current sizing needs.
  private var itemMode: ExtentIndex.Mode {
    switch itemSizing {
    case .uniform: return .uniform
    case .perItem: return .prefix
    case .estimated: return .fenwick
    }
  }

  /// Header + leading inset + items + trailing inset + footer.
  func sectionLength(_ section: Int, header: Double, footer: Double) -> Double {
    let range = sectionFirstItem[section]..<sectionFirstItem[section + 1]
    return header + inset.leading(scrollDirection) + items.extent(of: range)
      + inset.trailing(scrollDirection) + footer
  }

  func updateContentSize() {
    var size = Size.zero
    size[scrollDirection] = sections.totalExtent
    size[scrollDirection.cross] = viewportSize[scrollDirection.cross].sanitizedLength
    contentSize = size
  }

  /// The section that contains flat item `flat`; for `flat == total`, the section count.
  func sectionOfFlatItem(_ flat: Int) -> Int {
    // Largest s with sectionFirstItem[s] <= flat among non-empty prefixes.
    var low = 0
    var high = itemCounts.count
    if flat >= sectionFirstItem[high] { return high }
    while low < high {
      let mid = (low + high + 1) / 2
      if sectionFirstItem[mid] <= flat { low = mid } else { high = mid - 1 }
    }
    // Skip empty sections that start at the same flat index.
    while low < itemCounts.count && itemCounts[low] == 0 { low += 1 }
    return low
  }

  // MARK: Self-sizing

  /// Records an item's measured length (its extent along the scroll axis); the cross extent
  /// is ignored. Only estimated sizing uses measurements.
  ///
  /// - Complexity: O(log n).
  public func setMeasuredSize(_ size: Size, forItemAt indexPath: ItemPath) -> Bool {
    guard case .estimated = itemSizing, invalidation == .none, contains(indexPath) else {
      return false
    }
    var sanitizer = LengthSanitizer(subject: "measured item length")
    let length = sanitizer.sanitize(size[scrollDirection], at: indexPath)
    sanitizer.report(to: diagnostics)
    let flat = sectionFirstItem[indexPath.section] + indexPath.item
    let delta = length - items.length(flat)
    guard delta != 0 else { return false }
    items.setLength(length, at: flat)
    sections.setLength(sections.length(indexPath.section) + delta, at: indexPath.section)
    updateContentSize()
    #if REUSEKIT_CHECKS
      _checkInvariants()
    #endif
    return true
  }

  /// The header and footer lengths of `section` that pin to the viewport's edges.
  public func pinnedLengths(inSection section: Int) -> PinnedLengths {
    guard invalidation == .none, section >= 0, section < itemCounts.count else { return .none }
    // Rows stuck by ``stackedHeaders`` are not counted: they change with the offset, and the
    // engine asks for them where the content lands (`stuckItems(forViewport:)`).
    return PinnedLengths(
      leading: pinsHeaders ? headerLengths[section] : 0,
      trailing: pinsFooters ? footerLengths[section] : 0)
  }

  /// `true` when `indexPath` names an item of the prepared data.
  func contains(_ indexPath: ItemPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < itemCounts.count && indexPath.item >= 0
      && indexPath.item < itemCounts[indexPath.section]
  }
}

extension ListLayout.SectionMetric {
  func length(for section: Int) -> Double {
    switch self {
    case .none: return 0
    case .fixed(let length): return length
    case .perSection(let lengthOf): return lengthOf(section)
    }
  }

  /// The length every section has, or `nil` for a length per section.
  var sharedLength: Double? {
    switch self {
    case .none: return 0
    case .fixed(let length): return length
    case .perSection: return nil
    }
  }
}
