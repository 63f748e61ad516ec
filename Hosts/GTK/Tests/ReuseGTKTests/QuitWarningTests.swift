import XCTest

@testable import GalleryGTK

/// The warning before quitting names a way to quit that works from where the keys are.
final class QuitWarningTests: XCTestCase {
  func testAWindowClosedWhileAFieldTakesTheKeysIsClosedAgain() {
    let warning = "row 1 is being edited, not kept: Enter keeps it, q again quits"
    // The window closed while the cell's entry takes the keys: a q would be typed there.
    XCTAssertEqual(
      GTKGallery.quitWarning(warning, closingWhileTyping: true),
      "row 1 is being edited, not kept: Enter keeps it, closing the window again quits")
    // Closed from a page without a field, or q pressed: q quits.
    XCTAssertEqual(GTKGallery.quitWarning(warning, closingWhileTyping: false), warning)
    let other = "2 rows edited, not saved: Ctrl-S saves, q again quits"
    XCTAssertEqual(
      GTKGallery.quitWarning(other, closingWhileTyping: true),
      "2 rows edited, not saved: Ctrl-S saves, closing the window again quits")
    XCTAssertEqual(GTKGallery.quitWarning("nothing else", closingWhileTyping: true), "nothing else")
  }
}
