import ReuseKit

/// A cell that shows one item number.
public protocol ItemCell: CollectionViewCell {
  var item: Int { get set }
}

/// A trivial cell: it only remembers its item, so the figures measure the engine.
public final class BenchCell: CollectionViewCell, ItemCell {
  public var item = -1
  public override func prepareForReuse() { item = -1 }
}

/// `count` items in each of `sections` sections (one by default), each a `Cell` registered
/// under `identifier` that shows its item number.
public final class BenchDataSource<Cell: ItemCell>: CollectionViewDataSource {
  public var count: Int
  public let identifier: String
  public var sections = 1
  /// Whether every section's count is said at once (`numberOfItemsInEverySection`).
  public var saysEveryCount = false
  /// The text of each section's standard header, for a layout with headers.
  public var headerText = ""

  public init(count: Int, identifier: String = "cell") {
    self.count = count
    self.identifier = identifier
  }

  public func numberOfSections(in collectionView: CollectionView) -> Int { sections }

  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    count
  }

  public func numberOfItemsInEverySection(in collectionView: CollectionView) -> Int? {
    saysEveryCount ? count : nil
  }

  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      Cell.self, withReuseIdentifier: identifier, for: indexPath)
    cell.item = indexPath.item
    return cell
  }

  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    collectionView.dequeueListContentSupplementaryView(
      ofKind: kind, for: indexPath, content: ListContent(headerText))
  }
}

/// A cell that measures itself: 30 to 78 points by its item, as estimated layouts ask.
public final class MeasuredCell: CollectionViewCell, ItemCell {
  public var item = 0
  public override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    Size(width: proposedSize.width, height: Double(30 + item % 5 * 12))
  }
}

/// `count` items that may be reordered.
public final class MovableDataSource<Cell: ItemCell>: CollectionViewDataSource {
  let inner: BenchDataSource<Cell>
  public init(count: Int, identifier: String) {
    inner = BenchDataSource(count: count, identifier: identifier)
  }
  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int { inner.count }
  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell { inner.collectionView(collectionView, cellForItemAt: indexPath) }
  public func collectionView(
    _ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath
  )
    -> Bool
  { true }
}
