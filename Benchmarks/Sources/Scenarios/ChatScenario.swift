import ReuseKit

/// A chat-mode list of 1,000,000 messages with estimated heights, scrolled half-way; one
/// operation prepends 1,000 older messages as one unanimated batch update and lays out (the
/// first visible message keeps its place on screen). The list grows by 1,000 an operation.
public final class ChatScenario {
  public let view = CollectionView(
    layout: ListLayout(itemSizing: .estimated(44)), viewportSize: Size(width: 320, height: 800))
  let source = BenchDataSource<MeasuredCell>(count: 1_000_000, identifier: "message")
  let older = (0..<1_000).map { ItemPath(section: 0, item: $0) }

  public init() {
    view.anchorsToEnd = true
    view.register(MeasuredCell.self, forCellWithReuseIdentifier: "message")
    view.dataSource = source
    view.layoutIfNeeded()
    view.contentOffset = Point(x: 0, y: view.contentSize.height / 2)
    view.layoutIfNeeded()
  }

  /// One operation.
  public func prependOlder() {
    source.count += older.count
    view.performBatchUpdates(with: Changeset(insertedItems: older), animated: false)
    view.layoutIfNeeded()
  }
}
