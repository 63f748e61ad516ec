import Foundation
import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// A paste goes into the field that takes text, on one line, and is never keys: pasted as
/// keys, "Lisbon", a line break and "q" found Lisbon and then quit the gallery, and a message
/// of three lines in the chat sent its first line and switched pages with the rest (a new
/// user's finding).
@Suite struct GalleryPasteTests {
  @Test func aPasteGoesIntoTheFieldOnOneLine() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("table", TerminalSize(columns: 100, rows: 20))
    pressTestGallery([KeyEvent(.character("/"))], gallery, time: &time)
    gallery.handle(.paste("Lis\r\nbon\tq\u{1B}[A\u{7}"), at: time)
    #expect(gallery.currentPage.status.contains("Lis bon q[A"), "\(gallery.currentPage.status)")
    #expect(!gallery.wantsToQuit)
    #expect(drawnTestGallery(gallery, canvas).last?.contains("Lis bon q[A") == true)
    // With no field open, the paste is dropped and said, and nothing else happens.
    pressTestGallery([KeyEvent(.escape)], gallery, time: &time)
    let page = gallery.currentPageName
    gallery.handle(.paste("q\n3\n"), at: time)
    #expect(!gallery.wantsToQuit && gallery.currentPageName == page)
    #expect(gallery.notice?.contains("the paste was dropped") == true)
  }

  /// The notice of a dropped paste says `/` opens a find only on pages where it does (it said
  /// so on the board and the store, which have none: a new user's finding).
  @Test func aDroppedPasteNamesTheFindOnlyWhereThereIsOne() {
    for (page, finds) in [("list", true), ("table", true), ("board", false), ("store", false)] {
      let (gallery, _) = makeTestGallery(page, TerminalSize(columns: 100, rows: 24))
      gallery.handle(.paste("hello"), at: 1)
      #expect(gallery.notice?.contains("the paste was dropped") == true, "\(page)")
      #expect(
        gallery.notice?.contains("/ opens a find") == finds, "\(page): \(gallery.notice ?? "")")
    }
  }

  @Test func aPasteIntoAMessageIsOneLineOfIt() throws {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("chat", TerminalSize(columns: 80, rows: 20))
    pressTestGallery([KeyEvent(.character("m"))], gallery, time: &time)
    gallery.handle(.paste("line1\r\nline2\nline3\rline4"), at: time)
    #expect(gallery.currentPageName == "chat")
    let composer = drawnTestGallery(gallery, canvas).first { $0.contains("you ▸ ") } ?? ""
    #expect(composer.contains("you ▸ line1 line2 line3 line4"), "\(composer)")
  }

  /// A paste into a cell's editor keeps its line breaks (as LF) and tabs, which a quoted CSV
  /// field holds; other control characters go (two pasted lines became one, the break a
  /// space: a new user's finding). A prompt's paste stays one line.
  @Test func aPasteIntoACellKeepsItsLineBreaksAndTabs() throws {
    let path = NSTemporaryDirectory() + "reusekit-paste-cell-\(getpid()).csv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "id,note\n1,plain\n".write(toFile: path, atomically: true, encoding: .utf8)
    let (model, content) = try makeLoadedCSVTableModel(path: path)
    model.table.focusCell(row: 0, column: 1)
    _ = model.handle(KeyPress(.character("e")))
    _ = model.handle(KeyPress(.character("u"), modifiers: .control))
    #expect(model.paste("pasted\r\nsecond line\tTAB\u{1B}[A\u{7}"))
    _ = model.handle(KeyPress(.enter))
    #expect(content.editableText(row: 0, column: 1) == "pasted\nsecond line\tTAB[A")
    _ = model.handle(KeyPress(.character("/")))
    #expect(model.paste("a\r\nb\tc"))
    #expect(model.status.contains("a b c"), "\(model.status)")
    _ = model.handle(KeyPress(.escape))
  }
}
