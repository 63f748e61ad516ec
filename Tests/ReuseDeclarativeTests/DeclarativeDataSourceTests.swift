import Foundation
import Observation
import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

struct Photo: Identifiable, Hashable {
  let id: Int
  var title: String
}

final class PhotoCell: CollectionViewCell, ConfigurableCell {
  var photo: Photo?
  func configure(with photo: Photo, at indexPath: ItemPath) { self.photo = photo }
}

/// A model that says when it changes.
@Observable final class Song: Identifiable {
  let id: Int
  var title: String
  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

@Observable final class Library {
  var songs: [Song]
  var showsFooter = false
  init(songs: [Song]) { self.songs = songs }
}

/// What a collection view shows: each displayed item's path and its text.
func shownTexts(_ view: CollectionView) -> [ItemPath: String] {
  var result: [ItemPath: String] = [:]
  for path in view.indexPathsForVisibleItems {
    switch view.cellForItem(at: path) {
    case let cell as PhotoCell: result[path] = cell.photo?.title
    case let cell as ListContentCell: result[path] = cell.content.text
    default: result[path] = "?"
    }
  }
  return result
}

func makeView(rows: Double = 10) -> CollectionView {
  let view = CollectionView(
    layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: rows))
  view.diagnostics.handler = { _ in }
  return view
}

/// A view as `makeView(rows:)` makes it, its diagnostics given to `report`.
func makeView(
  rows: Double = 10, reporting report: @escaping (Diagnostic) -> Void
) -> CollectionView {
  let view = makeView(rows: rows)
  view.diagnostics.handler = report
  return view
}

func photos(_ count: Int, from start: Int = 0) -> [Photo] {
  (start..<(start + count)).map { Photo(id: $0, title: "photo \($0)") }
}

/// A data source over `view` showing `items()` (read again at every update) as photo cells,
/// laid out.
private func photoSource(
  _ view: CollectionView, _ items: @escaping () -> [Photo]
) -> DeclarativeDataSource {
  let source = DeclarativeDataSource(collectionView: view) {
    ForEach(items()) { Cell(PhotoCell.self, $0) }
  }
  view.layoutIfNeeded()
  return source
}

