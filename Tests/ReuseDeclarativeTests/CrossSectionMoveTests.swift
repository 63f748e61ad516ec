import ReuseDeclarative
import ReuseKit
import Testing

/// Items that move between `ForEach`es: by the user (``ForEach/onMove(tag:perform:)``) and by
/// a new value of the data (an identifier that left one group for another is a move).
@Suite struct CrossSectionMoveTests {
  /// Two columns of photos, 0–4 and 10–14, each a section of one tagged `ForEach`.
  final class Board {
    var columns: [[Photo]] = [photos(5), photos(5, from: 10)]
  }

  private func expectShown(_ view: CollectionView, _ columns: [[Photo]]) {
    let shown = shownTexts(view)
    for (section, column) in columns.enumerated() {
      #expect(view.numberOfItems(inSection: section) == column.count, "section \(section)")
      for (item, photo) in column.enumerated() {
        #expect(shown[ItemPath(section: section, item: item)] == photo.title, "\(section).\(item)")
      }
    }
  }

  @Test func aDragCarriesAnItemIntoAnotherTaggedForEach() {
    let view = makeView(rows: 20)
    var diagnostics: [Diagnostic] = []
    view.diagnostics.handler = { diagnostics.append($0) }
    let board = Board()
    var moves: [ItemTransfer<Int>] = []
    let source = DeclarativeDataSource(collectionView: view) {
      for index in board.columns.indices {
        Section(id: index) {
          ForEach(board.columns[index]) { Cell(PhotoCell.self, $0) }
            .onMove(tag: index) { move in
              moves.append(move)
              move.apply(to: &board.columns)
            }
        }
      }
    }
    view.layoutIfNeeded()
    // Photo 1 (row 1) to the second column, below photo 11 (rows 5–9 are 10–14).
    drag(view, from: ItemPath(section: 0, item: 1), toY: 6.5)
    #expect(moves.count == 1)
    #expect(moves.first?.sourceTag == 0 && moves.first?.sourceIndex == 1)
    #expect(moves.first?.destinationTag == 1)
    #expect(board.columns[0].map(\.id) == [0, 2, 3, 4])
    #expect(board.columns[1].map(\.id).count == 6)
    #expect(board.columns[1].contains { $0.id == 1 })
    expectShown(view, board.columns)
    // And back, within the column it came to.
    let at = board.columns[1].firstIndex { $0.id == 1 }!
    drag(view, from: ItemPath(section: 1, item: at), toY: 8.5)
    #expect(moves.count == 2)
    #expect(moves.last?.sourceTag == 1 && moves.last?.destinationTag == 1)
    expectShown(view, board.columns)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    withExtendedLifetime(source) {}
  }

