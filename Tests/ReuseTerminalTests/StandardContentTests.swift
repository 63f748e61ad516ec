import ReuseDeclarative
import ReuseKit
import ReuseTerminal
import Testing

/// Standard content in the terminal: the declaration the GTK host draws too, drawn by the pane
/// in one line a row (the focus bar, the text, the secondary text, the accessories at the end).
struct StandardContentTests {
  @Test func aDeclaredListDrawsItsStandardContent() {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1)))
    var titles = (0..<1_000).map { "Photo \($0)" }
    let source = DeclarativeDataSource(collectionView: view) {
      Section("Photos") {
        ForEach(titles, id: \.self) { title in
          ListContent(title, secondary: "jpeg", accessories: [.checkmark, .disclosure])
        }
        ListContent("Wi-Fi", symbol: "≋", accessories: [.toggle(isOn: true), .badge("3")])
      }
    }
    let pane = CollectionViewPane(collectionView: view)
    pane.frame = CellRect(x: 0, y: 0, width: 40, height: 6)
    let canvas = Canvas(columns: 40, rows: 6)
    pane.draw(into: canvas)
    var lines = canvas.plainTextLines()
    #expect(lines[0].hasPrefix(" Photos"), "the header: \(lines)")
    #expect(lines[1].hasPrefix(" Photo 0"), "\(lines)")
    #expect(lines[1].contains("jpeg"))
    #expect(lines[1].hasSuffix("✓ ›"), "the accessories at the end: \(lines[1])")

    // The focused row is marked; a long text is cut before the accessories.
    titles[1] = String(repeating: "long ", count: 20)
    source.updateNow(animated: false)
    view.focusItem(at: ItemPath(section: 0, item: 1))
    pane.draw(into: canvas)
    lines = canvas.plainTextLines()
    #expect(lines[2].hasPrefix("▌long long"), "\(lines)")
    #expect(lines[2].contains("…"))
    #expect(lines[2].hasSuffix("✓ ›"))

    // The single item after the ForEach: its symbol and toggle.
    view.scrollToItem(at: ItemPath(section: 0, item: 1_000), at: .end, animated: false)
    pane.draw(into: canvas)
    lines = canvas.plainTextLines()
    #expect(lines.contains { $0.hasPrefix(" ≋ Wi-Fi") && $0.contains("[on ] (3)") }, "\(lines)")
    withExtendedLifetime(source) {}
  }

  /// A pane's empty text shows, centred, only while nothing at all is displayed: not over
  /// rows, nor over an empty section whose header shows; a filter that empties the list
  /// brings it back.
  @Test func anEmptyPaneSaysSoInWords() {
    let view = CollectionView(layout: ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1)))
    var sections: [(title: String, items: [String])] = []
    let source = DeclarativeDataSource(collectionView: view) {
      for section in sections {
        Section(id: section.title, header: ListContent(section.title)) {
          ForEach(section.items, id: \.self) { ListContent($0) }
        }
      }
    }
    let pane = CollectionViewPane(collectionView: view)
    pane.frame = CellRect(x: 0, y: 0, width: 30, height: 5)
    pane.emptyText = "Nothing here."
    let canvas = Canvas(columns: 30, rows: 5)
    func text() -> [String] {
      pane.draw(into: canvas)
      return canvas.plainTextLines()
    }
    #expect(
      text()[2].hasPrefix(String(repeating: " ", count: 8) + "Nothing here."),
      "centred in the middle row: \(text())")
    sections = [(title: "Fruit", items: [])]
    source.updateNow(animated: false)
    #expect(!text().joined().contains("Nothing here."), "a header shows: \(text())")
    // Under its headers, where they stay over no item (a table's titles over no row).
    pane.emptyTextShowsUnderHeaders = true
    #expect(text()[2].contains("Nothing here.") && text()[0].contains("Fruit"), "\(text())")
    pane.emptyTextShowsUnderHeaders = false
    sections = [(title: "Fruit", items: ["Apple", "Pear"])]
    source.updateNow(animated: false)
    #expect(text()[1].hasPrefix(" Apple") && !text().joined().contains("Nothing"))
    sections = []
    source.updateNow(animated: false)
    #expect(text().joined().contains("Nothing here."))
    pane.emptyText = nil
    #expect(!text().joined().contains("Nothing here."))
    withExtendedLifetime(source) {}
  }

  /// An outline's standard rows: indented two columns a level, ▸ or ▾ before a row with
  /// children, room for one before a leaf.
  @Test func anOutlineIsIndentedWithItsTriangles() {
    struct Node: Identifiable {
      let id: Int
      let name: String
      var children: [Node]?
    }
    let view = CollectionView(layout: ListLayout(itemSizing: .uniform(1)))
    let tree = [
      Node(
        id: 1, name: "Europe",
        children: [
          Node(
            id: 2, name: "France",
            children: [
              Node(id: 3, name: "Paris", children: nil)
            ])
        ]),
      Node(id: 4, name: "Asia", children: [Node(id: 5, name: "Japan", children: nil)]),
    ]
    let source = DeclarativeDataSource(collectionView: view) {
      OutlineGroup(tree, children: \.children) { node in ListContent(node.name) }
    }
    source.expandedItemIdentifiers = [AnyHashable(1), AnyHashable(2)]
    source.updateNow(animated: false)
    let pane = CollectionViewPane(collectionView: view)
    pane.frame = CellRect(x: 0, y: 0, width: 30, height: 5)
    let canvas = Canvas(columns: 30, rows: 5)
    pane.draw(into: canvas)
    let lines = canvas.plainTextLines().map { String($0.reversed().drop { $0 == " " }.reversed()) }
    #expect(lines == [" ▾ Europe", "   ▾ France", "       Paris", " ▸ Asia", ""], "\(lines)")
    withExtendedLifetime(source) {}
  }
}