struct DeclarativeDataSourceTests {
  @Test func onlyDisplayedItemsAreBuiltAtAMillion() {
    let view = makeView()
    let all = photos(1_000_000)
    var built = 0
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(all) { photo in
        built += 1
        return Cell(PhotoCell.self, photo)
      }
    }
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 1_000_000)
    #expect(source.statistics.bodyEvaluations == 1)
    #expect(built >= 10 && built <= 40, "built \(built) contents for a 10-row viewport")
    #expect(shownTexts(view)[ItemPath(section: 0, item: 3)] == "photo 3")
    view.scrollToItem(at: ItemPath(section: 0, item: 500_000), at: .start, animated: false)
    view.layoutIfNeeded()
    #expect(shownTexts(view)[ItemPath(section: 0, item: 500_000)] == "photo 500000")
    #expect(built <= 80, "built \(built) after one jump")
  }

  @Test func anUnchangedBodyDiffsAndConfiguresNothing() {
    let view = makeView()
    let all = photos(100_000)
    let source = DeclarativeDataSource(collectionView: view) {
      Section("All") { ForEach(all) { Cell(PhotoCell.self, $0) } }
      Section(id: 2) { ForEach(0..<1000, id: \.self) { ListContent("number \($0)") } }
    }
    view.layoutIfNeeded()
    let cells = view.visibleCells.map(ObjectIdentifier.init)
    let configured = source.statistics.cellsConfigured
    for _ in 0..<5 { source.updateNow() }
    view.layoutIfNeeded()
    #expect(source.statistics.bodyEvaluations == 6)
    #expect(source.statistics.groupsDiffed == 0, "an array and a range that did not change")
    #expect(source.statistics.cellsConfigured == configured)
    #expect(view.visibleCells.map(ObjectIdentifier.init) == cells)
    #expect(!view.isAnimatingUpdates)
  }

  /// A range is the same data when its bounds are: another range is diffed (two numbers
  /// added at the end insert two rows), the same one is not.
  @Test func aRangeIsComparedByItsBounds() {
    let view = makeView()
    var upper = 1_000
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(0..<upper, id: \.self) { ListContent("number \($0)") }
    }
    view.layoutIfNeeded()
    source.updateNow()
    #expect(source.statistics.groupsDiffed == 0)
    upper = 1_002
    source.updateNow()
    view.settleUpdateAnimation()
    view.layoutIfNeeded()
    #expect(source.statistics.groupsDiffed == 1)
    #expect(view.numberOfItems(inSection: 0) == 1_002)
    source.updateNow()
    #expect(source.statistics.groupsDiffed == 1, "the same range again: nothing to diff")
  }

  @Test func aNewValueIsDiffedByIdentifierAndAppliedAsOneBatch() {
    let view = makeView()
    var items = photos(50)
    let source = photoSource(view) { items }
    let cellOfPhoto4 = view.cellForItem(at: ItemPath(section: 0, item: 4))
    items.remove(at: 1)  // 0 2 3 4 …
    items.insert(Photo(id: 100, title: "new"), at: 0)  // 100 0 2 3 4 …
    items[4].title = "renamed 4"  // photo 4, back at 4
    items.swapAt(7, 8)  // 6 and 7 change places
    source.updateNow()
    view.settleUpdateAnimation()
    view.layoutIfNeeded()
    let shown = shownTexts(view)
    #expect(source.statistics.groupsDiffed == 1)
    for (index, photo) in items.prefix(10).enumerated() {
      #expect(shown[ItemPath(section: 0, item: index)] == photo.title, "row \(index)")
    }
    // The cell that showed photo 4 still does, with its new title (a batch update and a
    // reconfigure, not a reload).
    #expect(view.cellForItem(at: ItemPath(section: 0, item: 4)) === cellOfPhoto4)
    #expect((cellOfPhoto4 as? PhotoCell)?.photo?.title == "renamed 4")
  }

  @Test func updatesInOneFrameAreCoalescedAndAppliedOnTheTick() {
    let view = makeView()
    var items = photos(5)
    let source = photoSource(view) { items }
    items.append(Photo(id: 5, title: "five"))
    source.update()
    items.append(Photo(id: 6, title: "six"))
    source.update(animated: false)
    #expect(view.numberOfItems(inSection: 0) == 5, "nothing applied before the tick")
    #expect(view.isAnimating)
    view.tick(now: 1)
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 7)
    #expect(source.statistics.bodyEvaluations == 2, "two updates, one body")
    #expect(!view.isAnimatingUpdates, "one asked for no animation")
    #expect(shownTexts(view)[ItemPath(section: 0, item: 6)] == "six")
  }

  @Test func aConditionalItemFlipsWithoutDiffingItsNeighbours() {
    let view = makeView()
    let all = photos(1_000_000)
    var showsBanner = false
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: "main") {
        if showsBanner { ListContent("Banner", accessories: [.badge("new")]) }
        ForEach(all) { Cell(PhotoCell.self, $0) }
      }
    }
    view.layoutIfNeeded()
    showsBanner = true
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(source.statistics.groupsDiffed == 0)
    #expect(view.numberOfItems(inSection: 0) == 1_000_001)
    #expect(shownTexts(view)[ItemPath(section: 0, item: 0)] == "Banner")
    #expect(shownTexts(view)[ItemPath(section: 0, item: 1)] == "photo 0")
    showsBanner = false
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 1_000_000)
    #expect(shownTexts(view)[ItemPath(section: 0, item: 0)] == "photo 0")
  }

  @Test func sectionsAreMatchedByIdentifierAndHeadersFollowTheirContent() {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1)),
      viewportSize: Size(width: 40, height: 30))
    var order = ["a", "b", "c"]
    var title = "A"
    let source = DeclarativeDataSource(collectionView: view) {
      for name in order {
        Section(id: name, header: ListContent(name == "a" ? title : name.uppercased())) {
          ForEach(0..<3, id: \.self) { ListContent("\(name)\($0)") }
        }
      }
    }
    view.layoutIfNeeded()
    order = ["c", "a", "d"]
    title = "Alpha"
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(view.numberOfSections == 3)
    #expect(source.sectionIdentifier(for: 0) == AnyHashable("c"))
    #expect(shownTexts(view)[ItemPath(section: 1, item: 2)] == "a2")
    #expect(shownTexts(view)[ItemPath(section: 2, item: 0)] == "d0")
    let header = view.supplementaryView(
      forElementKind: SupplementaryKind.header, at: ItemPath(section: 1, item: 0))
    #expect((header as? ListContentSupplementaryView)?.content.text == "Alpha")
  }

  @Test func duplicateSectionIdentifiersShowTheFirstAndAreReportedOnce() {
    var diagnostics: [Diagnostic] = []
    let view = makeView { diagnostics.append($0) }
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: 1) { ListContent("first") }
      Section(id: 1) { ListContent("second") }
      Section(id: 2) { ListContent("third") }
    }
    view.layoutIfNeeded()
    source.updateNow()
    #expect(view.numberOfSections == 2)
    #expect(shownTexts(view)[ItemPath(section: 0, item: 0)] == "first")
    #expect(diagnostics.filter { $0.code == .duplicateIdentifier }.count == 1)
  }

  @Test func duplicateItemIdentifiersAllShowAndAnUpdateSaysSoOnce() {
    var diagnostics: [Diagnostic] = []
    let view = makeView { diagnostics.append($0) }
    var names = ["a", "b", "a", "c"]
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(names, id: \.self) { ListContent($0) }
    }
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 4)
    names.append("a")
    source.updateNow(animated: false)
    names.insert("b", at: 0)
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 6)
    #expect(shownTexts(view).sorted { $0.key < $1.key }.map(\.value) == names)
    #expect(diagnostics.filter { $0.code == .duplicateIdentifier }.count == 1)
    #expect(!diagnostics.contains { $0.code == .inconsistentUpdate })
  }

  @Test func anObservedPropertyConfiguresOnlyTheCellThatReadIt() {
    let view = makeView()
    let songs = (0..<1000).map { Song(id: $0, title: "song \($0)") }
    let library = Library(songs: songs)
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(library.songs) { song in ListContent(song.title) }
    }
    view.layoutIfNeeded()
    let configured = source.statistics.cellsConfigured
    songs[3].title = "renamed"
    #expect(view.isAnimating, "a change asks for a tick")
    view.tick(now: 1)
    view.layoutIfNeeded()
    #expect(shownTexts(view)[ItemPath(section: 0, item: 3)] == "renamed")
    #expect(source.statistics.cellsConfigured == configured + 1)
    #expect(source.statistics.bodyEvaluations == 1, "no body, no diff")
    // An item not displayed: nothing to do now; it shows its new title when it comes.
    songs[900].title = "far away"
    view.tick(now: 2)
    #expect(source.statistics.cellsConfigured == configured + 1)
    view.scrollToItem(at: ItemPath(section: 0, item: 900), at: .start, animated: false)
    view.layoutIfNeeded()
    #expect(shownTexts(view)[ItemPath(section: 0, item: 900)] == "far away")
  }

  /// Values whose cells read a model beside them: `observesModels()` watches what each
  /// displayed cell read, as for observable elements; without it, nothing is watched.
  @Test(arguments: [true, false]) func valuesWatchTheModelsTheirCellsRead(observed: Bool) {
    let view = makeView()
    let titles = Library(songs: (0..<3).map { Song(id: $0, title: "new \($0)") })
    let source = DeclarativeDataSource(collectionView: view) {
      let items = ForEach(0..<1_000, id: \.self) { item in
        ListContent(item < 3 ? titles.songs[item].title : "item \(item)")
      }
      if observed { items.observesModels() } else { items }
    }
    view.layoutIfNeeded()
    let configured = source.statistics.cellsConfigured
    titles.songs[1].title = "seen"
    view.tick(now: 1)
    view.layoutIfNeeded()
    let shown = shownTexts(view)[ItemPath(section: 0, item: 1)]
    #expect(shown == (observed ? "seen" : "new 1"))
    #expect(source.statistics.cellsConfigured == configured + (observed ? 1 : 0))
    #expect(source.statistics.bodyEvaluations == 1, "no body, no diff")
  }

  @Test func anObservedModelRunsTheBodyAgain() {
    let view = makeView()
    let library = Library(songs: (0..<5).map { Song(id: $0, title: "song \($0)") })
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(library.songs) { song in ListContent(song.title) }
      if library.showsFooter { ListContent("The end") }
    }
    view.layoutIfNeeded()
    library.songs.insert(Song(id: 9, title: "first"), at: 0)
    library.showsFooter = true
    view.tick(now: 1)
    view.settleUpdateAnimation()
    view.layoutIfNeeded()
    #expect(source.statistics.bodyEvaluations == 2)
    #expect(view.numberOfSections == 1, "the loose items share one section")
    #expect(view.numberOfItems(inSection: 0) == 7)
    #expect(shownTexts(view)[ItemPath(section: 0, item: 0)] == "first")
    #expect(shownTexts(view)[ItemPath(section: 0, item: 6)] == "The end")
  }

  @Test func theSelectionStaysWithItsItemThroughAnUpdate() {
    let view = makeView()
    var items = photos(20)
    let source = photoSource(view) { items }
    view.selectItem(at: ItemPath(section: 0, item: 5))
    items.insert(contentsOf: photos(3, from: 100), at: 0)
    source.updateNow(animated: false)
    #expect(source.selectedItemIdentifiers == [AnyHashable(5)])
    #expect(view.indexPathsForSelectedItems == [ItemPath(section: 0, item: 8)])
    #expect(source.indexPath(for: AnyHashable(5)) == ItemPath(section: 0, item: 8))
  }

  @Test func standardContentSaysItselfToAssistiveTechnology() {
    let view = makeView()
    let source = DeclarativeDataSource(collectionView: view) {
      ListContent(
        "Wi-Fi", secondary: "Home", symbol: "≋", accessories: [.toggle(isOn: true), .disclosure])
    }
    view.layoutIfNeeded()
    let cell = view.cellForItem(at: ItemPath(section: 0, item: 0))
    #expect(cell?.accessibilityLabel == "Wi-Fi")
    #expect(cell?.accessibilityValue == "Home, on")
    #expect(cell?.accessibilityHint == "opens more")
    // A standard header says its secondary text too (a heading's "nothing opened yet").
    let header = ListContentSupplementaryView()
    header.content = ListContent("Recently opened", secondary: "nothing opened yet")
    #expect(header.accessibilityLabel == "Recently opened")
    #expect(header.accessibilityValue == "nothing opened yet")
    withExtendedLifetime(source) {}
  }
}

