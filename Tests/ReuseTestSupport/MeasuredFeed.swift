import ReuseKit

/// Items with their own lengths by identity, measured by their cells (``RecordingCell``,
/// registered as "cell") when the layout estimates sizes: a feed, or a chat's messages. The
/// delegate's edge approaches are recorded, and may load more (``onApproach``).
package final class MeasuredFeed: CollectionViewDataSource, CollectionViewDelegate {
  package var ids: [Int]
  /// Lengths by identifier, for items not given by ``lengthOfID``.
  package var lengths: [Int: Double] = [:]
  /// The length of an identifier that ``lengths`` does not hold.
  package var lengthOfID: (Int) -> Double? = { _ in nil }
  package var nextID: Int
  /// The edges the delegate heard of, in order.
  package var approached: [ContentEdge] = []
  /// Called when an edge comes near (after it is recorded).
  package var onApproach: ((ContentEdge) -> Void)?

  /// Items 0, 1, 2… with `lengths`.
  package init(_ lengths: [Double]) {
    ids = Array(lengths.indices)
    nextID = lengths.count
    for (id, length) in lengths.enumerated() { self.lengths[id] = length }
  }

  /// `count` items, each `length(id)` long, asked when the item shows.
  package init(count: Int, length: @escaping (Int) -> Double?) {
    ids = Array(0..<count)
    nextID = count
    lengthOfID = length
  }

  package func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int { ids.count }

  package func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(
      RecordingCell.self, withReuseIdentifier: "cell", for: indexPath)
    let id = ids[indexPath.item]
    cell.preferredLength = lengths[id] ?? lengthOfID(id)
    cell.configuredPath = indexPath
    return cell
  }

  package func collectionView(_ collectionView: CollectionView, didApproach edge: ContentEdge) {
    approached.append(edge)
    onApproach?(edge)
  }

  /// Inserts `count` new items at `index`, `length` long each, in one batch update.
  package func insert(_ count: Int, at index: Int, length: Double, in view: CollectionView) {
    let new = (0..<count).map { _ in
      nextID += 1
      lengths[nextID] = length
      return nextID
    }
    view.performBatchUpdates {
      ids.insert(contentsOf: new, at: index)
      view.insertItems(at: (index..<index + count).map { ItemPath(section: 0, item: $0) })
    }
  }
}
