import ReuseControls
import ReuseKit
import ReuseTestSupport
import Testing

/// ``TextFieldState``: keys against a plain array and caret, words, limits, and the window
/// that keeps the caret in view.
struct TextFieldStateTests {
  func press(
    _ field: inout TextFieldState, _ key: KeyPress.Key, _ modifiers: KeyModifiers = []
  )
    -> Bool
  {
    field.handle(KeyPress(key, modifiers: modifiers))
  }

  @Test func wordsAndTheLineEditorKeys() {
    var field = TextFieldState("one two, three")
    #expect(field.caret == 14)
    #expect(press(&field, .backspace, .control))
    #expect(field.text == "one two, " && field.caret == 9, "Ctrl-Backspace: the word")
    #expect(press(&field, .left, .alt))
    #expect(field.caret == 4, "Alt-←: to the start of two")
    #expect(press(&field, .right, .control))
    #expect(field.caret == 7, "Ctrl-→: to its end")
    #expect(press(&field, .character("k"), .control))
    #expect(field.text == "one two", "Ctrl-K: all after the caret")
    #expect(press(&field, .character("a"), .control) && field.caret == 0)
    #expect(press(&field, .delete, .control))
    #expect(field.text == " two", "Ctrl-Delete: the word after")
    #expect(press(&field, .character("e"), .control) && field.caret == 4)
    #expect(press(&field, .character("w"), .control))
    #expect(field.text == " " && field.caret == 1, "Ctrl-W")
    #expect(press(&field, .space))
    #expect(press(&field, .character("é")))
    #expect(field.text == "  é")
    #expect(!press(&field, .enter) && !press(&field, .escape) && !press(&field, .up))
    #expect(!press(&field, .character("q"), .control), "an unbound Ctrl key is not the field's")
    #expect(!press(&field, .character("x"), .alt))
    #expect(field.text == "  é")
  }

  /// GTK's Ctrl-A: the whole text selected; typing replaces it, Backspace clears it, a move
  /// lets it go.
  @Test func selectAllIsReplacedClearedOrLetGo() {
    var field = TextFieldState("/tmp/a-copy.csv")
    field.selectAll()
    #expect(field.isAllSelected)
    #expect(press(&field, .character("x")))
    #expect(field.text == "x" && field.caret == 1 && !field.isAllSelected)
    field.setText("abc")
    field.selectAll()
    #expect(press(&field, .backspace))
    #expect(field.text.isEmpty && !field.isAllSelected)
    field.setText("abc")
    field.selectAll()
    #expect(press(&field, .left))
    #expect(field.text == "abc" && field.caret == 0 && !field.isAllSelected)
    field.setText("")
    field.selectAll()
    #expect(!field.isAllSelected, "nothing to select")
  }

  @Test func theLengthIsCapped() {
    var field = TextFieldState("abcdef", maxLength: 4)
    #expect(field.text == "abcd")
    field.moveCaret(to: 1)
    field.insert("XYZ")
    #expect(field.text == "abcd" && field.caret == 1, "no room")
    _ = press(&field, .backspace)
    field.insert("XYZ")
    #expect(field.text == "Xbcd" && field.caret == 1, "as much as fits")
    field.moveCaret(to: -5)
    #expect(field.caret == 0)
    field.moveCaret(to: 99)
    #expect(field.caret == 4)
    field.setText("hello")
    #expect(field.text == "hell" && field.caret == 4)
  }