/// Drags the item at `from` to the row under `y` (rows of 1 point) and drops it.
func drag(_ view: CollectionView, from: ItemPath, toY y: Double) {
  #expect(view.beginInteractiveMovementForItem(at: from))
  view.updateInteractiveMovementTargetPosition(Point(x: 5, y: y))
  view.layoutIfNeeded()
  view.endInteractiveMovement()
  view.settleUpdateAnimation()
  view.layoutIfNeeded()
}

/// Moves, appearances and the selection, declared.
struct DeclarativeInteractionTests {
  @Test func aForEachWithOnMoveIsReorderedByTheUserAndTheDataFollows() {
    var diagnostics: [Diagnostic] = []
    let view = makeView(rows: 20) { diagnostics.append($0) }
    var items = photos(10)
    let source = DeclarativeDataSource(collectionView: view) {
      ListContent("Header row")
      ForEach(items) { Cell(PhotoCell.self, $0) }
        .onMove { items.insert(items.remove(at: $0), at: $1) }
    }
    view.layoutIfNeeded()
    #expect(!source.collectionView(view, canMoveItemAt: ItemPath(section: 0, item: 0)))
    #expect(source.collectionView(view, canMoveItemAt: ItemPath(section: 0, item: 3)))
    drag(view, from: ItemPath(section: 0, item: 2), toY: 6.5)  // photo 1 to row 6
    #expect(items.map(\.id) == [0, 2, 3, 4, 5, 1, 6, 7, 8, 9])
    let shown = shownTexts(view)
    for (index, photo) in items.enumerated() {
      #expect(shown[ItemPath(section: 0, item: index + 1)] == photo.title, "row \(index + 1)")
    }
    // The next body finds nothing to do: the move is already shown, from the same array.
    let diffed = source.statistics.groupsDiffed
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(shownTexts(view) == shown)
    #expect(source.statistics.groupsDiffed == diffed)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
  }

