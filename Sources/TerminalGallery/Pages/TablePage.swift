import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// The `table` page: a data grid (``TableView``) of a million generated rows by fifty
/// columns, or a CSV file streamed in (`--data FILE.csv`), with a frozen header row and first
/// column, a cell cursor, sorting, resizing, moving and hiding columns, and selection.
final class TablePage: OptionsPage, ModelPage, TimedPage {
  /// The page itself: the table, its content, keys and status (shared with other hosts).
  let model: TableModel
  let pane: CollectionViewPane
  var frame = CellRect.zero

  var unsavedWarning: String? { model.unsavedEditsWarning }
  func prepareToQuit() { model.prepareToQuit() }
  func saveFromAnotherPage() -> String { model.saveEditsFromAnotherPage() }
  func advanceWhileHidden() -> String? { model.advanceWhileHidden() }
  var runsWhileHidden: Bool { model.runsWhileHidden }
  /// The table's own selection (rows, cells or columns).
  var selectedItemCount: Int? { model.table.selectionCount }

  /// The model's status; without the table's shape (the heading shows it) when the whole
  /// would not fit the status line beside `? help`.
  var status: String {
    let full = model.status
    return CharacterWidth.of(full) + 18 > frame.width ? model.status(showsShape: false) : full
  }

  /// With no row shown, what left none (``TableModel/spokenWithNoRowShown``).
  var spokenWithoutFocus: String {
    model.table.numberOfDisplayedRows == 0 ? model.spokenWithNoRowShown : status
  }

  init(options: GalleryOptions) {
    model = TableModel(
      options: options, metrics: .terminal, viewportSize: Size(width: 80, height: 20))
    model.register(cell: TableTextCell.self, header: TableHeaderCell.self)
    pane = .themed(model.table.collectionView, showsScrollIndicator: true)
    model.start()
  }

  /// The saved place, and the cursor's column in view (the place keeps the rows' position
  /// alone).
  func restorePosition(_ position: GalleryPositions.Page) {
    restoreView(position)
    model.bringFocusedColumnIntoView()
  }

  var showsTiming: Bool {
    get { model.showsTiming }
    set { model.showsTiming = newValue }
  }

  func draw(into canvas: Canvas) {
    pane.emptyText = model.emptyText
    pane.emptyTextShowsUnderHeaders = true
    draw(heading: " \(model.shape) · \(model.modes) · s sorts, < > resize, { } move", into: canvas)
  }

  /// Rows arriving from a file, or a sort being made, keep the page awake.
  func tick(now: Double) {
    model.poll()
    pane.tick(now: now)
  }

  var isAnimating: Bool { pane.collectionView.isAnimating || model.isWorking }

  /// Rows loading, counts, sorts.
  var isWaitingForJob: Bool { model.isWorking }

  /// The focused cell. While the row count is an estimate (a file still read), its row is said
  /// "of about" it, as the status line says it: read as exact, the total differed at every key
  /// (a new user's finding).
  var accessibilityFocus: AccessibilityElement? {
    guard let view = restorableView, let focused = view.focusedIndexPath,
      var element = view.accessibilityElement(forItemAt: focused)
    else { return nil }
    guard model.content.isRowCountEstimated, let grid = element.gridPosition else { return element }
    element.gridPosition = nil
    element.value = [
      element.value ?? "", "row \(grid.row.formatted) of about \(grid.rowCount.formatted)",
      "column \(grid.column.formatted) of \(grid.columnCount.formatted)",
    ].filter { !$0.isEmpty }.joined(separator: ", ")
    return element
  }

  /// The page's keys, then the table's; F2 edits the cell, as `e` does (a spreadsheet's key
  /// for it did nothing: a new user's finding).
  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    if key.key == .function(2) && key.modifiers.isEmpty && !model.isTyping {
      return model.handle(KeyPress(.character("e")))
    }
    return key.keyPress.map(model.handle) ?? false
  }
}
