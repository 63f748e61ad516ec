import XCTest

@testable import GalleryGTK

/// The warning before quitting names a way to quit that works from where the keys are.
final class QuitWarningTests: XCTestCase {
  func testAClosedWindowIsClosedAgainAndQQuitsWhereItIsNotText() {
    let warning = "row 1 is being edited, not kept: Enter keeps it, q again quits"
    // The window closed while the cell's entry takes the keys: a q would be typed there.
    XCTAssertEqual(
      GTKGallery.quitWarning(warning, closing: true, typing: true),
      "row 1 is being edited, not kept: Enter keeps it, closing the window again quits")
    // q pressed (not closing): as the model says.
    XCTAssertEqual(GTKGallery.quitWarning(warning, closing: false, typing: false), warning)
    // Closed with no field taking the keys: both ways are named.
    let other = "2 rows edited, not saved: Ctrl-S saves, q again quits"
    XCTAssertEqual(
      GTKGallery.quitWarning(other, closing: true, typing: false),
      "2 rows edited, not saved: Ctrl-S saves, closing the window or q again quits")
    XCTAssertEqual(
      GTKGallery.quitWarning("nothing else", closing: true, typing: true), "nothing else")
    // A page whose list takes q as type-ahead: Ctrl-Q is the key named.
    XCTAssertEqual(
      GTKGallery.quitWarning(other, closing: false, typing: false, listTakesQ: true),
      "2 rows edited, not saved: Ctrl-S saves, Ctrl-Q again quits")
    XCTAssertEqual(
      GTKGallery.quitWarning(other, closing: true, typing: false, listTakesQ: true),
      "2 rows edited, not saved: Ctrl-S saves, closing the window or Ctrl-Q again quits")
  }

  /// A page whose lists take typing says so in its keys, and names Ctrl-Q to quit (q is typed
  /// there); other pages name q.
  func testTheKeysSayWhereLettersAreTypedAndHowToQuit() {
    let typing = GTKGallery.helpText(title: "List", keys: [], typeAhead: true)
    XCTAssertTrue(typing.contains("letters   go to the item that starts with them"), typing)
    XCTAssertTrue(typing.contains("Ctrl-Q   quit (q is typed into the list)"), typing)
    let plain = GTKGallery.helpText(title: "Table", keys: [])
    XCTAssertFalse(plain.contains("letters"), plain)
    XCTAssertTrue(plain.contains("q, Ctrl-Q   quit"), plain)
  }
}
