import GalleryKit
import XCTest

@testable import GalleryGTK

/// The gallery's text as Pango lays it out with the fonts `setup.sh` installs: every script
/// the data files may hold finds a font (no empty boxes), and a title longer than its room is
/// cut with "…" within it.
final class TextTests: XCTestCase {
  func testEveryScriptAndEmojiFindAFont() {
    let samples = [
      "Amber Falcon", "東京タワー", "中文标题 北京", "한국어 제목 서울", "Αθήνα", "Москва",
      "Emoji 😀🎉🚀👍", "🇰🇷 🐉 🗼", "☑ ☐ ✓ ♥ ✎ · …",
    ]
    for sample in samples {
      let facts = TextMeasure.facts(sample)
      XCTAssertEqual(facts.unknownGlyphs, 0, "\(sample): \(facts.unknownGlyphs) empty boxes")
      XCTAssertGreaterThan(facts.width, 0, sample)
    }
  }

  /// Control characters as the models show them (Unicode's control pictures, from
  /// `showingControls`) are drawn as glyphs, not boxes: caret notation where no font has
  /// the pictures (a new user's finding: a tab, a bell and an escape showed as boxes).
  func testControlCharactersShowAsGlyphs() {
    let shown = "Tab\there\u{07}bell\u{1B}[31m·\u{7F}".showingControls
    XCTAssertTrue(shown.unicodeScalars.contains("\u{2409}"), shown)
    let facts = TextMeasure.facts(shown)
    XCTAssertEqual(facts.unknownGlyphs, 0, "\(shown): \(facts.unknownGlyphs) boxes")
    // The same width as the caret form when no font has the pictures (as here), or less
    // than an empty box's each when one does.
    XCTAssertGreaterThan(facts.width, TextMeasure.facts("Tab").width)
  }

  func testLongTitlesAreCutWithAnEllipsisWithinTheirRoom() {
    let title = String(repeating: "A very long title that goes on ", count: 8) + "東京 😀"
    let free = TextMeasure.facts(title)
    XCTAssertFalse(free.isEllipsized)
    XCTAssertGreaterThan(free.width, 600)
    for room in [40.0, 200, 480] {
      let cut = TextMeasure.facts(title, maxWidth: room)
      XCTAssertTrue(cut.isEllipsized, "\(room)")
      XCTAssertLessThanOrEqual(cut.width, room, "\(room)")
    }
    let short = TextMeasure.facts("Amber Falcon", maxWidth: 480)
    XCTAssertFalse(short.isEllipsized, "a title that fits is drawn whole")
  }
}
