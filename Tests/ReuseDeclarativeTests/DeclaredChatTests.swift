import Observation
import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

/// A chat declared: messages in an `Observable` model, the newest at the end, older ones
/// loaded when the first appears.
@Observable final class Conversation {
  var messages: [Photo]
  var oldest: Int
  init(count: Int) {
    let first = 1_000
    oldest = first
    messages = (first..<(first + count)).map { Photo(id: $0, title: "message \($0)") }
  }
  func loadOlder(_ count: Int) {
    let older = ((oldest - count)..<oldest).map { Photo(id: $0, title: "message \($0)") }
    oldest -= count
    messages.insert(contentsOf: older, at: 0)
  }
}

struct DeclaredChatTests {
  func onScreen(_ view: CollectionView, _ path: ItemPath) -> Double {
    (view.frameForItem(at: path)?.minY ?? .nan) - view.contentOffset.y
  }

  @Test func aDeclaredChatOpensAtTheEndKeepsItAndPrependsWithoutAJump() {
    let view = makeView(rows: 10)
    let chat = Conversation(count: 4)
    var requestedOlder = 0
    let source = DeclarativeDataSource(collectionView: view, anchorsToEnd: true) {
      ForEach(chat.messages) { ListContent($0.title) }
        .onAppear { message in if message.id == chat.oldest { requestedOlder += 1 } }
    }
    view.layoutIfNeeded()
    #expect(view.anchorsToEnd)
    // Short content sits at the bottom.
    #expect(onScreen(view, ItemPath(section: 0, item: 3)) == 9, "the last at the bottom row")
    // Messages arrive: the end stays in view.
    var time = 1.0
    for round in 0..<20 {
      chat.messages.append(Photo(id: 2_000 + round, title: "new \(round)"))
      time += 0.5
      view.tick(now: time)
      view.layoutIfNeeded()
      let last = ItemPath(section: 0, item: chat.messages.count - 1)
      #expect(onScreen(view, last) == 9, "round \(round): the newest at the bottom")
    }
    // Scrolled to the top: the first message appears and asks for older ones; they come in
    // above and what is on screen does not move.
    view.setContentOffset(view.minimumContentOffset, animated: false)
    view.layoutIfNeeded()
    #expect(requestedOlder >= 1)
    let probe = ItemPath(section: 0, item: 2)
    let before = onScreen(view, probe)
    chat.loadOlder(30)
    time += 0.5
    view.tick(now: time)
    view.layoutIfNeeded()
    #expect(onScreen(view, ItemPath(section: 0, item: 32)) == before, "nothing moved")
    #expect(source.statistics.bodyEvaluations >= 3, "the model's changes ran the body")
  }
}

/// Spans declared per element in a grid.
struct DeclaredGridSpanTests {
  @Test func aBannerSpansTheGridAndOthersTakeAColumn() {
    let layout = GridLayout(columns: .fixed(3), itemHeight: .fixed(10))
    let view = CollectionView(layout: layout, viewportSize: Size(width: 90, height: 100))
    var items = photos(10)
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(items) { ListContent($0.title) }
        .gridSpan { $0.id % 4 == 0 ? .fullWidth(height: 20) : .single }
    }
    view.layoutIfNeeded()
    #expect(layout.spanProvider != nil)
    let frame = { view.frameForItem(at: ItemPath(section: 0, item: $0)) }
    #expect(frame(0)?.width == 90 && frame(0)?.height == 20, "item 0 is a banner")
    #expect(frame(1)?.width == 30 && frame(1)?.minY == 20, "then a row of three")
    #expect(frame(4)?.width == 90, "item 4 is a banner")
    // A new value of the data: spans follow the elements.
    items.insert(Photo(id: 99, title: "new"), at: 0)
    source.update()
    view.tick(now: 1)
    view.layoutIfNeeded()
    #expect(frame(0)?.width == 30 && frame(1)?.width == 90, "the banner moved down one")
    #expect(source.span(at: ItemPath(section: 0, item: 1)) == .fullWidth(height: 20))
  }
}