  @Test func aMoveTheDataRefusesIsUndoneByAReload() {
    var diagnostics: [Diagnostic] = []
    let view = makeView(rows: 20) { diagnostics.append($0) }
    let items = photos(10)
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(items) { Cell(PhotoCell.self, $0) }.onMove { _, _ in }  // refuses
    }
    view.layoutIfNeeded()
    drag(view, from: ItemPath(section: 0, item: 1), toY: 5.5)
    view.tick(now: 100)
    view.layoutIfNeeded()
    let shown = shownTexts(view)
    for (index, photo) in items.enumerated() {
      #expect(shown[ItemPath(section: 0, item: index)] == photo.title, "row \(index)")
    }
    #expect(diagnostics.contains { $0.code == .inconsistentUpdate })
    withExtendedLifetime(source) {}
  }

  @Test func onAppearLoadsMoreWhenTheLastItemsShow() {
    let view = makeView(rows: 10)
    var items = photos(30)
    // The source holds its body: the body reaches the source weakly (a strong capture would be
    // a cycle, as LeakSanitizer says).
    final class Weak { weak var source: DeclarativeDataSource? }
    let weak = Weak()
    var loads = 0
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(items) { Cell(PhotoCell.self, $0) }
        .onAppear { photo in
          guard photo.id == items.count - 1 else { return }
          loads += 1
          items += photos(30, from: items.count)
          weak.source?.update()
        }
    }
    weak.source = source
    view.layoutIfNeeded()
    #expect(loads == 0)
    view.scrollToItem(at: ItemPath(section: 0, item: 29), at: .end, animated: false)
    view.layoutIfNeeded()
    #expect(loads == 1)
    view.tick(now: 1)
    view.settleUpdateAnimation()
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 60)
    view.scrollToItem(at: ItemPath(section: 0, item: 59), at: .end, animated: false)
    view.layoutIfNeeded()
    #expect(loads == 2)
    withExtendedLifetime(source) {}
  }

  @Test func theFocusIsSetAndReadByIdentifierAndFollowsItsItem() {
    var diagnostics: [Diagnostic] = []
    let view = makeView(rows: 10) { diagnostics.append($0) }
    var items = photos(100)
    let source = photoSource(view) { items }
    source.focusedItemIdentifier = AnyHashable(60)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 60))
    #expect(view.indexPathsForVisibleItems.contains(ItemPath(section: 0, item: 60)), "scrolled to")
    items.removeFirst(10)
    source.updateNow(animated: false)
    #expect(source.focusedItemIdentifier == AnyHashable(60), "the focus stays with its item")
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 50))
    source.focusedItemIdentifier = AnyHashable(5)  // gone
    #expect(source.focusedItemIdentifier == AnyHashable(60))
    #expect(diagnostics.contains { $0.code == .unknownIdentifier })
    source.focusedItemIdentifier = nil
    #expect(view.focusedIndexPath == nil)
  }

  @Test func theSelectionIsSetAndReadByIdentifier() {
    var diagnostics: [Diagnostic] = []
    let view = makeView(rows: 10) { diagnostics.append($0) }
    view.allowsMultipleSelection = true
    let items = photos(100)
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: 0) { ForEach(items.prefix(50)) { Cell(PhotoCell.self, $0) } }
      Section(id: 1) { ForEach(items.suffix(50)) { Cell(PhotoCell.self, $0) } }
    }
    view.layoutIfNeeded()
    source.selectedItemIdentifiers = [AnyHashable(3), AnyHashable(70), AnyHashable(999)]
    #expect(
      Set(view.indexPathsForSelectedItems)
        == [ItemPath(section: 0, item: 3), ItemPath(section: 1, item: 20)])
    #expect(Set(source.selectedItemIdentifiers) == [AnyHashable(3), AnyHashable(70)])
    #expect(diagnostics.contains { $0.code == .unknownIdentifier })
    source.selectedItemIdentifiers = [AnyHashable(70)]
    #expect(view.indexPathsForSelectedItems == [ItemPath(section: 1, item: 20)])
  }
}

