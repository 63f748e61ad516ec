import Foundation
import GalleryKit
import ReuseControls
import ReuseKit

/// A table cell and header for page models driven without a host: they keep what they were
/// given.
final class RecordingTableCell: CollectionViewCell, TableCellPresenting {
  var text: String?
  var isMatch = false
  var editing: TextFieldState?
  func present(text: String?, isNumeric: Bool, isMatch: Bool) {
    self.text = text
    self.isMatch = isMatch
  }
  func present(editing field: TextFieldState?) { editing = field }
  override func prepareForReuse() { editing = nil }
}

final class RecordingTableHeader: ReusableView, TableHeaderPresenting {
  func present(title: String, sortedAscending: Bool?, isNumeric: Bool) {}
}

/// The table page's model over the CSV file at `path`, loaded (waiting up to 20 s), its cells
/// registered, laid out in a `viewport` of plain test metrics.
func makeLoadedCSVTableModel(
  path: String, lenient: Bool = false, viewport: Size = Size(width: 60, height: 12)
) throws -> (model: TableModel, content: CSVTable) {
  let content = CSVTable(file: try CSVFile.open(path: path, lenient: lenient))
  for _ in 0..<4_000 where content.loadingStatus != nil {
    Thread.sleep(forTimeInterval: 0.005)
    _ = content.update()
  }
  let model = TableModel(content: content, metrics: plainTestMetrics, viewportSize: viewport)
  model.register(cell: RecordingTableCell.self, header: RecordingTableHeader.self)
  model.start()
  model.table.collectionView.layoutIfNeeded()
  return (model, content)
}

/// `key` on `model`, then frames until its jobs end (a count, a filter or a save runs on a
/// thread of its own), at most two minutes.
func pressSettling(_ model: TableModel, _ key: KeyPress.Key, _ modifiers: KeyModifiers = []) {
  _ = model.handle(KeyPress(key, modifiers: modifiers))
  let deadline = Date().addingTimeInterval(120)
  while model.isWorking && Date() < deadline {
    _ = model.poll()
    Thread.sleep(forTimeInterval: 0.0005)
  }
  _ = model.poll()
  model.table.collectionView.layoutIfNeeded()
}
