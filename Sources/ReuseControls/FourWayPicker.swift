import ReuseKit

/// The size of a picker's items: one for every row, or one per row (rows may differ, as in
/// seed 001's demo, where each size row has its own width and height).
public enum PickerItemSize {
  /// Every item has this size.
  case fixed(Size)
  /// The items of row `r` have the size the closure gives for `r`.
  case perRow((Int) -> Size)
}

/// One row of a ``FourWayPicker``: a cell holding the row's own horizontal collection view.
/// Rows are reused like any cell; their item cells come from one pool shared by every row.
public final class PickerRowCell: CollectionViewCell, NestedCollectionViewHosting {
  /// The row's horizontal collection view.
  public let rowView: CollectionView
  /// The row shown, or -1 while the cell is idle.
  public internal(set) var row = -1
  let rowLayout: ListLayout
  /// The row view's data source and delegate (held here: the view holds them weakly).
  var plumbing: AnyObject?
  /// The touch router for drags that start while this row is centred (made once).
  var coordinator: NestedScrollCoordinator?

  /// A row cell (the picker creates them).
  public required init() {
    rowLayout = ListLayout(scrollDirection: .horizontal, itemSizing: .uniform(1))
    rowView = CollectionView(layout: rowLayout)
    super.init()
  }

  /// The row's collection view.
  public var nestedCollectionView: CollectionView { rowView }
}

/// Picks two things at once, seed 001's four-direction picker: the vertical axis picks a row
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
///   and otherwise returns. Every release snaps, even one with no velocity (the seed snapped
///   only when deceleration began, so a still release stayed stuck). Multi-step flings only
///   with ``allowsMultiStepFlings``.
/// - **Axis lock**: a drag moves one axis only, the one it began along; the vertical container
///   and the centred row's horizontal view agree through a ``NestedScrollCoordinator``: the
///   first to claim a drag owns it.
/// - **Ragged rows**: rows may have different counts; the shared index clamps per row (the
///   seed crashed). Empty data, empty rows and single items work.
/// - **Reuse**: one pool for every row's items, so the cells created stay bounded by the
///   cells visible plus a constant, whatever the number of rows and columns.
public final class FourWayPicker<Model> {
  /// The vertical container: one item per row.
  public let collectionView: CollectionView
  /// The pool every row's item cells come from.
  public let itemPool = ReusePool()
  /// The rows of models.
  public private(set) var rows: [[Model]] {
    didSet { rowCounts = rows.map(\.count) }
  }
  /// Each row's count, kept beside the models: the per-frame paths read these plain integers,
  /// never the generic rows (unspecialised generic code looks up type metadata per access).
  @exclusivity(unchecked) private var rowCounts: [Int]
  /// The items' size, fixed or per row.
  public var itemSize: PickerItemSize { didSet { reloadData() } }
  /// How far a drag must travel before its release moves to the next item (seed 001's
  /// `effectiveSlidingDistance`). Default 30 points; negative or non-finite values are
  /// reported and treated as 0.
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
  public private(set) var currentRow: Int
  /// The shared column index: every row shows this column, clamped to its own count.
  public private(set) var currentColumn: Int

