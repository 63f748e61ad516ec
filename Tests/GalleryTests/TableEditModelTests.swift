import Foundation
import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTestSupport
import Testing

/// Random edits, undos, redos, sorts, finds, scrolls and saves on a CSV table, against the
/// file's rows as a plain array edited the same way: after every step each cell shows the
/// array's text, a find counts what a scan of the array counts, an edit begun before a sort
/// lands on the row it began on, and a save writes a file that reads back as the array with
/// every row not edited byte for byte as it was.
@Suite(.serialized) struct TableEditModelTests {
  static let alphabet = Array("abcé, \"xyz 12")

  @Test(arguments: 0..<4)
  func randomEditsSortsFindsAndSavesKeepTheTableTrue(_ index: Int) throws {
    let (seed, random) = SeededRandom.forCase(index, base: 0xED17_7AB1)
    var rng = random
    let path = NSTemporaryDirectory() + "reusekit-edit-model-\(getpid())-\(index).csv"
    defer {
      for suffix in ["", ".bak"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    // 120 rows: quoted fields, CRLF and LF rows, a short row.
    var rows: [[String]] = []
    var text = "key,word,note\n"
    var lines: [String] = []
    for row in 0..<120 {
      let fields = ["\(row)", "w\(rng.int(0...30))", row % 9 == 4 ? "" : "n \(row % 13)"]
      rows.append(fields)
      var line = fields.joined(separator: ",")
      if row % 11 == 5 { line = "\(row),\"w\(row % 31)\",\"n, \"\"\(row % 13)\"\"\"" }
      if row % 11 == 5 { rows[row] = ["\(row)", "w\(row % 31)", "n, \"\(row % 13)\""] }
      line += row % 7 == 2 ? "\r\n" : "\n"
      lines.append(line)
      text += line
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let original = rows
    let (model, content) = try makeLoadedCSVTableModel(path: path)
    var undo: [(row: Int, column: Int, before: String, after: String)] = []
    var redo: [(row: Int, column: Int, before: String, after: String)] = []
    func press(_ key: KeyPress.Key, _ modifiers: KeyModifiers = []) {
      _ = model.handle(KeyPress(key, modifiers: modifiers))
      settle()
    }
    /// Until the jobs a key started are done (a search runs on a thread of its own), for up
    /// to 60 s (a count of short sleeps ran out under the load of suites run side by side).
    func settle() {
      let deadline = Date().addingTimeInterval(60)
      while model.isWorking, Date() < deadline {
        if !model.poll() { Thread.sleep(forTimeInterval: 0.0005) }
      }
      _ = model.poll()
      model.table.collectionView.layoutIfNeeded()
    }
    func type(_ text: String) {
      for character in text { press(character == " " ? .space : .character(character)) }
    }

    // The filters shown, by column: a second filter narrows the first, one on the same
    // column replaces it, Escape clears them all.
    var filters: [Int: String] = [:]
    for step in 0..<120 {
      let place = "seed \(seed), step \(step)"
      switch rng.int(0..<11) {
      case 0...3:
        // An edit of a shown row, perhaps with a sort between `e` and Enter.
        let shown = model.table.numberOfDisplayedRows
        guard shown > 0 else { continue }
        let row = model.table.sourceRow(forDisplayRow: rng.int(0..<shown))
        let column = rng.int(0..<3)
        model.table.focusCell(row: row, column: column)
        press(.character("e"))
        // Keys in the field (the caret moved, characters typed and deleted), against an
        // array and a caret edited the same way.
        var field = Array(rows[row][column])
        var caret = field.count
        for _ in 0..<rng.int(0...12) {
          switch rng.int(0..<8) {
          case 0:
            press(.left)
            caret = max(0, caret - 1)
          case 1:
            press(.right)
            caret = min(field.count, caret + 1)
          case 2:
            let home = rng.chance(0.5)
            press(home ? .home : .end)
            caret = home ? 0 : field.count
          case 3:
            press(.backspace)
            if caret > 0 {
              field.remove(at: caret - 1)
              caret -= 1
            }
          case 4:
            press(.delete)
            if caret < field.count { field.remove(at: caret) }
          case 5:
            press(.character("u"), .control)
            field.removeFirst(caret)
            caret = 0
          default:
            let character = Self.alphabet[rng.int(0..<Self.alphabet.count)]
            press(character == " " ? .space : .character(character))
            field.insert(character, at: caret)
            caret += 1
          }
        }
        let new = String(field)
        if rng.chance(0.3) { model.table.cycleSort(byColumn: rng.int(0..<3)) }
        // A click elsewhere while the prompt shows: the edit stays with its cell.
        if rng.chance(0.3) {
          model.table.focusCell(row: rng.int(0..<rows.count), column: rng.int(0..<3))
        }
        // Scrolled away and back: the field is drawn by whichever cell shows its item.
        if rng.chance(0.3) {
          let view = model.table.collectionView
          let offset = view.contentOffset
          view.setContentOffset(Point(x: 0, y: view.contentSize.height), animated: false)
          view.layoutIfNeeded()
          view.setContentOffset(offset, animated: false)
          view.layoutIfNeeded()
        }
        settle()
        model.table.collectionView.forEachDisplayedView { view, attributes in
          guard let cell = view as? RecordingTableCell, attributes.supplementaryKind == nil else {
            return
          }
          let source = model.table.sourceRow(forDisplayRow: attributes.indexPath.section)
          let isEdited = source == row && attributes.indexPath.item == column
          #expect(
            cell.editing?.text == (isEdited ? new : nil),
            "\(place): the cell of row \(source), column \(attributes.indexPath.item)")
          if isEdited { #expect(cell.editing?.caret == caret, "\(place): the caret") }
        }
        press(.enter)
        if rows[row][column] != new {
          undo.append((row, column, rows[row][column], new))
          redo.removeAll()
          rows[row][column] = new
        }
      case 4:
        press(.character("U"))
        if let edit = undo.popLast() {
          rows[edit.row][edit.column] = edit.before
          redo.append(edit)
        }
      case 5:
        press(.character("R"))
        if let edit = redo.popLast() {
          rows[edit.row][edit.column] = edit.after
          undo.append(edit)
        }
      case 6:
        press(.character("s"))
      case 7:
        // A find in the focused column, against a scan of the array.
        let column = model.table.focusedCell?.column ?? 0
        let needle = String((0..<rng.int(1...2)).map { _ in Self.alphabet[rng.int(0..<8)] })
          .trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty, !needle.contains("/") else { continue }
        press(.character("/"))
        type(needle)
        press(.enter)
        // Among the rows shown (a filter hides the others from a find too).
        let shownRows = (0..<model.table.numberOfDisplayedRows).map {
          model.table.sourceRow(forDisplayRow: $0)
        }
        let expected = shownRows.filter {
          rows[$0][column].lowercased().contains(needle.lowercased())
        }.count
        let status = model.status
        if expected == 0 {
          #expect(status.contains("no match"), "\(place): \(status)")
        } else {
          #expect(
            status.contains("of \(expected.formatted)"),
            "\(place): \(expected) for “\(needle)”: \(status)")
        }
        // The marks: every cell shown in the column is marked exactly when the array's text
        // has the needle (the other columns never).
        model.table.collectionView.forEachDisplayedView { view, attributes in
          guard let cell = view as? RecordingTableCell, attributes.supplementaryKind == nil else {
            return
          }
          let source = model.table.sourceRow(forDisplayRow: attributes.indexPath.section)
          let expected =
            attributes.indexPath.item == column
            && rows[source][column].lowercased().contains(needle.lowercased())
          #expect(
            cell.isMatch == expected,
            "\(place): the mark of row \(source), column \(attributes.indexPath.item)")
        }
        press(.escape)
      case 10:
        // A filter on the focused column (or, half the time, cleared with Escape), against a
        // scan of the array.
        if rng.chance(0.5) {
          press(.escape)
          filters = [:]
          #expect(model.table.numberOfDisplayedRows == rows.count, "\(place): Escape shows all")
          continue
        }
        // The focused column, or the one a filter that shows no row holds.
        let column = (model.table.focusedCell ?? model.table.focusHeldByFilter)?.column ?? 0
        let needle = String(Self.alphabet[rng.int(0..<8)]).trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { continue }
        press(.character("|"))
        type(needle)
        press(.enter)
        filters[column] = needle
        let expected = rows.filter { row in
          filters.allSatisfy { row[$0.key].lowercased().contains($0.value.lowercased()) }
        }.count
        #expect(
          model.table.numberOfDisplayedRows == expected,
          "\(place): filter “\(needle)” in column \(column): \(model.status)")
      case 8:
        model.table.collectionView.scrollToItem(
          at: ItemPath(section: rng.int(0..<rows.count), item: 0), at: .center, animated: false)
        model.table.collectionView.layoutIfNeeded()
      default:
        // Save, and read the file back.
        press(.character("s"), .control)
        guard content.editedRowCount > 0 || undo.isEmpty else { break }
        if !FileManager.default.fileExists(atPath: path + ".bak") { break }
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        let reread = CSVTable(file: try CSVFile.open(path: path))
        for _ in 0..<500 where reread.loadingStatus != nil {
          Thread.sleep(forTimeInterval: 0.005)
          _ = reread.update()
        }
        for row in rows.indices {
          for column in 0..<3 {
            #expect(
              reread.text(row: row, column: column) == rows[row][column],
              "\(place): saved row \(row) column \(column)")
          }
          if rows[row] == original[row] {
            #expect(saved.contains(lines[row]), "\(place): row \(row) kept byte for byte")
          }
        }
      }
      for row in rows.indices {
        for column in 0..<3 where content.text(row: row, column: column) != rows[row][column] {
          Issue.record(
            "\(place): row \(row) column \(column) shows \(content.text(row: row, column: column) ?? "nil"), not \(rows[row][column])"
          )
          return
        }
      }
    }
  }
}
