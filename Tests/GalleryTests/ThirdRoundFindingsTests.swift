import Foundation
import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// Findings of the fourth round of new-user sessions, each replayed as the user did it.
@Suite struct ThirdRoundFindingsTests {
  /// `End`, `d`, `r` (five other categories), `→`: the first category, not the last. The place
  /// `d` remembered was the thousandth, and → went on from it (clamped to the fifth).
  @Test func afterAReloadTheArrowsStartAtTheFirstCategory() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("optionbar", TerminalSize(columns: 100, rows: 12))
    pressTestGallery(
      [KeyEvent(.end), KeyEvent(.character("d")), KeyEvent(.character("r")), KeyEvent(.right)],
      gallery, time: &time)
    let heading = drawnTestGallery(gallery, canvas)[1]
    #expect(heading.contains("5 categories · selected Top stories"), "\(heading)")
  }
}
