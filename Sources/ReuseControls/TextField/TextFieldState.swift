import ReuseKit

/// A one-line text field: its text and a caret, edited by keys as `GtkEntry` and a shell's
/// line editor edit them. A host draws it (in a prompt, or inside the cell being edited) with
/// ``visibleWindow(width:measure:)``; the owner keeps it by identity (an item's, a cell's), so
/// the reused view that draws it can scroll away and back.
///
/// | key | edits |
/// |---|---|
/// | a character, Space | inserted at the caret |
/// | ← →, Home End (Ctrl-A Ctrl-E) | move the caret (with Ctrl or Alt, ← → by words) |
/// | Backspace, Delete | the character before, after the caret (with Ctrl or Alt, a word) |
/// | Ctrl-W, Ctrl-U, Ctrl-K | the word before the caret, all before it, all after it |
///
/// Enter, Escape, Tab and the vertical keys are not the field's: ``handle(_:)`` returns `false`
/// for them, so the owner commits, cancels or moves on.
public struct TextFieldState: Hashable, Sendable {
  /// The text.
  public private(set) var text: String
  /// Where the caret is: a count of characters before it, `0...text.count`.
  public private(set) var caret: Int
  /// How many characters the field takes at most; typing past it does nothing.
  public var maxLength: Int
  /// Whether the whole text is selected (``selectAll()``, GTK's Ctrl-A): a character typed
  /// replaces it, Backspace or Delete clears it, a move of the caret lets it go.
  public private(set) var isAllSelected = false

  /// Selects the whole text, as GTK's entries do on Ctrl-A (a shell's line editor moves the
  /// caret home instead: ``handle(_:)`` does that).
  public mutating func selectAll() { isAllSelected = !text.isEmpty }

  /// A field holding `text` (cut to `maxLength` characters), the caret at its end.
  public init(_ text: String = "", maxLength: Int = 10_000) {
    self.maxLength = max(0, maxLength)
    self.text = String(text.prefix(self.maxLength))
    caret = self.text.count
  }

  /// The text before the caret.
  public var beforeCaret: Substring { text.prefix(caret) }
  /// The text after the caret.
  public var afterCaret: Substring { text.dropFirst(caret) }

  /// Inserts `string` at the caret (as much of it as `maxLength` leaves room for), the caret
  /// after it.
  public mutating func insert(_ string: String) {
    let room = maxLength - text.count
    guard room > 0, !string.isEmpty else { return }
    let upToCaret = String(beforeCaret) + string.prefix(room)
    text = upToCaret + afterCaret
    // Counted after joining: a combining accent, a skin tone or a flag's second half joins the
    // character before it, so the text may grow by fewer characters than were typed (adding
    // them up put the caret past the end, and drawing the field stopped the app).
    caret = min(upToCaret.count, text.count)
  }

  /// Puts the caret at `position` (clamped to the text); a selection is let go.
  public mutating func moveCaret(to position: Int) {
    caret = min(max(0, position), text.count)
    isAllSelected = false
  }

  /// Replaces the text, the caret at its end, nothing selected.
  public mutating func setText(_ newText: String) {
    text = String(newText.prefix(maxLength))
    caret = text.count
    isAllSelected = false
  }

  /// Edits the field by `key`; returns whether the key was the field's (see the table above).
  public mutating func handle(_ key: KeyPress) -> Bool {
    if isAllSelected {
      isAllSelected = false
      switch key.key {
      case .backspace, .delete:
        setText("")
        return true
      case .character where key.modifiers.isDisjoint(with: [.control, .alt]), .space:
        setText("")
      case .left, .home: caret = 0; return true
      case .right, .end: caret = text.count; return true
      default: break
      }
    }
    let byWord = !key.modifiers.isDisjoint(with: [.control, .alt])
    switch key.key {
    case .character(let character) where key.modifiers.contains(.control):
      switch character {
      case "a", "A": caret = 0
      case "e", "E": caret = text.count
      case "w", "W": deleteBackward(to: wordStart(before: caret))
      case "u", "U": deleteBackward(to: 0)
      case "k", "K": text = String(beforeCaret)
      default: return false
      }
    case .character(let character) where !key.modifiers.contains(.alt):
      insert(String(character))
    case .space where key.modifiers.isDisjoint(with: [.control, .alt]):
      insert(" ")
    case .left: caret = byWord ? wordStart(before: caret) : max(0, caret - 1)
    case .right: caret = byWord ? wordEnd(after: caret) : min(text.count, caret + 1)
    case .home: caret = 0
    case .end: caret = text.count
    case .backspace: deleteBackward(to: byWord ? wordStart(before: caret) : max(0, caret - 1))
    case .delete:
      let end = byWord ? wordEnd(after: caret) : min(text.count, caret + 1)
      text = String(beforeCaret) + text.dropFirst(end)
    default:
      return false
    }
    return true
  }

  /// What shows in a field `width` wide (in the units `measure` gives a string; leave out the
  /// room the caret takes when it takes any): a run of the text that holds the caret, scrolled
  /// as little as possible from its start, and where the caret falls in it (characters from
  /// the run's start). Widths are measured a character at a time and added up.
  ///
  /// - Complexity: O(n) for n characters of text, and O(w) measures of one character for a
  ///   run of w characters (it measured runs that grew a character at a time, found by walking
  ///   from the start of the text each time: a field of 10,000 characters took seconds a key
  ///   in a debug build).
  public func visibleWindow(
    width: Double, measure: (Substring) -> Double
  ) -> (text: Substring, caret: Int) {
    guard width > 0 else { return (text.prefix(0), 0) }
    let characters = Array(text)
    let caret = min(caret, characters.count)
    func widthOf(_ index: Int) -> Double { measure(Substring(String(characters[index]))) }
    // From the start when the text before the caret fits; else the run that ends at the caret.
    var start = 0
    var used = 0.0
    var fits = true
    for index in 0..<caret {
      used += widthOf(index)
      if used > width {
        fits = false
        break
      }
    }
    if !fits {
      start = caret
      used = 0
      while start > 0 {
        let next = used + widthOf(start - 1)
        if next > width { break }
        used = next
        start -= 1
      }
    }
    var end = caret
    while end < characters.count {
      let next = used + widthOf(end)
      if next > width { break }
      used = next
      end += 1
    }
    return (text.dropFirst(start).prefix(end - start), caret - start)
  }

  // MARK: Words

  private mutating func deleteBackward(to start: Int) {
    guard start < caret else { return }
    text = String(text.prefix(start)) + afterCaret
    caret = start
  }

  /// The start of the word before `position` (spaces and punctuation before it skipped).
  private func wordStart(before position: Int) -> Int {
    let characters = Array(text.prefix(position))
    var index = characters.count
    while index > 0 && !isWord(characters[index - 1]) { index -= 1 }
    while index > 0 && isWord(characters[index - 1]) { index -= 1 }
    return index
  }

  /// The end of the word after `position`.
  private func wordEnd(after position: Int) -> Int {
    let characters = Array(text.dropFirst(position))
    var index = 0
    while index < characters.count && !isWord(characters[index]) { index += 1 }
    while index < characters.count && isWord(characters[index]) { index += 1 }
    return position + index
  }

  private func isWord(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
