import ReuseKit

/// A horizontal strip of selectable columns of variable widths (category tabs), on a
/// collection view: only the columns on screen have cells, so 100,000 columns cost what 10 do.
///
/// ```swift
/// let bar = OptionBar(viewportSize: Size(width: 80, height: 1))
/// bar.register(TabCell.self, forCellWithReuseIdentifier: "tab")
/// bar.dataSource = categories
/// bar.delegate = categories           // widths, selection
/// bar.select(3, animated: true)       // scrolls column 3 to the centre
/// ```
///
/// A column's x position is the sum of the widths before it, and finding the visible columns
/// is O(log n). Zero columns work; the content size follows a reload; ``deselect(animated:)``
/// sets ``selectedIndex`` to `nil`. The selected look survives reuse: cells get `isSelected`
/// when they show.
public final class OptionBar: CellHostingControl {
  /// The collection view showing the strip.
  public let collectionView: CollectionView
  /// Supplies the columns. Setting it reloads. Held weakly.
  @exclusivity(unchecked) public weak var dataSource: (any OptionBarDataSource)? {
    didSet { reloadData() }
  }
  /// Hears about columns and selection; gives widths. Setting it reloads. Held weakly.
  @exclusivity(unchecked) public weak var delegate: (any OptionBarDelegate)? {
    didSet { reloadData() }
  }
  /// The width of every column when the delegate gives none. Default 80.
  public var columnWidth: Double = 80 {
    didSet { reloadData() }
  }
  /// A width to assume for columns not yet shown, or `nil` (the default) to ask the delegate
  /// for every width at each reload.
  ///
  /// With an estimate, a reload costs O(n / 256) instead of O(n), whatever the count (ten
  /// million columns reload in well under a millisecond): the delegate is asked for a
  /// column's width only when the column first shows, and the true width replaces the
  /// estimate in O(log n), the columns after it moving along. Selecting a column far away
  /// still centres it exactly. Non-positive or non-finite values are reported and ignored.
  public var estimatedColumnWidth: Double? {
    didSet {
      if !collectionView.diagnostics.isValidOptionalMetric(
        estimatedColumnWidth, "estimatedColumnWidth", instead: "asking for every width")
      {
        estimatedColumnWidth = nil
        return
      }
      if estimatedColumnWidth != oldValue { reloadData() }
    }
  }
  /// The selected column, or `nil`.
  public internal(set) var selectedIndex: Int?
  /// Whether sliding the strip selects the column that settles in the centre. Off by
  /// default; on, the strip also snaps columns to the centre.
  public var selectsCenteredColumnOnSlide = false {
    didSet {
      collectionView.snapping =
        selectsCenteredColumnOnSlide ? ScrollSnapping(alignment: .center) : nil
    }
  }
  /// The indicator's height, drawn under the selected column. 0 hides it.
  public var indicatorHeight: Double = 0.25

  var columnCount = 0
  var widths: [Double] = []
  /// Whether the user slid the strip and it has not yet come to rest (with
  /// ``selectsCenteredColumnOnSlide``, its resting column is then selected). Code that moves
  /// the strip (a selection, a tap) ends the slide.
  var isSliding = false

  /// A strip of `viewportSize`.
  public init(viewportSize: Size = .zero) {
    collectionView = CollectionView(
      layout: ListLayout(scrollDirection: .horizontal, itemSizing: .uniform(80)),
      viewportSize: viewportSize)
    collectionView.alwaysBounceHorizontal = true
    collectionView.accessibilityRole = .tabList
    connect(plumbing)
  }

  // MARK: Cells

  /// A cell for the column, from the pool or new, without a cast at the call site.
  public func dequeueReusableCell<Cell: CollectionViewCell>(
    _ type: Cell.Type, withReuseIdentifier identifier: String, forColumnAt index: Int
  ) -> Cell { dequeueCell(type, identifier, index) }

  // MARK: Reload

