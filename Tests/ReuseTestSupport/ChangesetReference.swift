import ReuseKit

/// A value with an identity and a content, as the round-trip tests diff them.
package struct Token: Identifiable, Hashable, Differentiable, CustomStringConvertible {
  package var id: Int
  package var content: Int
  package var description: String { "\(id)/\(content)" }

  package init(id: Int, content: Int) {
    self.id = id
    self.content = content
  }
}

/// A section of tokens, with a title that can change.
package typealias TokenSection = ArraySection<Token, Token>

/// Where a section of the result comes from, in ``referenceApply(_:to:target:)``.
private enum Slot: Equatable {
  case inserted
  case old(Int)
}

/// Applies a changeset by the batch rules the slow and obvious way, independently of
/// `ChangesetMapping`: take out what is deleted or moved, put inserted and moved elements at
/// their final places, fill the rest in order. Values of inserted, reloaded and reconfigured
/// elements come from `target`, as a data source would give them. Also returns, for every
/// element that came from `source`, where it was (to check the mapping against).
///
/// Returns `nil` when the changeset does not fit the data.
package func referenceApply<Model: Differentiable, Element: Differentiable>(
  _ changeset: Changeset, to source: [ArraySection<Model, Element>],
  target: [ArraySection<Model, Element>]
) -> (result: [ArraySection<Model, Element>], origins: [[ItemPath?]])? {
  typealias Section = ArraySection<Model, Element>
  let deletedSections = Set(changeset.deletedSections)
  let movedSectionSources = Set(changeset.movedSections.map(\.source))
  guard deletedSections.count == changeset.deletedSections.count,
    target.count == source.count - changeset.deletedSections.count
      + changeset.insertedSections.count
  else { return nil }
  var slots = [Slot?](repeating: nil, count: target.count)
  for section in changeset.insertedSections {
    guard section < slots.count, slots[section] == nil else { return nil }
    slots[section] = .inserted
  }
  for move in changeset.movedSections {
    guard move.destination < slots.count, slots[move.destination] == nil else { return nil }
    slots[move.destination] = .old(move.source)
  }
  var stable = source.indices.filter {
    !deletedSections.contains($0) && !movedSectionSources.contains($0)
  }[...]
  for index in slots.indices where slots[index] == nil {
    guard let next = stable.popFirst() else { return nil }
    slots[index] = .old(next)
  }
  guard stable.isEmpty else { return nil }

  var result: [Section] = []
  var origins: [[ItemPath?]] = []
  for (newSection, slot) in slots.enumerated() {
    guard case .old(let oldSection) = slot! else {
      result.append(target[newSection])
      origins.append(Array(repeating: nil, count: target[newSection].elements.count))
      continue
    }
    var model = source[oldSection].model
    if changeset.reconfiguredSections.contains(oldSection) { model = target[newSection].model }
    if changeset.reloadedSections.contains(oldSection) {
      result.append(Section(model: model, elements: target[newSection].elements))
      origins.append(Array(repeating: nil, count: target[newSection].elements.count))
      continue
    }
    let removed = Set(
      changeset.deletedItems.filter { $0.section == oldSection }.map(\.item)
        + changeset.movedItems.filter { $0.source.section == oldSection }.map(\.source.item))
    var staying = source[oldSection].elements.indices.filter { !removed.contains($0) }[...]
    let count = target[newSection].elements.count
    var values = [Element?](repeating: nil, count: count)
    var from = [ItemPath?](repeating: nil, count: count)
    var placed = [Bool](repeating: false, count: count)
    for path in changeset.insertedItems where path.section == newSection {
      guard path.item < count, !placed[path.item] else { return nil }
      values[path.item] = target[newSection].elements[path.item]
      placed[path.item] = true
    }
    for move in changeset.movedItems where move.destination.section == newSection {
      let item = move.destination.item
      guard item < count, !placed[item] else { return nil }
      values[item] = source[move.source.section].elements[move.source.item]
      from[item] = move.source
      placed[item] = true
    }
    let updated = Set(changeset.reloadedItems + changeset.reconfiguredItems)
    for item in 0..<count where !placed[item] {
      guard let old = staying.popFirst() else { return nil }
      let oldPath = ItemPath(section: oldSection, item: old)
      values[item] =
        updated.contains(oldPath)
        ? target[newSection].elements[item] : source[oldSection].elements[old]
      from[item] = oldPath
    }
    guard staying.isEmpty else { return nil }
    result.append(Section(model: model, elements: values.map { $0! }))
    origins.append(from)
  }
  return (result, origins)
}
