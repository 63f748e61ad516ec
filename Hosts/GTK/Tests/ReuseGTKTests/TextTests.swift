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
