import ReuseKit

/// An array that records its edits, so that a ``ForEach`` over it shows a new value by applying
/// the edits made since the value shown, as one batch, in O(edits): no identifier is gathered
/// and no diff is run, however many elements it holds.
///
/// ```swift
/// @Observable final class Inbox { var messages = RecordedArray<Message>() }
///
/// DeclarativeDataSource(collectionView: collectionView) {
///   ForEach(inbox.messages) { ListContent($0.subject) }
/// }
///
/// inbox.messages.insert(message, at: 0)   // the next body inserts one row
/// inbox.messages.move(from: 8, to: 2)      // and moves one
/// ```
///
/// A plain array works as well: a new value of it is diffed by identifier, O(n) (21 ms for a
/// million identifiers with 100,000 changed). A recorded array is for long lists edited a
/// few elements at a time: a chat's history, a feed, a log.
///
/// ### When it is diffed after all
/// The edits are kept in a journal its copies share. A value shown and the next one apply as
/// edits when the second was made from the first by its own methods. They are diffed by
/// identifier, as a plain array, when they are not related that way (another recorded array;
/// two copies edited apart, each going its own way), when more than ``journalLimit`` edits
/// lie between them (the oldest are let go), or when more than ``appliedEditLimit`` do (a
/// diff is then as cheap). An element replaced through the subscript keeps its row when its
/// identifier stays (the row is configured again), and is removed and inserted otherwise.
/// Duplicate identifiers are not looked for on the edits' path.
///
/// ### Threads
/// Its copies share their journal, so it is not `Sendable`: edit it where its declaration is
/// (the main thread, as a rule), and hand another thread ``elements``.
public struct RecordedArray<Element>: RandomAccessCollection {
  /// A position: from 0.
  public typealias Index = Int
  /// Every position.
  public typealias Indices = Range<Int>

  @usableFromInline var storage: [Element]
  /// The journal this value's edits are written to, shared with the copies it was made from.
  @usableFromInline var journal: EditJournal
  /// How many edits of the journal made this value.
  @usableFromInline var generation: Int

  /// The most edits the journal keeps; older ones are let go.
  public static var journalLimit: Int { 4_096 }
  /// The most edits applied between two values shown; more are diffed instead.
  public static var appliedEditLimit: Int { 256 }

  /// An array of `elements`, its journal empty.
  public init(_ elements: [Element] = []) {
    storage = elements
    journal = EditJournal()
    generation = 0
  }

  /// The elements, as a plain array.
  public var elements: [Element] { storage }

  /// 0.
  public var startIndex: Int { 0 }
  /// The count.
  public var endIndex: Int { storage.count }

  /// The element at `position`. Setting it records a replacement.
  public subscript(position: Int) -> Element {
    get { storage[position] }
    set {
      storage[position] = newValue
      record(.replace(position))
    }
  }

  /// Calls `body` with the elements' storage (how a body tells a value it showed, in O(1)).
  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    try storage.withContiguousStorageIfAvailable(body)
  }

  /// Adds `element` at the end.
  public mutating func append(_ element: Element) {
    insert(element, at: storage.count)
  }

  /// Adds `elements` at the end, one edit for all of them.
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    let start = storage.count
    storage.append(contentsOf: elements)
    guard storage.count > start else { return }
    record(.insert(start, storage.count - start))
  }

  /// Inserts `element` at `index` (`0...count`).
  public mutating func insert(_ element: Element, at index: Int) {
    storage.insert(element, at: index)
    record(.insert(index, 1))
  }

  /// Removes and returns the element at `index`.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = storage.remove(at: index)
    record(.remove(index, 1))
    return element
  }

  /// Removes the elements in `range`, one edit for all of them.
  public mutating func removeSubrange(_ range: Range<Int>) {
    storage.removeSubrange(range)
    guard !range.isEmpty else { return }
    record(.remove(range.lowerBound, range.count))
  }

  /// Removes every element.
  public mutating func removeAll() {
    removeSubrange(0..<storage.count)
  }

  /// Moves the element at `source` to `destination`, an index in the array after its removal
  /// (as `remove(at:)` then `insert(_:at:)`, in one edit).
  public mutating func move(from source: Int, to destination: Int) {
    let element = storage.remove(at: source)
    storage.insert(element, at: destination)
    guard source != destination else { return }
    record(.move(source, destination))
  }

  /// Writes `edit` to the journal, or to a journal of its own when a copy wrote past this
  /// value (the copies then go their own ways, and are diffed against each other).
  private mutating func record(_ edit: EditJournal.Edit) {
    if journal.generation != generation {
      journal = EditJournal(startingAt: generation)
    }
    journal.append(edit, limit: Self.journalLimit)
    generation += 1
  }
}

extension RecordedArray: Equatable where Element: Equatable {
  /// Whether both hold the same elements (their journals aside).
  public static func == (lhs: RecordedArray, rhs: RecordedArray) -> Bool {
    lhs.storage == rhs.storage
  }
}

extension RecordedArray: ExpressibleByArrayLiteral {
  /// An array of the literal's elements, its journal empty.
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

/// The edits of a ``RecordedArray`` and its copies, in order.
@usableFromInline
final class EditJournal {
  enum Edit {
    /// Count elements inserted at an index.
    case insert(Int, Int)
    /// Count elements removed from an index.
    case remove(Int, Int)
    /// An element moved from an index to another (after its removal).
    case move(Int, Int)
    /// An element replaced at an index.
    case replace(Int)
  }

  /// The generation of the first edit kept.
  private(set) var base: Int
  private(set) var edits: [Edit] = []

  init(startingAt generation: Int = 0) { base = generation }

  /// The generation the last edit made.
  var generation: Int { base + edits.count }

