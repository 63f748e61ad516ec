import GalleryKit
import ReuseTerminal
import SnapshotTesting
import TerminalGallery
import Testing

/// Text snapshots (`.lines`) of every gallery page, as `reuse-gallery --snapshot` prints them.
@Suite struct GallerySnapshotTests {
  private func frame(
    _ page: String, _ size: String = "80x24", keys: String = "", items: Int = 1_000,
    data: GalleryData? = nil
  ) throws -> String {
    GallerySnapshot.render(
      page: page, size: try GallerySnapshot.parseSize(size),
      keys: try GallerySnapshot.parseKeys(keys),
      options: GalleryOptions(itemCount: items, data: data), color: false)
  }

  @Test(arguments: GalleryPages.all.map(\.name))
  func everyPage(_ name: String) throws {
    assertSnapshot(of: try frame(name), as: .lines, named: name)
  }

  @Test func listAfterMovingSelectingAndSwitchingFocus() throws {
    assertSnapshot(
      of: try frame("list", keys: "down down space pgdn down space tab right right enter"),
      as: .lines)
  }

  /// Enter expands the focused row: its details show under it, the rows below moved down.
  @Test func listWithTwoRowsExpanded() throws {
    assertSnapshot(
      of: try frame("list", keys: "down down enter down down enter up enter down"),
      as: .lines)
  }

  /// The outline's parents stuck one under another over the rows that scroll under them.
  @Test func outlineWithStackedHeaders() throws {
    assertSnapshot(
      of: try frame(
        "outline", "80x14",
        keys: "right down right down right down down down down down down down down down"),
      as: .lines)
  }

  /// The store after moving along and across rails: each rail scrolled to its focused app.
  @Test func storeAfterMovingAlongAndAcrossRails() throws {
    assertSnapshot(
      of: try frame("store", "80x30", keys: "down right right right right down down right"),
      as: .lines)
  }

  @Test func listAtTheEndOfAMillionItems() throws {
    assertSnapshot(of: try frame("list", "70x16", keys: "end", items: 1_000_000), as: .lines)
  }

  @Test func listFromADataFile() throws {
    let data = try GalleryData.parse(
      Array(
        """
        {"title": "Groceries", "sections": [
          {"title": "Fruit 🍎", "items": ["Apple", {"title": "Banana", "detail": "ripe"}, {"title": "Cherry", "height": 2}]},
          {"title": "Empty", "items": []},
          {"title": "Bakery", "items": ["Bread", "Croissant", "红豆包 (red bean bun)"]}
        ], "tags": ["fresh", "organic", "local"]}
        """.utf8))
    assertSnapshot(of: try frame("list", "60x14", keys: "down down down", data: data), as: .lines)
  }

  @Test func dataSourceAfterEditsKeepsTheSelection() throws {
    // Select a task, add one after it, move the new one to "In progress", rename it, delete
    // the next, shuffle: each edit is one diffed batch; the selection stays with its task.
    assertSnapshot(
      of: try frame("datasource", keys: "down down enter a m e down d s"), as: .lines)
  }

  @Test func waterfallAfterLoadingMoreAndChangingTheOrder() throws {
    // End twice: two more pages load (only the new cards are placed); then left-to-right
    // placement lays everything out again.
    assertSnapshot(of: try frame("waterfall", "90x20", keys: "end end o"), as: .lines)
  }

  @Test func optionBarScrolledToASelectionWithWideNames() throws {
    // Ten steps right: the strip scrolls "Food" to the centre past CJK and Hangul names (two
    // columns a character); the indicator is under it; the log shows each selection's origin.
    assertSnapshot(
      of: try frame(
        "optionbar", "72x12", keys: "right right right right right right right right right right"),
      as: .lines)
  }

  @Test func carouselWrappingTwoCardsShowsOneItemInSeveralSlots() throws {
    // Two cards with wrap: the left and right neighbours are the same item.
    assertSnapshot(of: try frame("carousel", "60x16", keys: "right n n"), as: .lines)
  }

  @Test func pickerAfterTwoColoursAndOneSize() throws {
    // Right twice moves the shared colour in every size row; down moves to the next size,
    // which arrives already on yellow.
    assertSnapshot(of: try frame("picker", "100x30", keys: "right right down"), as: .lines)
  }

  @Test func helpOverlay() throws {
    assertSnapshot(of: try frame("list", keys: "?"), as: .lines)
  }

  @Test func colourOutputCarriesTrueColourSequences() throws {
    let text = GallerySnapshot.render(
      page: "list", size: try GallerySnapshot.parseSize("40x8"), keys: [],
      options: GalleryOptions(), color: true)
    #expect(text.contains("\u{1B}[0;38;2;"))
    #expect(text.contains("48;2;"))
  }
}