  /// Random keys against an array and a caret edited the same way (words aside).
  /// A character typed or pasted that joins the one before it (a combining accent, a skin
  /// tone, a flag's second half, a line feed after a carriage return): the text grows by
  /// fewer characters than were typed, and the caret stays at the end of what was typed. (The
  /// caret went past the end, and the chat page's field stopped the app when it drew: a new
  /// user's finding.)
  @Test(arguments: [
    ("cafe", "\u{301}", "café"), ("👍", "🏽", "👍🏽"), ("🇯", "🇵", "🇯🇵"), ("a\r", "\n", "a\r\n"),
    ("Zoe", "\u{308} and Jose\u{301}", "Zoë and José"),
  ])
  func aCharacterThatJoinsTheOneBeforeIt(_ typed: String, _ joining: String, _ expected: String) {
    var field = TextFieldState(typed)
    if joining.count == 1, let character = joining.first {
      #expect(press(&field, .character(character)))
    } else {
      field.insert(joining)
    }
    #expect(field.text == expected)
    #expect(field.caret == expected.count, "the caret at the end of the text")
    let window = field.visibleWindow(width: 4) { Double($0.count) }
    #expect(window.caret <= window.text.count)
    #expect(press(&field, .character("x")))
    #expect(field.text == expected + "x", "typing goes on at the caret")
    // Typed in the middle: the caret stays after the joined character, before the rest.
    var middle = TextFieldState(typed + "|")
    middle.moveCaret(to: typed.count)
    middle.insert(joining)
    #expect(middle.text == expected + "|")
    #expect(middle.caret == expected.count)
  }

  @Test(arguments: 0..<6)
  func randomKeysAgainstAnArray(_ index: Int) {
    let (seed, random) = SeededRandom.forCase(index, base: 0x7E47_F1E1)
    var rng = random
    var field = TextFieldState("", maxLength: 12)
    var text: [Character] = []
    var caret = 0
    let alphabet = Array("ab é, 漢😀")
    for step in 0..<300 {
      switch rng.int(0..<7) {
      case 0:
        _ = press(&field, .left)
        caret = max(0, caret - 1)
      case 1:
        _ = press(&field, .right)
        caret = min(text.count, caret + 1)
      case 2:
        _ = press(&field, .backspace)
        if caret > 0 {
          text.remove(at: caret - 1)
          caret -= 1
        }
      case 3:
        _ = press(&field, .delete)
        if caret < text.count { text.remove(at: caret) }
      case 4:
        _ = press(&field, .character("u"), .control)
        text.removeFirst(caret)
        caret = 0
      default:
        let character = alphabet[rng.int(0..<alphabet.count)]
        _ = press(&field, character == " " ? .space : .character(character))
        if text.count < 12 {
          text.insert(character, at: caret)
          caret += 1
        }
      }
      #expect(field.text == String(text), "seed \(seed), step \(step)")
      #expect(field.caret == caret, "seed \(seed), step \(step)")
      // The window holds the caret and fits.
      let width = Double(rng.int(1...8))
      let window = field.visibleWindow(width: width) { Double($0.count) }
      #expect(Double(window.text.count) <= width, "seed \(seed), step \(step): fits")
      #expect(window.caret >= 0 && window.caret <= window.text.count, "seed \(seed), step \(step)")
      let start = field.text.distance(from: field.text.startIndex, to: window.text.startIndex)
      #expect(start + window.caret == field.caret, "seed \(seed), step \(step): the caret")
      if Double(caret) <= width {
        #expect(start == 0, "seed \(seed), step \(step): unscrolled while the caret fits")
      }
      // With characters of two widths, the window is the one found by measuring whole runs
      // (the way it was found before it added widths a character at a time).
      let wide: (Substring) -> Double = { run in
        run.reduce(0) { $0 + ($1 == "b" || $1 == "é" ? 2 : 1) }
      }
      let shown = field.visibleWindow(width: width, measure: wide)
      let expected = windowByRuns(field, width: width, measure: wide)
      #expect(
        shown.text == expected.text && shown.caret == expected.caret,
        "seed \(seed), step \(step): \(shown) against \(expected)")
    }
  }

  /// The window a field shows, found by measuring whole runs: the run before the caret if it
  /// fits, else the longest run that ends at the caret; then as far past the caret as fits.
  private func windowByRuns(
    _ field: TextFieldState, width: Double, measure: (Substring) -> Double
  ) -> (text: Substring, caret: Int) {
    let text = field.text
    let caret = field.caret
    var start = 0
    if measure(text.prefix(caret)) > width {
      start = caret
      while start > 0 && measure(text.dropFirst(start - 1).prefix(caret - start + 1)) <= width {
        start -= 1
      }
    }
    var end = caret
    while end < text.count && measure(text.dropFirst(start).prefix(end - start + 1)) <= width {
      end += 1
    }
    return (text.dropFirst(start).prefix(end - start), caret - start)
  }
}