  private let cellRegistration: (CollectionView) -> Void
  private let configure: (CollectionViewCell, FourWayPicker<Model>, Int, Int) -> Void
  private let cellIdentifier: String
  private var didScrollHandler: ((Model) -> Void)?
  private var didSelectHandler: ((Model) -> Void)?
  private var lastReported: (row: Int, column: Int)?
  /// The row the container rests on or was last sent to (a step, a release's snap): across a
  /// resize, this row is centred again.
  private var restingRow = 0
  private var coordinator: NestedScrollCoordinator?
  private var plumbing: Plumbing?

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
    let plumbing = Plumbing(self)
    self.plumbing = plumbing
    (collectionView.collectionViewLayout as! ListLayout).itemSizing = .perItem {
      [unowned self] path in rowHeight(path.item)
    }
    collectionView.register(forCellWithReuseIdentifier: Self.rowIdentifier) {
      [unowned self] in makeRowCell()
    }
    collectionView.dataSource = plumbing
    collectionView.delegate = plumbing
    collectionView.addLayoutObserver(plumbing)
    applySnapping()
    reloadData()
  }

  deinit {
    // A row's router holds the container, which holds the row: break the cycle.
    for cell in rowCells { cell.coordinator = nil }
  }

  static var rowIdentifier: String { "ReuseKit.FourWayPicker.row" }

  // MARK: Callbacks (chainable, as in the seed)

  /// Calls `handler` with the centred model each time it changes after a snap (once per
  /// change). Returns the picker, to chain.
  @discardableResult
  public func didScroll(_ handler: @escaping (Model) -> Void) -> Self {
    didScrollHandler = handler
    return self
  }

  /// Calls `handler` with the model tapped. Returns the picker, to chain.
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
    if let cell = rowCell(currentRow), cell.rowView.isDecelerating || cell.rowView.isScrollAnimating,
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
  public func step(_ direction: PickerDirection, animated: Bool = true) {
    switch direction {
    case .up: scrollToRow(targetRow - 1, animated: animated)
    case .down: scrollToRow(targetRow + 1, animated: animated)
    case .left: scrollToColumn(targetColumn - 1, animated: animated)
    case .right: scrollToColumn(targetColumn + 1, animated: animated)
    }
  }

  // MARK: Input

  /// A touch went down at `point` (in the picker's viewport). The centred row and the
  /// container compete for it: the first the drag's direction suits claims it.
  public func beginDrag(at point: Point, time: Double) {
    // One router per row cell, made once: a gesture allocates nothing.
    let coordinator: NestedScrollCoordinator
    if let cell = rowCell(currentRow) {
      if cell.coordinator == nil {
        cell.coordinator = NestedScrollCoordinator([cell.rowView, collectionView])
      }
      coordinator = cell.coordinator!
    } else {
      if containerCoordinator == nil {
        containerCoordinator = NestedScrollCoordinator([collectionView])
      }
      coordinator = containerCoordinator!
    }
    self.coordinator = coordinator
    coordinator.beginDrag(at: point, time: time)
  }

  private var containerCoordinator: NestedScrollCoordinator?

  /// The touch moved.
  public func moveDrag(to point: Point, time: Double) {
    coordinator?.moveDrag(to: point, time: time)
  }

  /// The touch lifted: whatever it dragged snaps. A touch that caught a moving row or the
  /// container and lifted on its stop (or so near it that it lands at once) settles that part
  /// now: nothing moves, so no scroll callback would tell it. (Settling reads only the parts
  /// at rest: the others settle when their motion ends.)
  public func endDrag(at point: Point, time: Double) {
    coordinator?.endDrag(at: point, time: time)
    coordinator = nil
    settle()
  }

  /// A tap at `point` in the container's content coordinates: reports the model under it and,
  /// when it is not the centred one, moves there. Returns the (row, column) tapped.
  @discardableResult
  public func tap(at point: Point) -> (row: Int, column: Int)? {
    collectionView.layoutIfNeeded()
    guard let rowPath = collectionView.collectionViewLayout.indexPathForItem(at: point),
      let frame = collectionView.frameForItem(at: rowPath), let cell = rowCell(rowPath.item)
    else { return nil }
    let inner = cell.rowView
    let innerPoint = Point(
      x: point.x - frame.minX + inner.contentOffset.x,
      y: point.y - frame.minY + inner.contentOffset.y)
    guard let columnPath = inner.collectionViewLayout.indexPathForItem(at: innerPoint) else {
      return nil
    }
    let row = rowPath.item
    let column = columnPath.item
    didSelectHandler?(rows[row][column])
    if row != currentRow { scrollToRow(row, animated: true) }
    if column != self.column(forRow: row) {
      currentColumn = column
      layoutRows(animated: true)
    }
    return (row, column)
  }

  /// Advances every animation (the container's and the rows') to `now`; returns whether
  /// anything still moves.
  @discardableResult
  public func tick(now time: Double) -> Bool {
    collectionView.tick(now: time)
    // The row cells made (a handful), not the container's displayed set: a row that settles
    // can move the container and change what it displays.
    for cell in rowCells where cell.row >= 0 { cell.rowView.tick(now: time) }
    return isAnimating
  }

  /// Whether the container or a row moves.
  public var isAnimating: Bool {
    if collectionView.isAnimating { return true }
    for cell in rowCells where cell.row >= 0 && cell.rowView.isAnimating { return true }
    return false
  }

  /// The row cell showing `row`, if it is displayed.
  public func rowCell(_ row: Int) -> PickerRowCell? {
    collectionView.cellForItem(at: ItemPath(section: 0, item: row)) as? PickerRowCell
  }

  // MARK: Internals

  private func rowHeight(_ row: Int) -> Double { size(ofRow: row).height }

  /// A row's item size, sanitised: NaN, negative or infinite lengths become 1 (reported).
  func size(ofRow row: Int) -> Size {
    let raw: Size
    switch itemSize {
    case .fixed(let size): raw = size
    case .perRow(let provider): raw = provider(row)
    }
    func clean(_ value: Double, _ name: String) -> Double {
      if value > 0 && value.isFinite { return min(value, 1e9) }
      collectionView.diagnostics.report(
        .invalidMetric, "FourWayPicker: row \(row) has item \(name) \(value); using 1")
      return 1
    }
    return Size(width: clean(raw.width, "width"), height: clean(raw.height, "height"))
  }

  private func applySnapping() {
    let snapping = ScrollSnapping(
      alignment: .center, sensitivity: effectiveSlidingDistance,
      maximumItemsPerFling: allowsMultiStepFlings ? nil : 1)
    collectionView.snapping = snapping
    collectionView.forEachDisplayedView { view, _ in
      (view as? PickerRowCell)?.rowView.snapping = snapping
    }
    rowSnapping = snapping
  }

  private var rowSnapping = ScrollSnapping()
  /// Every row cell made (a handful: the rows on screen plus the container's pool).
  private var rowCells: [PickerRowCell] = []

  /// Item cells created over the picker's life, across every row: they share one pool, so
  /// this stays near the number visible at once, however many rows and columns there are.
  public var itemCellsCreated: Int {
    rowCells.reduce(0) { $0 + $1.rowView.reuseCounters.created }
  }

  private func makeRowCell() -> PickerRowCell {
    let cell = PickerRowCell()
    let rowView = cell.rowView
    rowView.reusePool = itemPool
    rowView.diagnostics = collectionView.diagnostics
    cellRegistration(rowView)
    rowView.alwaysBounceHorizontal = true
    rowCells.append(cell)
    let rowPlumbing = RowPlumbing(self, cell)
    cell.plumbing = rowPlumbing
    rowView.dataSource = rowPlumbing
    rowView.delegate = rowPlumbing
    return cell
  }

  /// Binds a row cell to `row`: its size, its item width, its insets (so the first and last
  /// items can be centred) and its offset at the shared column.
  fileprivate func bind(_ cell: PickerRowCell, to row: Int) {
    cell.row = row
    let size = size(ofRow: row)
    let width = collectionView.viewportSize.width
    let rowView = cell.rowView
    rowView.dragSlop = collectionView.dragSlop
    rowView.snapping = rowSnapping
    rowView.viewportSize = Size(width: width, height: size.height)
    if case .uniform(let current) = cell.rowLayout.itemSizing, current == size.width {
    } else {
      cell.rowLayout.itemSizing = .uniform(size.width)
    }
    let side = max(0, (width - size.width) / 2)
    if rowView.contentInset.left != side || rowView.contentInset.right != side {
      rowView.contentInset = EdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }
    // The same count as the row it showed last: no reload (the cells were given back when
    // it scrolled away, so the next pass asks for this row's).
    if rowView.numberOfSections != 1 || rowView.numberOfItems(inSection: 0) != rowCounts[row] {
      rowView.reloadData()
    }
    rowView.contentOffset = Point(x: offset(centring: column(forRow: row) ?? 0, in: cell), y: 0)
    rowView.layoutIfNeeded()
  }

  /// Unbinds a row cell that left the screen: its item cells go back to the shared pool.
  fileprivate func unbind(_ cell: PickerRowCell) {
    cell.rowView.stopMotion()
    cell.rowView.endDisplayingAll()
    cell.row = -1
  }

  private func offset(centring column: Int, in cell: PickerRowCell) -> Double {
    let itemWidth = size(ofRow: cell.row).width
    return Double(column) * itemWidth + itemWidth / 2 - cell.rowView.viewportSize.width / 2
  }

  /// Aligns every displayed row to the shared column.
  private func layoutRows(animated: Bool) {
    collectionView.layoutIfNeeded()
    collectionView.forEachDisplayedView { view, _ in
      guard let cell = view as? PickerRowCell, cell.row >= 0, !cell.rowView.isTracking,
        let column = column(forRow: cell.row)
      else { return }
      let target = Point(x: offset(centring: column, in: cell), y: 0)
      guard cell.rowView.contentOffset != target else { return }
      cell.rowView.setContentOffset(target, animated: animated)
      cell.rowView.layoutIfNeeded()
    }
  }

  /// After each container pass: keeps the insets that let the first and last rows reach the
  /// centre, centres the current row once the viewport has a size (and again when it
  /// changes), and re-binds the rows when the width changes.
  fileprivate func updateContainerInsets() {
    let viewport = collectionView.viewportSize
    var insets = EdgeInsets.zero
    if !rowCounts.isEmpty {
      insets.top = max(0, (viewport.height - rowHeight(0)) / 2)
      insets.bottom = max(0, (viewport.height - rowHeight(rowCounts.count - 1)) / 2)
    }
    if insets != collectionView.contentInset { collectionView.contentInset = insets }
  }

  /// After each container pass: keeps the insets that let the first and last rows reach the
  /// centre, centres the current row once the viewport has a size, and re-binds the rows when
  /// the width changes. (Across later resizes the container itself keeps the row it rested
  /// on, or was heading to, centred: its insets follow the size before its layout does.)
  fileprivate func containerDidLayout() {
    let viewport = collectionView.viewportSize
    guard viewport.width > 0, viewport.height > 0 else { return }
    updateContainerInsets()
    guard viewport != boundViewport else { return }
    let firstSize = boundViewport.width == 0 || boundViewport.height == 0
    let widthChanged = viewport.width != boundViewport.width
    boundViewport = viewport
    isRelayingOut = true
    if widthChanged {
      collectionView.forEachDisplayedView { view, _ in
        if let cell = view as? PickerRowCell, cell.row >= 0 { bind(cell, to: cell.row) }
      }
    }
    isRelayingOut = false
    guard !rowCounts.isEmpty, !collectionView.isTracking else { return }
    // The row it rests on, or was heading to, centred at the new size; the geometry of a size
    // too small to centre anything never decides which row that is.
    restingRow = min(max(0, firstSize ? currentRow : restingRow), rowCounts.count - 1)
    collectionView.stopMotion()
    collectionView.scrollToItem(
      at: ItemPath(section: 0, item: restingRow), at: .center, animated: false)
    collectionView.layoutIfNeeded()
    currentRow = restingRow
    if lastReported == nil, let column = column(forRow: currentRow) {
      lastReported = (currentRow, column)  // the initial position is not a change
    }
    reportCentredModelIfChanged()
  }

  /// Set while rows are re-bound after a resize: rows that stop moving then must not settle
  /// the picker from half-updated geometry.
  private var isRelayingOut = false

  private var boundViewport = Size.zero

  /// Something came to rest: the centred row and the current row's column become current,
  /// the other rows realign, and a change of the centred model is reported once.
  fileprivate func settle() {
    guard !isRelayingOut else { return }
    guard !rowCounts.isEmpty else {
      lastReported = nil
      return
    }
    if !collectionView.isTracking && !collectionView.isAnimating {
      let middle = collectionView.contentOffset.y + collectionView.viewportSize.height / 2
      let probe = Point(x: collectionView.viewportSize.width / 2, y: middle)
      if let path = collectionView.collectionViewLayout.indexPathForItem(at: probe) {
        currentRow = path.item
      } else if let stop = collectionView.nearestSnapStop(
        to: collectionView.contentOffset.y, axis: .vertical, alignment: .center)
      {
        currentRow = min(max(0, stop.index), rowCounts.count - 1)
      }
      restingRow = currentRow
    }
    if let cell = rowCell(currentRow), !cell.rowView.isTracking, !cell.rowView.isAnimating,
      rowCounts[currentRow] > 0
    {
      let rowView = cell.rowView
      let middle = rowView.contentOffset.x + rowView.viewportSize.width / 2
      let itemWidth = size(ofRow: currentRow).width
      let column = min(max(0, Int((middle / itemWidth).rounded(.down))), rowCounts[currentRow] - 1)
      if column != self.column(forRow: currentRow) {
        currentColumn = column
        layoutRows(animated: true)
      }
    }
    reportCentredModelIfChanged()
  }

  /// A drag of the container was released: the row its snap is heading to is the one a resize
  /// keeps.
  fileprivate func containerReleased() {
    guard !rowCounts.isEmpty,
      let stop = collectionView.nearestSnapStop(
        to: collectionView.restingContentOffset.y, axis: .vertical, alignment: .center)
    else { return }
    restingRow = min(max(0, stop.index), rowCounts.count - 1)
  }

  /// Reports the centred model once per change.
  private func reportCentredModelIfChanged() {
    guard let column = column(forRow: currentRow) else { return }
    if let last = lastReported, last.row == currentRow, last.column == column { return }
    lastReported = (currentRow, column)
    didScrollHandler?(rows[currentRow][column])
  }

  // MARK: Plumbing

  /// The container's data source, delegate and layout observer.
  private final class Plumbing: CollectionViewDataSource, CollectionViewDelegate,
    CollectionViewLayoutObserver
  {
    unowned let picker: FourWayPicker

    init(_ picker: FourWayPicker) { self.picker = picker }

    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    )
      -> Int
    {
      picker.rowCounts.count
    }

    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    )
      -> CollectionViewCell
    {
      collectionView.dequeueReusableCell(
        PickerRowCell.self, withReuseIdentifier: FourWayPicker.rowIdentifier, for: indexPath)
    }

    func collectionView(
      _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
      forItemAt indexPath: ItemPath
    ) {
      picker.bind(cell as! PickerRowCell, to: indexPath.item)
    }

    func collectionView(
      _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
      forItemAt indexPath: ItemPath
    ) {
      picker.unbind(cell as! PickerRowCell)
    }

    func collectionView(
      _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
    )
      -> Bool
    {
      false  // taps go through FourWayPicker.tap(at:)
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { picker.settle() }

    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { picker.settle() }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
      picker.containerReleased()
      if !decelerate { picker.settle() }
    }

    /// The insets follow the new size before the layout and the offset use it.
    func collectionView(
      _ collectionView: CollectionView, willPrepareLayoutForViewportSize viewportSize: Size
    ) {
      picker.updateContainerInsets()
    }

    func collectionViewDidLayout(_ collectionView: CollectionView) { picker.containerDidLayout() }
  }

  /// A row view's data source and delegate: the row's models, configured into the user's cell.
  private final class RowPlumbing: CollectionViewDataSource, CollectionViewDelegate {
    unowned let picker: FourWayPicker
    unowned(unsafe) let cell: PickerRowCell  // the cell owns this object

    init(_ picker: FourWayPicker, _ cell: PickerRowCell) {
      self.picker = picker
      self.cell = cell
    }

    private var row: Int? {
      let row = cell.row
      return row >= 0 && row < picker.rowCounts.count ? row : nil
    }

    func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    )
      -> Int
    {
      row.map { picker.rowCounts[$0] } ?? 0
    }

    func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    )
      -> CollectionViewCell
    {
      let cell = collectionView.dequeueReusableCell(
        withReuseIdentifier: picker.cellIdentifier, for: indexPath)
      if let row { picker.configure(cell, picker, row, indexPath.item) }
      return cell
    }

    func collectionView(
      _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
    )
      -> Bool
    {
      false  // taps go through FourWayPicker.tap(at:)
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { rowSettled() }

    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { rowSettled() }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
      if !decelerate { rowSettled() }
    }

    /// Only the centred row's settling moves the shared column; the others were realigning.
    private func rowSettled() {
      if cell.row == picker.currentRow { picker.settle() }
    }
  }
}

/// A step of a ``FourWayPicker``.
public enum PickerDirection: Hashable, Sendable {
  /// The row above.
  case up
  /// The row below.
  case down
  /// The previous column.
  case left
  /// The next column.
  case right
}
