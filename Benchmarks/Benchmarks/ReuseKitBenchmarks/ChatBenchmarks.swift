import Benchmark
import ReuseKit

/// The `chat` family: a chat-mode list of 1,000,000 messages with estimated heights, scrolled
/// half-way; one operation prepends 1,000 older messages as one unanimated batch update and
/// lays out (the first visible message keeps its place on screen). The list grows by 1,000
/// messages an operation.
func registerChatBenchmarks() {
  registerSteps(
    "chat/prepend/estimated", items: 1_000_000, scaling: .one,
    make: { ChatFixture() },
    step: { chat in chat.prependOlder() },
    result: { $0.view.reuseCounters.visible })
}

private final class ChatCell: CollectionViewCell {
  var message = 0
  override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    Size(width: proposedSize.width, height: Double(30 + message % 5 * 12))
  }
}

private final class ChatFixture: CollectionViewDataSource {
  let view = CollectionView(
    layout: ListLayout(itemSizing: .estimated(44)), viewportSize: Size(width: 320, height: 800))
  var count = 1_000_000
  let older = (0..<1_000).map { ItemPath(section: 0, item: $0) }

  init() {
    view.diagnostics.handler = nil
    view.anchorsToEnd = true
    view.register(ChatCell.self, forCellWithReuseIdentifier: "message")
    view.dataSource = self
    view.layoutIfNeeded()
    view.contentOffset = Point(x: 0, y: view.contentSize.height / 2)
    view.layoutIfNeeded()
  }

  func prependOlder() {
    count += older.count
    view.performBatchUpdates(with: Changeset(insertedItems: older), animated: false)
    view.layoutIfNeeded()
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { count }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      ChatCell.self, withReuseIdentifier: "message", for: indexPath)
    cell.message = indexPath.item
    return cell
  }
}
