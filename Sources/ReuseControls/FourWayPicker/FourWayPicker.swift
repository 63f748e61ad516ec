import ReuseKit

/// Picks two things at once, in four directions: the vertical axis picks a row
/// (a size, say), the horizontal axis an item in it (a colour). All rows share one column
/// index: a horizontal swipe in the centred row moves it, rows on screen realign to it, and
/// rows that scroll into view arrive aligned.
///
/// ```swift
/// let picker = FourWayPicker(
///   rows: sizes.map { size in colours.map { Swatch(size: size, colour: $0) } },
///   cell: SwatchCell.self,                              // any ConfigurableCell of Swatch
///   itemSize: .perRow { Size(width: widths[$0], height: heights[$0]) },
///   viewportSize: Size(width: 375, height: 667))
///   .didScroll { swatch in print("centred", swatch) }   // once per change, after a snap
///   .didSelect { swatch in print("tapped", swatch) }
/// // input: picker.beginDrag / moveDrag / endDrag / tap; each frame: picker.tick(now:)
/// ```
///
/// - **Snapping with sensitivity**: a release moves exactly one step in the drag's direction
///   when the drag travelled more than ``effectiveSlidingDistance`` (30 points by default),
///   and otherwise returns. Every release snaps, even one with no velocity. Multi-step flings
///   only with ``allowsMultiStepFlings``.
/// - **Axis lock**: a drag moves one axis only, the one it began along; the vertical container
///   and the centred row's horizontal view agree through a `NestedScrollCoordinator`: the
///   first to claim a drag owns it.
/// - **Ragged rows**: rows may have different counts; the shared index clamps per row. Empty
///   data, empty rows and single items work.
/// - **Reuse**: one pool for every row's items, so the cells created stay bounded by the
///   cells visible plus a constant, whatever the number of rows and columns.
public final class FourWayPicker<Model> {
  /// The vertical container: one item per row.
  public let collectionView: CollectionView
  /// The pool every row's item cells come from.
  public let itemPool = ReusePool()
  /// The rows of models.
  public internal(set) var rows: [[Model]] {
    didSet { rowCounts = rows.map(\.count) }
  }
  /// Each row's count, kept beside the models: the per-frame paths read these plain integers,
  /// never the generic rows (unspecialised generic code looks up type metadata per access).
  @exclusivity(unchecked) var rowCounts: [Int]
  /// The items' size, fixed or per row.
  public var itemSize: PickerItemSize { didSet { reloadData() } }
  /// How far a drag must travel before its release moves to the next item. Default 30 points;
  /// negative or non-finite values are reported and treated as 0.
  public var effectiveSlidingDistance: Double = 30 {
    didSet {
      if !(effectiveSlidingDistance >= 0 && effectiveSlidingDistance.isFinite) {
        collectionView.diagnostics.report(
          .invalidMetric,
          "effectiveSlidingDistance \(effectiveSlidingDistance) is invalid; using 0")
        effectiveSlidingDistance = 0
      }
      applySnapping()
    }
  }
  /// Whether a fast flick may move several items (to where it would coast); off by default,
  /// so every release moves one step at most.
  public var allowsMultiStepFlings = false { didSet { applySnapping() } }
  /// The row centred, after the last snap.
  public internal(set) var currentRow: Int
  /// The shared column index: every row shows this column, clamped to its own count.
  public internal(set) var currentColumn: Int

  let cellRegistration: (CollectionView) -> Void
  let configure: (CollectionViewCell, FourWayPicker<Model>, Int, Int) -> Void
  let cellIdentifier: String
  var didScrollHandler: ((Model) -> Void)?
  var didSelectHandler: ((Model) -> Void)?
  var lastReported: (row: Int, column: Int)?
  /// The row the container rests on or was last sent to (a step, a release's snap): across a
  /// resize, this row is centred again.
  var restingRow = 0
  var coordinator: NestedScrollCoordinator?
  /// The press down now, told from a drag by the core's rule.
  var press = PressTracker(slop: 3)
  var plumbing: ControlPlumbing<FourWayPicker>?
  var containerCoordinator: NestedScrollCoordinator?
  var rowSnapping = ScrollSnapping()
  /// Every row cell made (a handful: the rows on screen plus the container's pool).
  var rowCells: [PickerRowCell] = []
  /// Set while rows are re-bound after a resize: rows that stop moving then must not settle
  /// the picker from half-updated geometry.
  var isRelayingOut = false
  var boundViewport = Size.zero