/// Swipe actions, declared.
struct DeclarativeSwipeTests {
  @Test func aForEachsSwipeActionsOpenAndActOnTheirElement() {
    let view = makeView(rows: 10)
    var items = photos(20)
    var deleted: [Int] = []
    let source = DeclarativeDataSource(collectionView: view) {
      ListContent("Header row")
      ForEach(items) { Cell(PhotoCell.self, $0) }
        .swipeActions { photo in
          photo.id == 3
            ? []
            : [
              SwipeAction(title: "Delete", style: .destructive, width: 8) { _ in
                deleted.append(photo.id)
                items.removeAll { $0.id == photo.id }
              }
            ]
        }
    }
    view.layoutIfNeeded()
    #expect(view.trailingSwipeActionsProvider != nil, "installed: the body declares actions")
    #expect(
      !view.openSwipeActions(
        forItemAt: ItemPath(section: 0, item: 0), edge: .trailing, animated: false),
      "the header row has none")
    #expect(
      !view.openSwipeActions(
        forItemAt: ItemPath(section: 0, item: 4), edge: .trailing, animated: false),
      "photo 3 has none")
    #expect(
      !view.openSwipeActions(
        forItemAt: ItemPath(section: 0, item: 2), edge: .leading, animated: false),
      "none at the leading edge")
    #expect(
      view.openSwipeActions(
        forItemAt: ItemPath(section: 0, item: 2), edge: .trailing, animated: false))
    let action = view.revealedSwipeActions.first
    #expect(action?.action.title == "Delete")
    if let frame = action?.frame {
      #expect(view.performSwipeAction(at: Point(x: frame.midX, y: frame.midY)))
    }
    view.settleUpdateAnimation()
    #expect(deleted == [1])
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 20)
    #expect(shownTexts(view)[ItemPath(section: 0, item: 2)] == "photo 2")
  }

  @Test func aBodyWithoutSwipeActionsInstallsNoProviders() {
    let view = makeView()
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(photos(5)) { Cell(PhotoCell.self, $0) }
    }
    #expect(view.trailingSwipeActionsProvider == nil && view.leadingSwipeActionsProvider == nil)
    withExtendedLifetime(source) {}
  }
}

