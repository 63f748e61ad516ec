import GalleryKit
import ReuseKit
import ReuseTerminal
import Testing

@testable import TerminalGallery

/// ↑ from a rail onto the rail above, the page scrolled so that the rail above is partly
/// above the top: its title comes into view with its apps (a new user's finding: the page
/// scrolled only as far as the cards, the title left above the top).
@Suite struct StoreRailTitleTests {
  @Test func movingUpOntoARailShowsItsTitle() {
    var time = 1.0
    let (gallery, canvas) = makeTestGallery("store", TerminalSize(columns: 120, rows: 40), items: 3)
    pressTestGallery([.end], gallery, canvas, time: &time)
    var reached: [String] = []
    for _ in 0..<11 {
      pressTestGallery([.up], gallery, canvas, time: &time)
      let screen = drawnTestGallery(gallery, canvas)
      let status = screen.last ?? ""
      // The focused rail's name, from the status ("Pale Nectar · Top free 3 of 3 …").
      guard let segment = status.split(separator: "·").dropFirst().first,
        let match = segment.firstMatch(of: /^\s*(.+?) \d+ of/)
      else { continue }
      let rail = String(match.1)
      reached.append(rail)
      // The carousel has no title; the grid's lower rows are not its first line.
      guard rail != "Featured", rail != "All apps" else { continue }
      #expect(
        screen.contains { $0.hasPrefix(" \(rail)") },
        "\(rail)'s title shows:\n\(screen.joined(separator: "\n"))")
    }
    #expect(reached.contains("Top free"), "\(reached)")
  }
}
