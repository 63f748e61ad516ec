import ReuseKit
import ReuseTestSupport
import Testing

@testable import ReuseDiffing

@Suite struct DiffTests {
  private func tokens(_ ids: [Int]) -> [Token] { ids.map { Token(id: $0, content: 0) } }

  @Test func oneElementMovedIsOneMove() {
    let old = tokens(Array(0..<100))
    let new = tokens(Array(1..<100) + [0])
    let changes = StagedChangeset(source: old, target: new)
    #expect(changes.count == 1)
    #expect(
      changes[0].movedItems == [
        ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 99))
      ])
    #expect(changes[0].changeCount == 1)
  }

  @Test func aReversalKeepsOneAndMovesTheRest() {
    let changes = StagedChangeset(
      source: tokens(Array(0..<10)), target: tokens((0..<10).reversed()))
    #expect(changes[0].movedItems.count == 9)
    #expect(changes[0].deletedItems.isEmpty && changes[0].insertedItems.isEmpty)
  }

  @Test func deletesAndInsertsUseBeforeAndAfterPaths() {
    let changes = StagedChangeset(source: tokens([1, 2, 3, 4]), target: tokens([1, 5, 3, 4, 6]))
    #expect(changes.count == 1)
    #expect(changes[0].deletedItems == [ItemPath(section: 0, item: 1)])
    #expect(
      changes[0].insertedItems == [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 4)])
  }

  @Test func contentChangesReconfigureOrReloadAndAMovedChangeIsASecondStage() {
    let old = (1...5).map { Token(id: $0, content: 0) }
    var new = old
    new[1].content = 9
    let reconfigure = StagedChangeset(source: old, target: new)
    #expect(reconfigure.stages == [Changeset(reconfiguredItems: [ItemPath(section: 0, item: 1)])])
    let reload = StagedChangeset(source: old, target: new, contentUpdate: .reload)
    #expect(reload.stages == [Changeset(reloadedItems: [ItemPath(section: 0, item: 1)])])
    // Move the changed element to the end: moved in stage 1, reconfigured in stage 2.
    new.append(new.remove(at: 1))
    let staged = StagedChangeset(source: old, target: new)
    #expect(staged.count == 2)
    #expect(
      staged[0].movedItems == [
        ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 4))
      ])
    #expect(staged[0].reconfiguredItems.isEmpty)
    #expect(staged[1] == Changeset(reconfiguredItems: [ItemPath(section: 0, item: 4)]))
  }

  @Test func itemsMoveAcrossSectionsAndLeaveDeletedSectionsByDeletion() {
    let a = Token(id: 100, content: 0)
    let b = Token(id: 200, content: 0)
    let c = Token(id: 300, content: 0)
    let old = [
      TokenSection(model: a, elements: tokens([1, 2, 3])),
      TokenSection(model: b, elements: tokens([4, 5])),
      TokenSection(model: c, elements: tokens([6])),
    ]
    // 2 moves from A to B; C is deleted and its 6 reappears in A.
    let new = [
      TokenSection(model: a, elements: tokens([1, 3, 6])),
      TokenSection(model: b, elements: tokens([4, 2, 5])),
    ]
    let changes = StagedChangeset(source: old, target: new)
    #expect(changes.count == 1)
    let stage = changes[0]
    #expect(stage.deletedSections == [2])
    #expect(
      stage.movedItems == [
        ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1))
      ])
    #expect(stage.insertedItems == [ItemPath(section: 0, item: 2)], "6 left a deleted section")
    #expect(stage.deletedItems.isEmpty, "6 goes with its section")
  }

  @Test func sectionsMoveAndRetitledSectionsAreReconfigured() {
    let old = (0..<4).map { TokenSection(model: Token(id: $0, content: 0), elements: []) }
    var new = [old[3], old[0], old[1], old[2]]
    new[2].model.content = 1  // section 1 retitled, not moved
    let changes = StagedChangeset(source: old, target: new)
    #expect(changes.count == 1)
    #expect(changes[0].movedSections == [SectionMove(from: 3, to: 0)])
    #expect(changes[0].reconfiguredSections == [1])
  }

  @Test func duplicatesFollowThePolicyWithADiagnostic() {
    let diagnostics = Diagnostics(handler: nil)
    let old = tokens([7, 7, 1, 7])
    let new = tokens([1, 7, 7, 7, 7])
    let changes = StagedChangeset(source: old, target: new, diagnostics: diagnostics)
    #expect(changes.duplicatedIdentifiers == 1)
    #expect(diagnostics.count(of: .duplicateIdentifier) == 1)
    // Still valid and exact.
    let section = { (elements: [Token]) in
      [TokenSection(model: Token(id: 0, content: 0), elements: elements)]
    }
    let result = referenceApply(changes[0], to: section(old), target: section(new))
    #expect(result?.result == section(new))
  }

  @Test func emptyVersions() {
    #expect(StagedChangeset(source: [Token](), target: []).isEmpty)
    #expect(
      StagedChangeset(source: [], target: tokens([1, 2])).stages == [
        Changeset(insertedItems: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
      ])
    #expect(
      StagedChangeset(source: tokens([1, 2]), target: []).stages == [
        Changeset(deletedItems: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
      ])
  }

  @Test func stringsAreTheirOwnIdentity() {
    let changes = StagedChangeset(source: ["a", "b", "c"], target: ["c", "a", "b", "d"])
    #expect(changes[0].movedItems.count == 1)
    #expect(changes[0].insertedItems == [ItemPath(section: 0, item: 3)])
  }
}