  func append(_ edit: Edit, limit: Int) {
    edits.append(edit)
    if edits.count > limit {
      let dropped = edits.count - limit / 2
      edits.removeFirst(dropped)
      base += dropped
    }
  }

  /// The edits that made generation `to` from generation `from`, if this journal still holds
  /// them all and they are at most `limit`.
  func edits(from: Int, to: Int, limit: Int) -> ArraySlice<Edit>? {
    guard from >= base, from <= to, to <= generation, to - from <= limit else { return nil }
    return edits[(from - base)..<(to - base)]
  }
}

/// A recorded array's journal and generation, its element type erased (what a `ForEach`
/// asks when it compares two values).
protocol EditRecording {
  var journal: EditJournal { get }
  var generation: Int { get }
  static var appliedEditLimit: Int { get }
}

extension RecordedArray: EditRecording {}

/// What the edits between two values of a recorded array did, as one batch in section 0:
/// removed elements deleted (old indices), added ones inserted (new indices), elements whose
/// order changed moved; `sameIdentity(old, new)` says whether an element replaced at new
/// index `new` (old index `old`) is still the same item.
///
/// - Complexity: O(k²) for k edits (the pieces they cut the array into), plus the elements
///   they add, remove or move.
func batch(
  applying edits: ArraySlice<EditJournal.Edit>, toCount oldCount: Int,
  sameIdentity: (_ old: Int, _ new: Int) -> Bool
) -> Changeset {
  // The array as pieces: runs of old elements, and elements added (or replaced).
  enum Piece {
    case old(start: Int, count: Int)
    case added(count: Int)
    case replaced(old: Int)
    var count: Int {
      switch self {
      case .old(_, let count), .added(let count): count
      case .replaced: 1
      }
    }
  }
  var pieces: [Piece] = oldCount > 0 ? [.old(start: 0, count: oldCount)] : []
  /// Splits the pieces so that one begins at `index`; returns that piece's position.
  func split(at index: Int) -> Int {
    var position = 0
    var start = 0
    while position < pieces.count {
      let count = pieces[position].count
      if index == start { return position }
      if index < start + count {
        let head = index - start
        switch pieces[position] {
        case .old(let first, let count):
          pieces[position] = .old(start: first, count: head)
          pieces.insert(.old(start: first + head, count: count - head), at: position + 1)
        case .added(let count):
          pieces[position] = .added(count: head)
          pieces.insert(.added(count: count - head), at: position + 1)
        case .replaced:
          break  // one element: never split inside
        }
        return position + 1
      }
      start += count
      position += 1
    }
    return pieces.count
  }
  /// Takes the pieces covering `count` elements from `index` out of the array.
  func cut(_ index: Int, _ count: Int) -> [Piece] {
    let first = split(at: index)
    let end = split(at: index + count)
    let taken = Array(pieces[first..<end])
    pieces.removeSubrange(first..<end)
    return taken
  }
  for edit in edits {
    switch edit {
    case .insert(let index, let count):
      pieces.insert(.added(count: count), at: split(at: index))
    case .remove(let index, let count):
      _ = cut(index, count)
    case .move(let source, let destination):
      let moved = cut(source, 1)
      pieces.insert(contentsOf: moved, at: split(at: destination))
    case .replace(let index):
      let position = split(at: index)
      _ = split(at: index + 1)
      switch pieces[position] {
      case .old(let start, _): pieces[position] = .replaced(old: start)
      case .added, .replaced: break  // added here, or replaced before: nothing to add
      }
    }
  }
  // Where each run of old elements went, and what was added.
  var changes = Changeset()
  var runs: [(old: Int, new: Int, count: Int)] = []
  var next = 0
  for piece in pieces {
    switch piece {
    case .old(let start, let count) where count > 0:
      runs.append((start, next, count))
    case .replaced(let old):
      if sameIdentity(old, next) {
        runs.append((old, next, 1))
      } else {
        changes.deletedItems.append(ItemPath(section: 0, item: old))
        changes.insertedItems.append(ItemPath(section: 0, item: next))
      }
    case .added(let count):
      for item in next..<(next + count) {
        changes.insertedItems.append(ItemPath(section: 0, item: item))
      }
    default:
      break
    }
    next += piece.count
  }
  // The old elements no run keeps were removed.
  var deletedOld = changes.deletedItems.map(\.item)
  var kept = 0
  for run in runs.sorted(by: { $0.old < $1.old }) {
    deletedOld += kept..<run.old
    kept = run.old + run.count
  }
  deletedOld += kept..<oldCount
  changes.deletedItems = Set(deletedOld).sorted().map { ItemPath(section: 0, item: $0) }
  // The runs that keep their order, the most elements of them (a longest increasing chain
  // by old index, weighted by length), stay; each element of the others moves.
  var best = [Int](repeating: 0, count: runs.count)
  var previous = [Int](repeating: -1, count: runs.count)
  for index in runs.indices {
    best[index] = runs[index].count
    for earlier in 0..<index
    where runs[earlier].old < runs[index].old && best[earlier] + runs[index].count > best[index] {
      best[index] = best[earlier] + runs[index].count
      previous[index] = earlier
    }
  }
  var staying = Set<Int>()
  var chain = best.indices.max { best[$0] < best[$1] }
  while let index = chain {
    staying.insert(index)
    chain = previous[index] >= 0 ? previous[index] : nil
  }
  for (index, run) in runs.enumerated() where !staying.contains(index) {
    for offset in 0..<run.count {
      changes.movedItems.append(
        ItemMove(
          from: ItemPath(section: 0, item: run.old + offset),
          to: ItemPath(section: 0, item: run.new + offset)))
    }
  }
  return changes
}