  /// Headers that count their items say the new counts after the user's move (the move sets
  /// the sections without a diff, so they are configured again on the next tick).
  @Test func headersCountAgainAfterAUsersMove() {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1)),
      viewportSize: Size(width: 40, height: 20))
    let board = Board()
    let source = DeclarativeDataSource(collectionView: view) {
      for index in board.columns.indices {
        Section(
          id: index,
          header: ListContent("column \(index)", secondary: "\(board.columns[index].count)")
        ) {
          ForEach(board.columns[index]) { Cell(PhotoCell.self, $0) }
            .onMove(tag: index) { $0.apply(to: &board.columns) }
        }
      }
    }
    view.layoutIfNeeded()
    func counts() -> [String?] {
      (0..<2).map {
        (view.supplementaryView(forElementKind: .header, at: ItemPath(section: $0, item: 0))
          as? ListContentSupplementaryView)?.content.secondaryText
      }
    }
    #expect(counts() == ["5", "5"])
    // Rows: 0 header, 1–5 photos 0–4, 6 header, 7–11 photos 10–14.
    drag(view, from: ItemPath(section: 0, item: 1), toY: 8.5)
    #expect(board.columns.map(\.count) == [4, 6])
    view.tick(now: 100)
    view.settleUpdateAnimation()
    view.layoutIfNeeded()
    #expect(counts() == ["4", "6"])
    withExtendedLifetime(source) {}
  }

  /// Content that depends on where an item is (a task in "Done" is checked) shows its new
  /// place after the user's move: the moved cell and its groups are configured again (the
  /// cell kept what it showed in its old section).
  @Test func aMovedItemShowsWhatItsNewPlaceSays() {
    let view = makeView(rows: 20)
    let board = Board()
    let source = DeclarativeDataSource(collectionView: view) {
      for index in board.columns.indices {
        Section(id: index) {
          ForEach(board.columns[index]) { ListContent("\($0.title) in \(index)") }
            .onMove(tag: index) { $0.apply(to: &board.columns) }
        }
      }
    }
    view.layoutIfNeeded()
    drag(view, from: ItemPath(section: 0, item: 1), toY: 6.5)
    view.tick(now: 100)
    view.settleUpdateAnimation()
    view.layoutIfNeeded()
    let at = board.columns[1].firstIndex { $0.id == 1 }
    #expect(at != nil)
    let shown = shownTexts(view)
    for (section, column) in board.columns.enumerated() {
      for (item, photo) in column.enumerated() {
        #expect(shown[ItemPath(section: section, item: item)] == "\(photo.title) in \(section)")
      }
    }
    withExtendedLifetime(source) {}
  }

  @Test func aForEachWithoutATagOfTheTypeTakesNoItem() {
    let view = makeView(rows: 20)
    let board = Board()
    var moves = 0
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: 0) {
        ForEach(board.columns[0]) { Cell(PhotoCell.self, $0) }
          .onMove(tag: 0) { move in
            moves += 1
            move.apply(to: &board.columns)
          }
      }
      Section(id: 1) {
        // Tagged by a string: another space.
        ForEach(board.columns[1]) { Cell(PhotoCell.self, $0) }.onMove(tag: "b") { _ in }
      }
    }
    view.layoutIfNeeded()
    let target = source.collectionView(
      view, targetIndexPathForMoveOfItemFrom: ItemPath(section: 0, item: 1),
      toProposedIndexPath: ItemPath(section: 1, item: 2))
    #expect(target == ItemPath(section: 0, item: 4), "the nearest end of its own group")
    // Places no layout proposes, from an app's own call: clamped, never a trap.
    for item in [Int.min, -7, 1_000, Int.max] {
      let clamped = source.collectionView(
        view, targetIndexPathForMoveOfItemFrom: ItemPath(section: 0, item: 1),
        toProposedIndexPath: ItemPath(section: 0, item: item))
      #expect(clamped == ItemPath(section: 0, item: item < 0 ? 0 : 4), "\(item)")
    }
    drag(view, from: ItemPath(section: 0, item: 1), toY: 7.5)
    #expect(board.columns[1].map(\.id) == [10, 11, 12, 13, 14])
    #expect(board.columns[0].count == 5)
    expectShown(view, board.columns)
    #expect(moves <= 1)
  }

  @Test func theTargetIsClampedToTheGroupItLandsIn() {
    let view = makeView(rows: 30)
    let board = Board()
    // A section of a banner, a tagged group, and a tagged group: a move into the second.
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: 0) {
        ListContent("banner")
        ForEach(board.columns[0]) { Cell(PhotoCell.self, $0) }.onMove(tag: 0) {
          $0.apply(to: &board.columns)
        }
        ForEach(board.columns[1]) { Cell(PhotoCell.self, $0) }.onMove(tag: 1) {
          $0.apply(to: &board.columns)
        }
      }
    }
    view.layoutIfNeeded()
    let from = ItemPath(section: 0, item: 2)  // photo 1
    // Over the banner: the first place of its own group.
    #expect(
      source.collectionView(
        view, targetIndexPathForMoveOfItemFrom: from,
        toProposedIndexPath: ItemPath(section: 0, item: 0))
        == ItemPath(section: 0, item: 1))
    // Past the end: the last place of the second group (its 5 items and the one coming: 6
    // places, starting at 5 once photo 1 has left the first).
    #expect(
      source.collectionView(
        view, targetIndexPathForMoveOfItemFrom: from,
        toProposedIndexPath: ItemPath(section: 0, item: 40)) == ItemPath(section: 0, item: 10))
    view.beginInteractiveMovementForItem(at: from)
    view.endInteractiveMovement()
    view.settleUpdateAnimation()
    source.collectionView(
      view, moveItemAt: from, to: ItemPath(section: 0, item: 10))
    view.layoutIfNeeded()
    #expect(board.columns[0].map(\.id) == [0, 2, 3, 4])
    #expect(board.columns[1].map(\.id) == [10, 11, 12, 13, 14, 1])
  }

  @Test func aMoveTheDataRefusesIsUndoneByAReload() {
    let view = makeView(rows: 20)
    var diagnostics: [Diagnostic] = []
    view.diagnostics.handler = { diagnostics.append($0) }
    let board = Board()
    let source = DeclarativeDataSource(collectionView: view) {
      for index in board.columns.indices {
        Section(id: index) {
          ForEach(board.columns[index]) { Cell(PhotoCell.self, $0) }.onMove(tag: index) { _ in }
        }
      }
    }
    view.layoutIfNeeded()
    drag(view, from: ItemPath(section: 0, item: 1), toY: 6.5)
    view.tick(now: 100)
    view.layoutIfNeeded()
    expectShown(view, board.columns)
    #expect(diagnostics.contains { $0.code == .inconsistentUpdate })
    withExtendedLifetime(source) {}
  }

  @Test func anUpdateThatMovesAnItemToAnotherSectionKeepsItsCellAndSelection() {
    let view = makeView(rows: 20)
    view.allowsMultipleSelection = true
    var diagnostics: [Diagnostic] = []
    view.diagnostics.handler = { diagnostics.append($0) }
    let board = Board()
    let source = DeclarativeDataSource(collectionView: view) {
      for index in board.columns.indices {
        Section(id: index) { ForEach(board.columns[index]) { Cell(PhotoCell.self, $0) } }
      }
    }
    view.layoutIfNeeded()
    view.selectItem(at: ItemPath(section: 0, item: 2))
    view.focusItem(at: ItemPath(section: 0, item: 2), scrollsIntoView: false)
    let cell = view.cellForItem(at: ItemPath(section: 0, item: 2))
    // Photo 2 to the top of the second column ("Done"), from code.
    let photo = board.columns[0].remove(at: 2)
    board.columns[1].insert(photo, at: 0)
    source.updateNow(animated: true)
    view.settleUpdateAnimation()
    view.layoutIfNeeded()
    expectShown(view, board.columns)
    #expect(view.cellForItem(at: ItemPath(section: 1, item: 0)) === cell, "moved, not made again")
    #expect(view.indexPathsForSelectedItems == [ItemPath(section: 1, item: 0)])
    #expect(view.focusedIndexPath == ItemPath(section: 1, item: 0))
    #expect(diagnostics.isEmpty, "\(diagnostics)")
  }

  @Test func itemsOfAnotherKindWithTheSameIdentifierAreNotJoined() {
    let view = makeView(rows: 20)
    var left = photos(3)  // 0, 1, 2 as photo cells
    var right = [7, 8]  // identifiers as standard content
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: 0) { ForEach(left) { Cell(PhotoCell.self, $0) } }
      Section(id: 1) { ForEach(right, id: \.self) { ListContent("number \($0)") } }
    }
    view.layoutIfNeeded()
    left.remove(at: 1)  // photo 1 goes
    right.insert(1, at: 0)  // a number 1 comes: another thing with the same identifier
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    let shown = shownTexts(view)
    #expect(shown[ItemPath(section: 0, item: 1)] == "photo 2")
    #expect(shown[ItemPath(section: 1, item: 0)] == "number 1")
    #expect(view.cellForItem(at: ItemPath(section: 1, item: 0)) is ListContentCell)
  }

  @Test func aTransferAppliesToArraysOrChangesNothing() {
    var keyed = ["a": [1, 2, 3], "b": [4]]
    #expect(
      ItemTransfer(sourceTag: "a", sourceIndex: 0, destinationTag: "b", destinationIndex: 1)
        .apply(to: &keyed))
    #expect(keyed == ["a": [2, 3], "b": [4, 1]])
    #expect(
      ItemTransfer(sourceTag: "a", sourceIndex: 1, destinationTag: "a", destinationIndex: 0)
        .apply(to: &keyed))
    #expect(keyed["a"] == [3, 2])
    for bad in [
      ItemTransfer(sourceTag: "a", sourceIndex: 5, destinationTag: "b", destinationIndex: 0),
      ItemTransfer(sourceTag: "a", sourceIndex: 0, destinationTag: "b", destinationIndex: 3),
      ItemTransfer(sourceTag: "a", sourceIndex: 0, destinationTag: "c", destinationIndex: 0),
      ItemTransfer(sourceTag: "a", sourceIndex: 0, destinationTag: "a", destinationIndex: 2),
    ] {
      #expect(!bad.apply(to: &keyed), "\(bad)")
    }
    #expect(keyed == ["a": [3, 2], "b": [4, 1]])
    var arrays = [[1, 2], [3]]
    #expect(
      ItemTransfer(sourceTag: 1, sourceIndex: 0, destinationTag: 0, destinationIndex: 2)
        .apply(to: &arrays))
    #expect(arrays == [[1, 2, 3], []])
    #expect(
      !ItemTransfer(sourceTag: 2, sourceIndex: 0, destinationTag: 0, destinationIndex: 0)
        .apply(to: &arrays))
  }
}