/// A collection that is a class, changed behind the body's back.
final class SharedNames: RandomAccessCollection {
  var names: [String]
  init(_ names: [String]) { self.names = names }
  var startIndex: Int { 0 }
  var endIndex: Int { names.count }
  subscript(position: Int) -> String { names[position] }
}

struct DeclarativeBadInputTests {
  @Test func aCollectionThatShrinksWithoutAnUpdateShowsBlankCellsNotACrash() {
    var diagnostics: [Diagnostic] = []
    let view = makeView(rows: 10) { diagnostics.append($0) }
    let names = SharedNames((0..<20).map { "name \($0)" })
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(names, id: \.self) { ListContent($0) }
    }
    view.layoutIfNeeded()
    names.names.removeLast(15)  // no update
    view.scrollToItem(at: ItemPath(section: 0, item: 19), at: .end, animated: false)
    view.layoutIfNeeded()
    #expect(shownTexts(view)[ItemPath(section: 0, item: 19)] == "")
    #expect(diagnostics.contains { $0.code == .dataSourceChangedWithoutReload })
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 5)
  }
}

/// Per-section layout settings, declared: rails.
struct DeclarativeRailsTests {
  @Test func eachSectionsRailComesFromItsDeclaration() {
    let layout = RailsLayout { _ in
      RailSection(scrolling: .none, itemWidth: .fractional(1), itemHeight: 99)
    }
    let view = CollectionView(layout: layout, viewportSize: Size(width: 40, height: 30))
    var featuredWidth = 0.5
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: "featured") { ForEach(photos(10)) { Cell(PhotoCell.self, $0) } }
        .rail(
          RailSection(scrolling: .paging, itemWidth: .fractional(featuredWidth), itemHeight: 6))
      Section(id: "all") { ForEach(photos(30, from: 100)) { Cell(PhotoCell.self, $0) } }
    }
    view.layoutIfNeeded()
    // The featured rail: items side by side, half the width each; the plain section: rows.
    let first = view.frameForItem(at: ItemPath(section: 0, item: 0))
    let second = view.frameForItem(at: ItemPath(section: 0, item: 1))
    #expect(first?.width == 20 && first?.height == 6, "\(String(describing: first))")
    #expect(second?.minX == 20 && second?.minY == first?.minY)
    let row = view.frameForItem(at: ItemPath(section: 1, item: 1))
    #expect(row?.width == 40 && row?.height == 1, "\(String(describing: row))")
    // The geometry changes with the body.
    featuredWidth = 0.25
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(view.frameForItem(at: ItemPath(section: 0, item: 0))?.width == 10)
  }
}