  /// A picker over `rows`, showing each model with a `Cell` (any cell configurable with a
  /// `Model`), starting at `initialRow` and `initialColumn` (clamped).
  ///
  /// Inlinable so that the closure configuring cells is specialised for your `Model` and
  /// `Cell`: unspecialised generic code would look up type metadata and allocate a temporary
  /// for each model it copies.
  @inlinable
  public convenience init<Cell: ConfigurableCell>(
    rows: [[Model]], cell: Cell.Type, itemSize: PickerItemSize,
    initialRow: Int = 0, initialColumn: Int = 0, viewportSize: Size = .zero
  ) where Cell.Item == Model {
    self.init(
      rows: rows, cellIdentifier: Cell.reuseIdentifier, register: { $0.register(Cell.self) },
      configure: { cell, picker, row, column in
        (cell as! Cell).configure(
          with: picker.rows[row][column], at: ItemPath(section: row, item: column))
      },
      itemSize: itemSize, initialRow: initialRow, initialColumn: initialColumn,
      viewportSize: viewportSize)
  }

  @usableFromInline
  init(
    rows: [[Model]], cellIdentifier: String, register: @escaping (CollectionView) -> Void,
    configure: @escaping (CollectionViewCell, FourWayPicker<Model>, Int, Int) -> Void,
    itemSize: PickerItemSize, initialRow: Int, initialColumn: Int, viewportSize: Size
  ) {
    self.rows = rows
    rowCounts = rows.map(\.count)
    self.itemSize = itemSize
    currentRow = max(0, initialRow)
    currentColumn = max(0, initialColumn)
    self.cellIdentifier = cellIdentifier
    cellRegistration = register
    self.configure = configure
    collectionView = CollectionView(
      layout: ListLayout(scrollDirection: .vertical, itemSizing: .uniform(1)),
      viewportSize: viewportSize)
    collectionView.alwaysBounceVertical = true
    let plumbing = ControlPlumbing(self)
    self.plumbing = plumbing
    (collectionView.collectionViewLayout as! ListLayout).itemSizing = .perItem {
      [weak self] path in self?.rowHeight(path.item) ?? 1
    }
    collectionView.register(forCellWithReuseIdentifier: Self.rowIdentifier) {
      [weak self] in self?.makeRowCell() ?? PickerRowCell()
    }
    connect(plumbing)
    // One grid to assistive technology: the rows are its rows, each row's items its columns;
    // increment and decrement move the shared column.
    collectionView.accessibilityRole = .grid
    collectionView.accessibilityItemRole = .row
    collectionView.accessibilityAdjustment = { [weak self] step in
      guard let self else { return false }
      let before = targetColumn
      self.step(step > 0 ? .right : .left)
      return targetColumn != before
    }
    applySnapping()
    reloadData()
  }

  deinit {
    // A row's router holds the container, which holds the row: break the cycle.
    for cell in rowCells { cell.coordinator = nil }
  }

  static var rowIdentifier: String { "ReuseKit.FourWayPicker.row" }

  // MARK: Events

  /// Hears when the centred model changes and when a model is tapped. Held weakly.
  @exclusivity(unchecked) public weak var delegate: (any FourWayPickerDelegate<Model>)?

  /// Calls `handler` with the centred model each time it changes after a snap.
  @available(
    *, deprecated, message: "Set `delegate` (a FourWayPickerDelegate), as every control does"
  )
  @discardableResult
  public func didScroll(_ handler: @escaping (Model) -> Void) -> Self {
    didScrollHandler = handler
    return self
  }

  /// Calls `handler` with the model tapped.
  @available(
    *, deprecated, message: "Set `delegate` (a FourWayPickerDelegate), as every control does"
  )
  @discardableResult
  public func didSelect(_ handler: @escaping (Model) -> Void) -> Self {
    didSelectHandler = handler
    return self
  }

  // MARK: Data

  /// The centred model, or `nil` when the current row is empty (or there are no rows).
  public var currentModel: Model? {
    guard currentRow < rowCounts.count, let column = column(forRow: currentRow) else { return nil }
    return rows[currentRow][column]
  }

  /// The model the picker is heading to (``targetRow``, ``targetColumn``): the centred one
  /// when it is still. What a key acts on, so that Enter pressed while a step still animates
  /// chooses where the step goes, not the swatch it leaves.
  public var targetModel: Model? {
    let row = targetRow
    guard row < rowCounts.count, rowCounts[row] > 0 else { return nil }
    return rows[row][targetColumn]
  }

