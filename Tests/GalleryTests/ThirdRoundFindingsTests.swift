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

  /// `x` does the swipe's Done by key, and Reopen in the last section: a keyboard reached Done
  /// only by `m`, section after section (a new user's finding). The cursor goes with the task.
  @Test func xMarksTheTaskUnderTheCursorDoneAndReopensIt() throws {
    var time = 1.0
    let (gallery, _) = makeTestGallery("datasource", TerminalSize(columns: 90, rows: 40))
    let model = try #require((gallery.currentPage as? DataSourcePage)?.model)
    let task = model.tasks[0][1]
    let last = model.tasks.count - 1
    pressTestGallery([KeyEvent(.down), KeyEvent(.character("x"))], gallery, time: &time)
    #expect(model.tasks[last].first == task)
    #expect(!model.tasks[0].contains(task))
    #expect(model.collectionView.focusedIndexPath == ItemPath(section: last, item: 0))
    pressTestGallery([KeyEvent(.character("x"))], gallery, time: &time)
    #expect(model.tasks[0].first == task)
    #expect(!model.tasks[last].contains(task))
    #expect(model.collectionView.focusedIndexPath == ItemPath(section: 0, item: 0))
  }
}