/// The classic invalid updates: each is a typed error with UIKit's facts, never a crash.
@Suite struct ChangesetValidationTests {
  private func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  @Test func insertWithoutACountChange() {
    let result = Changeset(insertedItems: [path(0, 5)]).validate(
      oldItemCounts: [5], newItemCounts: [5])
    #expect(result.failure == .itemOutOfRange(.insert, path(0, 5), itemCount: 5))
    let inside = Changeset(insertedItems: [path(0, 2)]).validate(
      oldItemCounts: [5], newItemCounts: [5])
    #expect(
      inside.failure
        == .invalidNumberOfItems(
          section: 0, before: 5, after: 5, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))
    #expect(
      inside.failure?.description.contains(
        "The number of items contained in an existing section after the update (5)") == true)
  }

  @Test func deleteOutOfRange() {
    let result = Changeset(deletedItems: [path(0, 7)]).validate(
      oldItemCounts: [5], newItemCounts: [4])
    #expect(result.failure == .itemOutOfRange(.delete, path(0, 7), itemCount: 5))
    let section = Changeset(deletedSections: [3]).validate(
      oldItemCounts: [5], newItemCounts: [])
    #expect(section.failure == .sectionOutOfRange(.delete, section: 3, sectionCount: 1))
  }

  @Test func movingADeletedItem() {
    let result = Changeset(
      deletedItems: [path(0, 1)], movedItems: [ItemMove(from: path(0, 1), to: path(0, 0))]
    ).validate(oldItemCounts: [3], newItemCounts: [2])
    #expect(result.failure == .conflictingItemOperations(path(0, 1), .delete, .moveSource))
  }

  @Test func reloadingAMovedItemAndTwoInsertsAtOnePlace() {
    let reloadMoved = Changeset(
      movedItems: [ItemMove(from: path(0, 0), to: path(0, 2))], reloadedItems: [path(0, 0)]
    ).validate(oldItemCounts: [3], newItemCounts: [3])
    #expect(reloadMoved.failure == .conflictingItemOperations(path(0, 0), .moveSource, .reload))
    let twice = Changeset(insertedItems: [path(0, 1), path(0, 1)]).validate(
      oldItemCounts: [3], newItemCounts: [5])
    #expect(twice.failure == .conflictingItemOperations(path(0, 1), .insert, .insert))
  }

  @Test func sectionCountsAndItemsInsideChangedSections() {
    let count = Changeset(insertedSections: [0]).validate(
      oldItemCounts: [2], newItemCounts: [2])
    #expect(
      count.failure == .invalidNumberOfSections(before: 1, after: 1, inserted: 1, deleted: 0))
    let intoInserted = Changeset(insertedSections: [1], insertedItems: [path(1, 0)]).validate(
      oldItemCounts: [2], newItemCounts: [2, 3])
    #expect(intoInserted.failure == .itemInInsertedSection(.insert, path(1, 0)))
    let fromDeleted = Changeset(deletedSections: [0], deletedItems: [path(0, 0)]).validate(
      oldItemCounts: [2, 1], newItemCounts: [1])
    #expect(fromDeleted.failure == .itemInRemovedSection(.delete, path(0, 0)))
  }

  @Test func aValidBatchMapsEveryItem() throws {
    // Before: s0 = [a b c d], s1 = [e f]. Delete b, move d to s1 front, insert x at s0[0],
    // move section 1 before section 0, insert section at the end.
    let changeset = Changeset(
      insertedSections: [2], movedSections: [SectionMove(from: 1, to: 0)],
      deletedItems: [path(0, 1)], insertedItems: [path(1, 0)],
      movedItems: [ItemMove(from: path(0, 3), to: path(0, 0))])
    let mapping = try changeset.validate(oldItemCounts: [4, 2], newItemCounts: [3, 3, 7]).get()
    // After: s0 (old s1) = [d e f], s1 (old s0) = [x a c], s2 new.
    #expect(mapping.newIndexPath(forOld: path(0, 0)) == path(1, 1))  // a
    #expect(mapping.newIndexPath(forOld: path(0, 1)) == nil)  // b deleted
    #expect(mapping.newIndexPath(forOld: path(0, 2)) == path(1, 2))  // c
    #expect(mapping.newIndexPath(forOld: path(0, 3)) == path(0, 0))  // d moved
    #expect(mapping.newIndexPath(forOld: path(1, 0)) == path(0, 1))  // e
    #expect(mapping.newIndexPath(forOld: path(1, 1)) == path(0, 2))  // f
    #expect(mapping.oldIndexPath(forNew: path(1, 0)) == nil)  // x inserted
    #expect(mapping.oldIndexPath(forNew: path(2, 3)) == nil)  // new section
    #expect(mapping.oldFlatIndices() == [3, 4, 5, -1, 0, 2] + Array(repeating: -1, count: 7))
  }
}
