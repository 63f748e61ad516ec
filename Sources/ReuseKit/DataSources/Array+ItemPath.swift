extension Array {
  /// Moves the element at `source` of these sections to `destination` (its path after the
  /// move), as a drop does. Returns `false`, changing nothing, when either path is out of range.
  ///
  /// - Complexity: O(n) in the two sections' lengths.
  mutating func moveElement<Element2>(at source: ItemPath, to destination: ItemPath) -> Bool
  where Element == [Element2] {
    guard indices.contains(source.section), self[source.section].indices.contains(source.item),
      indices.contains(destination.section), destination.item >= 0
    else { return false }
    let moved = self[source.section].remove(at: source.item)
    guard destination.item <= self[destination.section].count else {
      self[source.section].insert(moved, at: source.item)
      return false
    }
    self[destination.section].insert(moved, at: destination.item)
    return true
  }
}
