import Observation
import ReuseKit

// How a ForEach (and an item declared on its own) takes part in a section: its count, cells,
// identifiers and the changes between two evaluations of a body.

extension ForEach: ItemGroup {
  var count: Int { shownIdentifiers?.count ?? core.count }

  func presented(in context: GroupContext) -> (any ItemGroup)? {
    guard core.tokenIsUnknown else { return nil }
    var copy = self
    copy.shownIdentifiers = identifiers()
    return copy
  }

  var contentType: ObjectIdentifier { ObjectIdentifier(Content.self) }

  func register(in collectionView: CollectionView) -> String {
    Content.registered(in: collectionView)
  }

  var canMove: Bool { modifiers.moveAction != nil || modifiers.transfer != nil }

  func move(from source: Int, to destination: Int) {
    if let moveAction = core.modifiers.moveAction {
      moveAction(source, destination)
    } else if let transfer = core.modifiers.transfer {
      transfer.perform(source, transfer.tag, destination)
    }
  }

  var moveTransfer: MoveTransfer? { modifiers.transfer }

  func anyIdentifiers() -> [AnyHashable] { identifiers().map { AnyHashable($0) } }

  func searchableText(at index: Int) -> String? { searchTextAt?(index) }

  func element(at index: Int) -> Any? { index < data.count ? core.element(at: index) : nil }

  func span(at index: Int) -> ItemSpan? { index < data.count ? modifiers.spanAt?(index) : nil }

  var declaresSpans: Bool { modifiers.spanAt != nil }

  func canDrag(at index: Int) -> Bool { index < data.count && modifiers.dragFilter?(index) == true }

  var dropHandler: DropHandler? { modifiers.insertion }

  var declaresDragAndDrop: Bool { modifiers.dragFilter != nil || modifiers.insertion != nil }

  func swipeActions(at index: Int, leading: Bool) -> SwipeActionsConfiguration? {
    (leading ? modifiers.leadingSwipe : modifiers.trailingSwipe)?(index)
  }

  var hasSwipeActions: Bool { modifiers.leadingSwipe != nil || modifiers.trailingSwipe != nil }

  var declarations: GroupDeclarations {
    let core = core
    var declared: GroupDeclarations = []
    if core.modifiers.leadingSwipe != nil || core.modifiers.trailingSwipe != nil {
      declared.insert(.swipeActions)
    }
    if core.modifiers.dragFilter != nil || core.modifiers.insertion != nil {
      declared.insert(.dragAndDrop)
    }
    if core.modifiers.spanAt != nil { declared.insert(.spans) }
    return declared
  }

  func cellMaker(identifier: String, tracker: ObservationTracker) -> CellMaker {
    let plain = tracked(core.bindIdentifier(identifier), by: tracker)
    guard let appear = core.modifiers.appearAction else { return plain }
    return ClosureCellMaker { index, indexPath, view in
      let cell = plain(index, indexPath, view)
      appear(index)
      return cell
    }
  }

  /// `plain`, watching what each new cell reads of an `Observable` element.
  private func tracked(_ plain: CellMaker, by tracker: ObservationTracker) -> CellMaker {
    guard observes else { return plain }
    let identify = identify
    let elementAt = elementAt
    return ClosureCellMaker { [weak tracker] index, indexPath, view in
      guard let tracker else { return plain(index, indexPath, view) }
      return tracker.tracking(AnyHashable(identify(elementAt(index)))) {
        plain(index, indexPath, view)
      }
    }
  }

  func identifier(at index: Int) -> AnyHashable {
    AnyHashable(identify(core.element(at: index)))
  }

  func changes(from old: any ItemGroup) -> GroupChanges? {
    guard let old = old as? Self else { return nil }
    // A recorded array made from the one shown by its own edits: the edits, applied.
    if let recorded = core.data as? any EditRecording,
      let shown = old.core.data as? any EditRecording, recorded.journal === shown.journal,
      let edits = recorded.journal.edits(
        from: shown.generation, to: recorded.generation,
        limit: type(of: recorded).appliedEditLimit)
    {
      let (identify, before, after) = (identify, old.core, core)
      let changes = batch(applying: edits, toCount: before.data.count) { oldIndex, newIndex in
        identify(before.element(at: oldIndex)) == identify(after.element(at: newIndex))
      }
      return GroupChanges(changes: changes, duplicates: 0, diffed: false)
    }
    return GroupChanges(
      diffing: old.shownIdentifiers ?? old.identifiers(), to: shownIdentifiers ?? identifiers())
  }

  var name: String { "ForEach<\(Data.self), \(ID.self)>" }
}

/// What changed in a group between two bodies, in section 0.
struct GroupChanges {
  var changes: Changeset
  /// How many identifiers repeat.
  var duplicates: Int
  /// Whether the identifiers were diffed (not the edits of a `RecordedArray` applied, nor an
  /// outline's expansion read side by side).
  var diffed: Bool

  init(changes: Changeset, duplicates: Int, diffed: Bool) {
    self.changes = changes
    self.duplicates = duplicates
    self.diffed = diffed
  }

  /// The changes from `old` to `new` identifiers, found by the diff.
  init<ID: Hashable>(diffing old: [ID], to new: [ID]) {
    (changes, duplicates) = itemChanges(from: old, to: new)
    diffed = true
  }
}

/// The changes from `old` to `new` identifiers, in section 0, and how many repeat.
@_specialize(exported:false,where ID == Int)
@_specialize(exported:false,where ID == String)
func itemChanges<ID: Hashable>(
  from old: [ID], to new: [ID]
) -> (
  changes: Changeset, duplicates: Int
) {
  let (stages, duplicates) = sectionedChanges(
    oldSections: [0], newSections: [0], oldItems: old, oldStarts: [0, old.count],
    newItems: new, newStarts: [0, new.count], sectionContentChanged: { _, _ in false },
    itemContentChanged: { _, _ in false }, contentUpdate: .reconfigure,
    itemContentsCanChange: false)
  return (stages.first ?? Changeset(), duplicates)
}

/// One item declared on its own (`ListContent("Load more")` in a section): identified by its
/// place in the declaration.
struct SingleItem<Content: CellContent>: ItemGroup {
  let content: Content
  let token: DataToken

  init(_ content: Content) {
    self.content = content
    token = (content as? any Hashable).map { .version(AnyHashable($0)) } ?? .unknown
  }

  var count: Int { 1 }
  var contentType: ObjectIdentifier { ObjectIdentifier(Content.self) }
  func register(in collectionView: CollectionView) -> String {
    Content.registered(in: collectionView)
  }
  func cellMaker(identifier: String, tracker: ObservationTracker) -> CellMaker {
    let content = content
    return ClosureCellMaker { _, indexPath, view in
      content.makeCell(in: view, at: indexPath, identifier: identifier)
    }
  }
  func identifier(at index: Int) -> AnyHashable { AnyHashable(0) }
  func searchableText(at index: Int) -> String? { (content as? ListContent)?.text }
  func changes(from old: any ItemGroup) -> GroupChanges? {
    old is Self ? GroupChanges(changes: Changeset(), duplicates: 0, diffed: false) : nil
  }
  var name: String { "\(Content.self)" }
}