  /// The column row `row` shows: the shared index clamped to its count, or `nil` when empty.
  public func column(forRow row: Int) -> Int? {
    guard row >= 0, row < rowCounts.count, rowCounts[row] > 0 else { return nil }
    return min(currentColumn, rowCounts[row] - 1)
  }

  /// Replaces the rows. The current row and column are kept where they still exist (clamped
  /// otherwise); the pools are kept.
  public func setRows(_ rows: [[Model]]) {
    self.rows = rows
    reloadData()
  }

  /// Reads the rows and sizes again, keeping the current row and column (clamped).
  public func reloadData() {
    currentRow = rowCounts.isEmpty ? 0 : min(currentRow, rowCounts.count - 1)
    restingRow = currentRow
    collectionView.reloadData()
    boundViewport = .zero  // re-centre the current row at the next pass
    collectionView.layoutIfNeeded()
    layoutRows(animated: false)
  }

  // MARK: Moving

  /// Centres row `row` (clamped), animated or not. The centred model is reported when it
  /// settles.
  public func scrollToRow(_ row: Int, animated: Bool) {
    guard !rowCounts.isEmpty else { return }
    let target = min(max(0, row), rowCounts.count - 1)
    restingRow = target
    collectionView.scrollToItem(
      at: ItemPath(section: 0, item: target), at: .center, animated: animated)
    if !animated {
      collectionView.layoutIfNeeded()
      settle()
    }
  }

  /// Moves the shared column to `column` (clamped to the row being centred), animated or not:
  /// every row on screen slides to it at once. The centred model is reported when it settles.
  public func scrollToColumn(_ column: Int, animated: Bool) {
    let row = targetRow
    guard row < rowCounts.count, rowCounts[row] > 0 else { return }
    currentColumn = min(max(0, column), rowCounts[row] - 1)
    layoutRows(animated: animated)
    if !animated { settle() }
  }

  /// The row the picker is heading to: where the container's running snap or animation comes
  /// to rest, or ``currentRow`` when it is still.
  public var targetRow: Int {
    guard !rowCounts.isEmpty else { return 0 }
    guard collectionView.isDecelerating || collectionView.isScrollAnimating,
      let stop = collectionView.nearestSnapStop(
        to: collectionView.restingContentOffset.y, axis: .vertical, alignment: .center)
    else { return currentRow }
    return min(max(0, stop.index), rowCounts.count - 1)
  }

  /// The column the picker is heading to: where the centred row's running snap or animation
  /// comes to rest, or the shared column (clamped to the row) when it is still.
  public var targetColumn: Int {
    let row = targetRow
    guard row < rowCounts.count, rowCounts[row] > 0 else { return 0 }
    if let cell = rowCell(currentRow),
      cell.rowView.isDecelerating || cell.rowView.isScrollAnimating,
      let stop = cell.rowView.nearestSnapStop(
        to: cell.rowView.restingContentOffset.x, axis: .horizontal, alignment: .center)
    {
      return min(max(0, stop.index), rowCounts[row] - 1)
    }
    return min(currentColumn, rowCounts[row] - 1)
  }

  /// Moves one step from where the picker is heading (``targetRow``, ``targetColumn``): up and
  /// down change the row, left and right the column. Quick steps add up: n presses move n
  /// steps, clamped at the ends.
  ///
  /// A step while a touch drags the picker lets go of the touch first, as a lift with no
  /// velocity would, and the rest of that touch is ignored: the step wins. (The lift used to
  /// snap the picker back to where the touch had taken it, undoing the step: a new user's
  /// finding.)
  public func step(_ direction: PickerDirection, animated: Bool = true) {
    releasePress()
    switch direction {
    case .up: scrollToRow(targetRow - 1, animated: animated)
    case .down: scrollToRow(targetRow + 1, animated: animated)
    case .left: scrollToColumn(targetColumn - 1, animated: animated)
    case .right: scrollToColumn(targetColumn + 1, animated: animated)
    }
  }

  /// A press under way lets go, its drag ended where it is (a key moves the picker instead).
  func releasePress() {
    guard press.isPressed else { return }
    press.reset()
    endDrag(at: Point(x: .nan, y: .nan), time: .nan)
  }
}
