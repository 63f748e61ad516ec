import GalleryKit
import ReuseKit
import ReuseTerminal

// What the gallery says to a screen reader that reads lines (`--screen-reader`).

extension Gallery {
  /// A help entry as a screen-reader user reads it: its keyboard keys only, or `nil` for an
  /// entry of the pointer alone ("wheel, drag", a click on the index) or a blank one. The help
  /// read as lines listed the pointer's gestures among the keys (a new user's finding).
  static func keyboardHelp(
    _ entry: (keys: String, meaning: String)
  ) -> (keys: String, meaning: String)? {
    let pointer = ["click", "drag", "wheel"]
    let parts = entry.keys.split(separator: ", ")
    let kept = parts.indices.filter { index in !pointer.contains { parts[index].contains($0) } }
    // The list's index is a strip of numbers to click or drag, not a key.
    guard !kept.isEmpty, entry.keys != "index" else { return nil }
    // A meaning of one clause per key ("toggle one; select all" for "Ctrl-click, Ctrl-A")
    // keeps the clauses of the keys kept.
    let clauses = entry.meaning.split(separator: "; ")
    let meaning =
      clauses.count == parts.count && kept.count < parts.count
      ? kept.map { String(clauses[$0]) }.joined(separator: "; ") : entry.meaning
    return (kept.map { String(parts[$0]) }.joined(separator: ", "), meaning)
  }

  /// What a screen reader should read since the last call: the page that opened, the
  /// announcements of its collection views, and the focused item when it changed (or, the
  /// first time after a page opened, whatever has the focus).
  public func spokenLines() -> [String] {
    var lines = pendingAnnouncements
    pendingAnnouncements.removeAll()
    if showsHelp, lines.isEmpty, lastSpokenFocus != "help" {
      lastSpokenFocus = "help"
      return ["Keys for \(currentPage.title):"]
        + helpEntries.compactMap(Self.keyboardHelp).map { "\($0.keys): \($0.meaning)" }
        + ["Any other key closes this list."]
    }
    // A prompt that opens is said once, as what it asks ("find in the titles: …"); the keys
    // typed into it are the user's own echo. One that asks something else (Tab from a cell's
    // editor to the next: "edit city of row 2") is said as it opens (it was silent: a new
    // user's finding).
    let question = currentPage.isTyping ? currentPage.status.prefix { $0 != ":" } : nil
    if !showsHelp, currentPage.isTyping != spokePrompt || question != spokenQuestion {
      spokePrompt = currentPage.isTyping
      spokenQuestion = question
      // The caret's glyph is drawn, not said (nor the space its removal doubles).
      if spokePrompt {
        let asked = String(currentPage.status.filter { $0 != "▏" })
        lines.append(asked.replacing("  ", with: " ").spokenForm)
      }
    }
    if !showsHelp && !currentPage.isTyping {
      let element = currentPage.accessibilityFocus
      let focus = element?.spokenDescription ?? currentPage.spokenWithoutFocus
      var count = selectionCountChange()
      // While a job runs (a filter finding rows), the same item's line changes only in its
      // count ("row 1 of 2,175"): said once the job is done, not at each step (a new user's
      // finding: 200 lines for one filter).
      let sameItem =
        element.map { element in
          lastSpokenItem.map {
            $0.path == element.indexPath && $0.label == element.label
              && $0.isSelected == element.isSelected
          } ?? false
        } ?? false
      // Nor while a job runs and no key was pressed for a second: a cursor on the last row of
      // a file still read moved with the estimate, and a line came every few moments with no
      // key at all (a new user's finding). The line comes once the job is done.
      let untouched = latestTime - lastInputTime >= 1
      if focus != lastSpokenFocus
        && !((sameItem || untouched) && currentPage.isWaitingForJob)
      {
        lastSpokenFocus = focus
        // A carousel rotating by itself is not read (a new user's finding: a line every two
        // seconds); a second after a key, its moves are the user's.
        if !currentPage.movesByItself || latestTime - lastInputTime < 1 {
          lines.append(
            focus + deselection(of: element) + heading(enteredWith: element, saying: focus)
              + (count.map { ", " + $0 } ?? ""))
          count = nil
        }
      }
      if let count { lines.append(count) }
      lastSpokenItem = element.flatMap { element in
        element.indexPath.map { ($0, element.label, element.isSelected) }
      }
    }
    return lines
  }

  /// "3 selected" when a key changed the page's count of selected items and it is or was more
  /// than one (a single item's line says "selected" itself): a Shift range, Ctrl-A or a
  /// deselection of all were said as the focused item alone, if at all (a new user's finding).
  private func selectionCountChange() -> String? {
    let count = currentPage.selectedItemCount
    defer { lastSpokenSelectionCount = count }
    guard let count, let last = lastSpokenSelectionCount, count != last, count > 1 || last > 1
    else { return nil }
    return count == 0 ? "none selected" : "\(count.formatted) selected"
  }

  /// ", not selected" when the item said last, still focused, was selected and no longer is:
  /// its line otherwise only loses its last word, and a listener cannot hear a word go
  /// missing (a new user's finding: Space on a selected row said the row again, unchanged).
  private func deselection(of element: AccessibilityElement?) -> String {
    guard let element, let last = lastSpokenItem, last.isSelected, !element.isSelected,
      element.indexPath == last.path, element.label == last.label
    else { return "" }
    return ", not selected"
  }

  /// ", in Connections": the heading of the section the focus entered, when it entered one
  /// with a heading shown (a list's or a declared page's sections; not a table's rows).
  /// Headings were never said (a new user's finding, the settings page). A heading's title
  /// the item's line already says (a store rail's tile: "…, Top free, 3 of 500") is not said
  /// again; the rest of the heading is ("one app a swipe").
  private func heading(enteredWith element: AccessibilityElement?, saying line: String) -> String {
    guard let element, element.gridPosition == nil, let path = element.indexPath,
      path.section != lastSpokenSection, let view = currentPage.restorableView,
      // The page's own view's item (not a tag strip's beside it, say).
      view.focusedIndexPath == path,
      view.accessibilityElement(forItemAt: path)?.label == element.label
    else { return "" }
    lastSpokenSection = path.section
    guard
      let label = view.supplementaryView(
        forElementKind: .header, at: ItemPath(section: path.section, item: 0))?.accessibilityLabel,
      !label.isEmpty
    else { return "" }
    let parts = label.split(separator: " · ").map(String.init)
    let said = line.split(separator: ", ").map(String.init)
    guard let title = parts.first, said.dropFirst().contains(title) else {
      return ", in " + parts.joined(separator: ", ")
    }
    return parts.dropFirst().map { ", " + $0 }.joined()
  }
}
