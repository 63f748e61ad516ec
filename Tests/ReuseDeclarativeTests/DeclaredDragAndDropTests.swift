import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

/// A board of columns of cards, declared: each column a collection view over its cards, the
/// cards draggable between them.
final class DeclaredBoard {
  var columns: [[Photo]]
  let coordinator = DragCoordinator()
  var views: [CollectionView] = []
  var sources: [DeclarativeDataSource] = []
  var drops: [(column: Int, index: Int, ids: [Int], operation: DropOperation)] = []
  var messages: [String] = []

  init(columns: [[Photo]], copiesInto copying: Set<Int> = []) {
    self.columns = columns
    for column in columns.indices {
      let view = CollectionView(
        layout: ListLayout(itemSizing: .uniform(10)), viewportSize: Size(width: 100, height: 100))
      view.interactiveMovementAnimationDuration = 0
      view.diagnostics.handler = { [unowned self] in messages.append($0.message) }
      let source = DeclarativeDataSource(collectionView: view) { [unowned self] in
        ForEach(self.columns[column]) { photo in ListContent(photo.title) }
          .draggable { $0.id % 10 != 9 }  // a card ending in 9 stays put
          .onInsert(of: Photo.self, operation: copying.contains(column) ? .copy : .move) {
            [unowned self] index, photos, operation in
            drops.append((column, index, photos.map(\.id), operation))
            let ids = Set(photos.map(\.id))
            var moved = photos
            if operation == .move {
              for other in self.columns.indices {
                self.columns[other].removeAll { ids.contains($0.id) }
              }
            } else {
              moved = photos.map { Photo(id: $0.id + 10_000, title: $0.title + " copy") }
            }
            self.columns[column].insert(
              contentsOf: moved, at: min(index, self.columns[column].count))
          }
      }
      coordinator.add(
        view, frame: Rect(x: Double(column) * 110, y: 0, width: 100, height: 100))
      views.append(view)
      sources.append(source)
    }
  }

  /// What each view shows against what its column holds.
  func problems() -> [String] {
    var problems: [String] = []
    for (column, view) in views.enumerated() {
      view.layoutIfNeeded()
      if view.numberOfItems(inSection: 0) != columns[column].count {
        problems.append("column \(column): \(view.numberOfItems(inSection: 0)) items shown")
      }
      for path in view.indexPathsForVisibleItems {
        let shown = (view.cellForItem(at: path) as? ListContentCell)?.content.text
        if shown != columns[column][path.item].title {
          problems.append("column \(column) item \(path.item): \(shown ?? "nil")")
        }
      }
    }
    return problems
  }
}

