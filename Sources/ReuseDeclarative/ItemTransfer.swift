/// A move of one item between two `ForEach`es tagged with values of one type (or within one):
/// what ``ForEach/onMove(tag:perform:)``'s action performs in the app's data.
public struct ItemTransfer<Tag: Hashable>: Hashable {
  /// The tag of the `ForEach` the item leaves.
  public var sourceTag: Tag
  /// The item's index there, before the move.
  public var sourceIndex: Int
  /// The tag of the `ForEach` it lands in (the same as ``sourceTag`` for a move within one).
  public var destinationTag: Tag
  /// Its index there, after the move.
  public var destinationIndex: Int

  /// A move from `sourceIndex` of the `ForEach` tagged `sourceTag` to `destinationIndex` of
  /// the one tagged `destinationTag`.
  public init(sourceTag: Tag, sourceIndex: Int, destinationTag: Tag, destinationIndex: Int) {
    (self.sourceTag, self.sourceIndex) = (sourceTag, sourceIndex)
    (self.destinationTag, self.destinationIndex) = (destinationTag, destinationIndex)
  }

  /// Performs the move on arrays kept by tag: removes the element from the source array and
  /// inserts it into the destination one. A move whose indices or tags name nothing changes
  /// nothing and returns `false`.
  @discardableResult
  public func apply<Element>(to arrays: inout [Tag: [Element]]) -> Bool {
    guard let source = arrays[sourceTag], source.indices.contains(sourceIndex) else {
      return false
    }
    if sourceTag == destinationTag {
      guard (0..<source.count).contains(destinationIndex) else { return false }
      var array = source
      array.insert(array.remove(at: sourceIndex), at: destinationIndex)
      arrays[sourceTag] = array
      return true
    }
    guard let destination = arrays[destinationTag],
      (0...destination.count).contains(destinationIndex)
    else { return false }
    var from = source
    var to = destination
    to.insert(from.remove(at: sourceIndex), at: destinationIndex)
    arrays[sourceTag] = from
    arrays[destinationTag] = to
    return true
  }

  /// Performs the move on an array of arrays whose indices are the tags (a `ForEach` per
  /// section, tagged with its section's index).
  @discardableResult
  public func apply<Element>(to arrays: inout [[Element]]) -> Bool where Tag == Int {
    guard arrays.indices.contains(sourceTag), arrays.indices.contains(destinationTag) else {
      return false
    }
    var keyed: [Int: [Element]] = [:]
    keyed[sourceTag] = arrays[sourceTag]
    keyed[destinationTag] = arrays[destinationTag]
    guard apply(to: &keyed), let source = keyed[sourceTag], let destination = keyed[destinationTag]
    else { return false }
    arrays[sourceTag] = source
    arrays[destinationTag] = destination
    return true
  }
}

extension ItemTransfer: Sendable where Tag: Sendable {}

/// How a `ForEach` takes part in moves between groups (``ForEach/onMove(tag:perform:)``). A
/// class: a `ForEach` holds one reference, nil for most, which costs a body nothing to make
/// and to free.
final class MoveTransfer {
  /// The tag's type: groups of one type exchange items.
  let space: ObjectIdentifier
  /// The group's tag.
  let tag: AnyHashable
  /// Moves item `source` to index `destination` of the group tagged `destinationTag`.
  let perform: (_ source: Int, _ destinationTag: AnyHashable, _ destination: Int) -> Void

  init(
    space: ObjectIdentifier, tag: AnyHashable,
    perform: @escaping (_ source: Int, _ destinationTag: AnyHashable, _ destination: Int) -> Void
  ) {
    (self.space, self.tag, self.perform) = (space, tag, perform)
  }
}