/// Restoration, declared: the position follows its item by identifier.
struct DeclarativeRestorationTests {
  @Test func aSavedPositionComesBackToItsItemAfterTheDataMoved() throws {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .estimated(3)), viewportSize: Size(width: 40, height: 10))
    view.diagnostics.handler = { _ in }
    var items = photos(1_000)
    let source = photoSource(view) { items }
    view.scrollToItem(at: ItemPath(section: 0, item: 500), at: .start, animated: false)
    view.contentOffset.y += 1
    view.layoutIfNeeded()
    let saved = try #require(source.savedScrollPosition(identifiedAs: Int.self))
    #expect(saved.identifier == 500)
    // A relaunch: the position written and read back, the data now with 100 more at the top.
    let data = try JSONEncoder().encode(saved)
    let read = try JSONDecoder().decode(SavedScrollPosition<Int>.self, from: data)
    items.insert(contentsOf: photos(100, from: 5_000), at: 0)
    let relaunched = CollectionView(
      layout: ListLayout(itemSizing: .estimated(3)), viewportSize: Size(width: 40, height: 10))
    relaunched.diagnostics.handler = { _ in }
    let again = DeclarativeDataSource(collectionView: relaunched) {
      ForEach(items) { Cell(PhotoCell.self, $0) }
    }
    #expect(again.restoreScrollPosition(read))
    let first = relaunched.indexPathsForVisibleItems.min()
    #expect(first.flatMap { again.itemIdentifier(for: $0) } == AnyHashable(500))
    #expect(
      abs(
        relaunched.contentOffset.y
          - relaunched.frameForItem(at: ItemPath(section: 0, item: 600))!.minY - 1) < 0.001)
  }
}

/// A declared `Cell` whose class another class's registration took stops at once, naming the
/// declaration, both classes and the identifier (rather than showing blank cells).
struct DeclaredCellRegistrationTests {
  @Test func aCellWhoseIdentifierAnotherClassTookStopsNamingBoth() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      final class Impostor: CollectionViewCell {}
      let view = CollectionView(layout: ListLayout())
      view.register(Impostor.self, forCellWithReuseIdentifier: "PhotoCell")
      let source = DeclarativeDataSource(collectionView: view) {
        ForEach([Photo(id: 1, title: "")]) { Cell(PhotoCell.self, $0) }
      }
      _ = source
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("Cell<PhotoCell>: reuse identifier"), "\(message)")
      #expect(message.contains("\"PhotoCell\" is registered for Impostor"), "\(message)")
    }
  }

  /// `registered(in:)` registers the cell and answers its identifier, once per collection view
  /// and content type; standard content registers its cell unless one is already there.
  @Test func registeredAnswersTheIdentifier() {
    let view = CollectionView(layout: ListLayout())
    #expect(Cell<PhotoCell>.registered(in: view) == PhotoCell.reuseIdentifier)
    #expect(view.cellRegistration(forReuseIdentifier: PhotoCell.reuseIdentifier) != nil)
    #expect(Cell<PhotoCell>.registered(in: view) == PhotoCell.reuseIdentifier, "again: no trap")
    #expect(ListContent.registered(in: view) == ListContent.reuseIdentifier)
    #expect(view.cellRegistration(forReuseIdentifier: ListContent.reuseIdentifier) != nil)
  }
}