struct DeclaredDragAndDropTests {
  @Test func aCardDraggedToAnotherColumnMovesInTheDataAndBothViews() {
    let board = DeclaredBoard(columns: [photos(20), photos(20, from: 100)])
    #expect(board.views[0].dragDelegate === board.sources[0], "the source is the delegate")
    // Item 2 of the first column, dropped after item 3 of the second (y 35 is item 3's
    // lower half).
    #expect(
      board.coordinator.beginDrag(
        from: board.views[0], at: ItemPath(section: 0, item: 2), location: Point(x: 50, y: 25)))
    board.coordinator.moveDrag(to: Point(x: 160, y: 37))
    board.views[1].layoutIfNeeded()
    #expect(board.coordinator.session?.operation == .move)
    #expect(board.coordinator.drop())
    #expect(board.drops.count == 1 && board.drops[0].ids == [2])
    #expect(board.columns[0].count == 19 && !board.columns[0].contains { $0.id == 2 })
    #expect(board.columns[1][board.drops[0].index].id == 2)
    #expect(board.problems().isEmpty, "\(board.problems())")
    #expect(board.messages.isEmpty, "no reload fell back: \(board.messages)")
    // A later body finds nothing left to change.
    let diffed = board.sources.map(\.statistics.groupsDiffed)
    for source in board.sources { source.update() }
    for view in board.views { view.tick(now: 1) }
    #expect(board.problems().isEmpty)
    #expect(board.sources.map(\.statistics.groupsDiffed) == diffed, "no diff after the drop")
  }

  @Test func undraggableCardsStayAndACopyingColumnCopies() {
    let board = DeclaredBoard(columns: [photos(20), photos(5, from: 100)], copiesInto: [1])
    #expect(
      !board.coordinator.beginDrag(
        from: board.views[0], at: ItemPath(section: 0, item: 9), location: Point(x: 50, y: 95)),
      "id 9 may not be dragged")
    // Items 1 and 9 selected; a drag from 1 carries 1 alone (9 may not go).
    board.views[0].allowsMultipleSelection = true
    board.views[0].selectItem(at: ItemPath(section: 0, item: 1))
    board.views[0].selectItem(at: ItemPath(section: 0, item: 9))
    #expect(
      board.coordinator.beginDrag(
        from: board.views[0], at: ItemPath(section: 0, item: 1), location: Point(x: 50, y: 15)))
    #expect(board.coordinator.session?.items == [ItemPath(section: 0, item: 1)])
    board.coordinator.moveDrag(to: Point(x: 160, y: 80))
    board.views[1].layoutIfNeeded()
    #expect(board.coordinator.session?.operation == .copy)
    #expect(board.coordinator.drop())
    #expect(board.columns[0].count == 20, "a copy leaves the source as it was")
    #expect(board.columns[1].contains { $0.id == 10_001 })
    #expect(board.problems().isEmpty, "\(board.problems())")
  }

  @Test func aColumnThatTakesNoDropsForbidsThem() {
    let view = makeView(rows: 10)
    let other = makeView(rows: 10)
    let coordinator = DragCoordinator()
    let items = photos(10)
    let names = ["a", "b"]
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(items) { ListContent($0.title) }.draggable()
    }
    let target = DeclarativeDataSource(collectionView: other) {
      ForEach(names, id: \.self) { ListContent($0) }
        .onInsert(of: String.self) { _, _, _ in Issue.record("strings only") }
    }
    coordinator.add(view, frame: Rect(x: 0, y: 0, width: 40, height: 10))
    coordinator.add(other, frame: Rect(x: 50, y: 0, width: 40, height: 10))
    #expect(
      coordinator.beginDrag(
        from: view, at: ItemPath(section: 0, item: 0), location: Point(x: 5, y: 0.5)))
    coordinator.moveDrag(to: Point(x: 60, y: 1))
    other.layoutIfNeeded()
    #expect(coordinator.session?.operation == .forbidden, "photos are not strings")
    #expect(!coordinator.drop())
    withExtendedLifetime((source, target)) {}
  }

  /// A column whose operation is chosen per drag takes cards only from the view it names
  /// (the board's Done, only from Review): a drag from elsewhere is forbidden and drops
  /// nothing; from the named view it moves.
  @Test func aColumnChoosesTheOperationForEachDrag() {
    let coordinator = DragCoordinator()
    var columns = [photos(5), photos(5, from: 100), photos(2, from: 200)]
    let views = (0..<3).map { _ in makeView(rows: 10) }
    var asked: [CollectionView?] = []
    let sources = views.indices.map { index in
      DeclarativeDataSource(collectionView: views[index]) {
        ForEach(columns[index]) { ListContent($0.title) }
          .draggable()
          .onInsert(
            of: Photo.self,
            operation: { session in
              asked.append(session.source)
              return index != 2 || session.source === views[1] ? .move : .forbidden
            },
            perform: { at, photos, _ in
              let ids = Set(photos.map(\.id))
              for other in columns.indices { columns[other].removeAll { ids.contains($0.id) } }
              columns[index].insert(contentsOf: photos, at: min(at, columns[index].count))
            })
      }
    }
    for (index, view) in views.enumerated() {
      coordinator.add(view, frame: Rect(x: Double(index) * 50, y: 0, width: 40, height: 10))
    }
    /// A drag of column `column`'s card `item` over the last column.
    func dragOverTheLast(from column: Int, item: Int) {
      #expect(
        coordinator.beginDrag(
          from: views[column], at: ItemPath(section: 0, item: item),
          location: Point(x: Double(column) * 50 + 5, y: Double(item) + 0.5)))
      coordinator.moveDrag(to: Point(x: 105, y: 1.2))
      views[2].layoutIfNeeded()
    }
    // From the first column to the last: forbidden.
    dragOverTheLast(from: 0, item: 0)
    #expect(coordinator.session?.operation == .forbidden)
    #expect(asked.last.flatMap { $0 } === views[0], "asked with the drag's session")
    #expect(!coordinator.drop())
    #expect(columns.map(\.count) == [5, 5, 2])
    // From the second: moved.
    dragOverTheLast(from: 1, item: 1)
    #expect(coordinator.session?.operation == .move)
    #expect(coordinator.drop())
    for view in views {
      view.settleUpdateAnimation()
      view.layoutIfNeeded()
    }
    #expect(columns.map(\.count) == [5, 4, 3])
    #expect(columns[2].contains { $0.id == 101 })
    for (index, view) in views.enumerated() {
      #expect(view.numberOfItems(inSection: 0) == columns[index].count)
    }
    withExtendedLifetime(sources) {}
  }

  /// Rows one point tall with the pointer at a row's middle (a terminal's cell centre): coming
  /// in from the side or up onto a row drops before it, coming down onto it after it, so both
  /// the first and the last place of a full column are reached (every drop went after the
  /// row: none could land first).
  @Test(arguments: [false, true])
  func theMiddleOfARowDropsBeforeOrAfterAsThePointerCame(down: Bool) {
    let coordinator = DragCoordinator()
    var columns = [photos(3), photos(10, from: 100)]  // the second fills its 10 rows
    let views = [makeView(rows: 10), makeView(rows: 10)]
    let sources = views.indices.map { index in
      DeclarativeDataSource(collectionView: views[index]) {
        ForEach(columns[index]) { ListContent($0.title) }
          .draggable()
          .onInsert(of: Photo.self) { at, photos, _ in
            let ids = Set(photos.map(\.id))
            for other in columns.indices { columns[other].removeAll { ids.contains($0.id) } }
            columns[index].insert(contentsOf: photos, at: min(at, columns[index].count))
          }
      }
    }
    for (index, view) in views.enumerated() {
      coordinator.add(view, frame: Rect(x: Double(index) * 50, y: 0, width: 40, height: 10))
    }
    #expect(
      coordinator.beginDrag(
        from: views[0], at: ItemPath(section: 0, item: 0), location: Point(x: 5, y: 0.5)))
    // In from the side at a row's middle, then down to the last row, or up to the first.
    let rows: [Double] = down ? [5.5, 7.5, 9.5] : [5.5, 2.5, 0.5]
    for y in rows {
      coordinator.moveDrag(to: Point(x: 60, y: y))
      views[1].layoutIfNeeded()
    }
    #expect(coordinator.session?.destination == ItemPath(section: 0, item: down ? 10 : 0))
    #expect(coordinator.drop())
    for view in views {
      view.settleUpdateAnimation()
      view.layoutIfNeeded()
    }
    #expect(down ? columns[1].last?.id == 0 : columns[1].first?.id == 0, "\(columns[1].map(\.id))")
    withExtendedLifetime(sources) {}
  }
}