@Suite struct AnimatedUpdateTests {
  /// An update that moves items and changes a header glides on the clock: configuring the
  /// changed groups' cells again, and the header, does not end the glide (they did, as
  /// batches of their own, unanimated, and every declared update jumped to its end).
  @Test func anAnimatedUpdateGlidesToItsEnd() {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1)),
      viewportSize: Size(width: 40, height: 20))
    var items = photos(6)
    var title = "Photos"
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: 0, header: ListContent(title)) { ForEach(items) { Cell(PhotoCell.self, $0) } }
    }
    view.layoutIfNeeded()
    items.swapAt(0, 1)
    items[2].title = "renamed"
    title = "6 photos"
    source.updateNow(animated: true)
    #expect(view.isAnimating, "the swap glides")
    view.settleUpdateAnimation()
    view.layoutIfNeeded()
    #expect(!view.isAnimating)
    let shown = shownTexts(view)
    for (index, photo) in items.enumerated() {
      #expect(shown[ItemPath(section: 0, item: index)] == photo.title)
    }
    withExtendedLifetime(source) {}
    let header = view.supplementaryView(forElementKind: .header, at: ItemPath(section: 0, item: 0))
    #expect((header as? ListContentSupplementaryView)?.content.text == "6 photos")
  }
}

/// What a review found in the moves across groups, each a scenario that failed before.
@Suite struct CrossGroupReviewTests {
  /// Sections sorted by their counts, each header saying its count: an update that reorders
  /// the sections and changes their headers applies as one animated batch, not a reload (a
  /// section both moved and reconfigured was refused).
  @Test func sectionsThatMoveAndCountAgainAnimate() {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1)),
      viewportSize: Size(width: 40, height: 30))
    var diagnostics: [Diagnostic] = []
    view.diagnostics.handler = { diagnostics.append($0) }
    var columns = [photos(2), photos(4, from: 10)]
    let source = DeclarativeDataSource(collectionView: view) {
      for index in columns.indices.sorted(by: { columns[$0].count > columns[$1].count }) {
        Section(
          id: index, header: ListContent("column \(index)", secondary: "\(columns[index].count)")
        ) {
          ForEach(columns[index]) { Cell(PhotoCell.self, $0) }
        }
      }
    }
    view.layoutIfNeeded()
    columns[0] += photos(3, from: 100)  // column 0 now the longer: first
    columns[1].removeLast()
    source.updateNow(animated: true)
    #expect(view.isAnimating, "one animated batch")
    view.settleUpdateAnimation()
    view.layoutIfNeeded()
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let headers = (0..<2).map {
      (view.supplementaryView(forElementKind: .header, at: ItemPath(section: $0, item: 0))
        as? ListContentSupplementaryView)?.content
    }
    #expect(headers.map { $0?.text } == ["column 0", "column 1"])
    #expect(headers.map { $0?.secondaryText } == ["5", "3"])
  }

  /// A task finished moves into a "done" group the body makes just then: its cell (kept by
  /// the move) is configured again and shows it is done.
  @Test func anItemJoinedIntoANewGroupShowsItsNewContent() {
    let view = makeView(rows: 20)
    var open = photos(4)
    var done: [Photo] = []
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: 0) {
        ForEach(open) { ListContent("\($0.title) open") }
        if !done.isEmpty { ForEach(done) { ListContent("\($0.title) done") } }
      }
    }
    view.layoutIfNeeded()
    done.append(open.removeFirst())
    source.updateNow(animated: true)
    view.settleUpdateAnimation()
    view.layoutIfNeeded()
    let shown = shownTexts(view)
    #expect(shown[ItemPath(section: 0, item: 3)] == "photo 0 done", "\(shown)")
    #expect(shown[ItemPath(section: 0, item: 0)] == "photo 1 open")
  }

  /// An empty group after another in a section takes an item dragged from elsewhere at their
  /// boundary (it was never reached: the earlier group took the tie).
  @Test func anEmptyGroupAtABoundaryTakesAnItemFromElsewhere() {
    let view = makeView(rows: 20)
    var columns: [Int: [Photo]] = [0: photos(3), 1: [], 2: photos(3, from: 10)]
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: 0) {
        ForEach(columns[0]!) { Cell(PhotoCell.self, $0) }.onMove(tag: 0) { $0.apply(to: &columns) }
        ForEach(columns[1]!) { Cell(PhotoCell.self, $0) }.onMove(tag: 1) { $0.apply(to: &columns) }
      }
      Section(id: 1) {
        ForEach(columns[2]!) { Cell(PhotoCell.self, $0) }.onMove(tag: 2) { $0.apply(to: &columns) }
      }
    }
    view.layoutIfNeeded()
    let from = ItemPath(section: 1, item: 0)
    let target = source.collectionView(
      view, targetIndexPathForMoveOfItemFrom: from,
      toProposedIndexPath: ItemPath(section: 0, item: 3))
    #expect(target == ItemPath(section: 0, item: 3))
    view.beginInteractiveMovementForItem(at: from)
    view.endInteractiveMovement()
    view.settleUpdateAnimation()
    source.collectionView(view, moveItemAt: from, to: ItemPath(section: 0, item: 3))
    #expect(columns[1]?.map(\.id) == [10], "into the empty group")
    #expect(columns[0]?.count == 3)
  }
}