  /// Reads the column count and widths again (the content size follows), keeping the
  /// selection if its column still exists.
  ///
  /// - Complexity: O(n) for the widths; O(n / 256) with ``estimatedColumnWidth``, where the
  ///   widths are asked for as columns show.
  public func reloadData() {
    delegate?.optionBarWillReload(self)
    columnCount = max(0, dataSource?.numberOfColumns(in: self) ?? 0)
    let layout = collectionView.collectionViewLayout as! ListLayout
    if delegate != nil, let estimate = estimatedColumnWidth {
      widths = []
      layout.itemSizing = .estimated(estimate)
    } else if let delegate {
      var sanitizer = LengthSanitizer(subject: "option bar column width")
      widths = (0..<columnCount).map {
        sanitizer.sanitize(
          delegate.optionBar(self, widthForColumnAt: $0), at: ItemPath(section: 0, item: $0))
      }
      sanitizer.report(to: collectionView.diagnostics)
      let widths = self.widths
      layout.itemSizing = .perItem { widths[$0.item] }
    } else {
      widths = []
      layout.itemSizing = .uniform(columnWidth)
    }
    if let selected = selectedIndex, selected >= columnCount { selectedIndex = nil }
    collectionView.reloadData()
    if let selectedIndex {
      collectionView.selectItem(at: ItemPath(section: 0, item: selectedIndex))
    }
    collectionView.layoutIfNeeded()
    delegate?.optionBarDidReload(self)
  }

  /// The number of columns, as last read.
  public var numberOfColumns: Int { columnCount }

  // MARK: Selection

  /// Selects `index` (`nil` deselects) and scrolls it to the centre, clamped at the ends of
  /// the content, even from off screen. Out-of-range indexes are ignored with a diagnostic.
  public func select(_ index: Int?, animated: Bool) {
    guard let index else {
      deselect(animated: animated)
      return
    }
    guard index >= 0 && index < columnCount else {
      collectionView.diagnostics.report(
        .indexPathOutOfRange, "OptionBar.select(\(index)): there are \(columnCount) columns")
      return
    }
    setSelection(index, origin: .programmatic)
    scrollToCenter(index, animated: animated)
  }

  /// Deselects: ``selectedIndex`` becomes `nil`.
  public func deselect(animated: Bool = false) {
    setSelection(nil, origin: .programmatic)
  }

  /// Scrolls `index` to the centre, clamped at the ends of the content.
  public func scrollToCenter(_ index: Int, animated: Bool) {
    guard index >= 0 && index < columnCount else { return }
    isSliding = false
    collectionView.scrollToItem(
      at: ItemPath(section: 0, item: index), at: .center, animated: animated)
  }

  func setSelection(_ index: Int?, origin: SelectionOrigin) {
    if origin != .slide { isSliding = false }
    guard index != selectedIndex else { return }
    if let old = selectedIndex {
      selectedIndex = nil
      collectionView.deselectItem(at: ItemPath(section: 0, item: old))
      delegate?.optionBar(self, didDeselectColumnAt: old, origin: origin)
    }
    selectedIndex = index
    if let index {
      collectionView.selectItem(at: ItemPath(section: 0, item: index))
      delegate?.optionBar(self, didSelectColumnAt: index, origin: origin)
    }
  }

  /// The frame of a column, in content coordinates.
  public func frameForColumn(at index: Int) -> Rect? {
    collectionView.frameForItem(at: ItemPath(section: 0, item: index))
  }

  /// Where the indicator goes: under the selected column, in content coordinates (it moves
  /// with the strip), or `nil` with no selection or a zero height.
  public var indicatorFrame: Rect? {
    guard let selectedIndex, indicatorHeight > 0, let frame = frameForColumn(at: selectedIndex)
    else { return nil }
    let height = min(indicatorHeight, frame.height)
    return Rect(x: frame.minX, y: frame.maxY - height, width: frame.width, height: height)
  }

  /// The collection view's data source and delegate, kept out of the bar's public face. The
  /// collection view holds it weakly, the bar strongly.
  lazy var plumbing = ControlPlumbing(self)
  @exclusivity(unchecked) var didReportMissingDataSource = false
  var laidOutViewport = Size.zero
  var selectionWasCentred = false
}
