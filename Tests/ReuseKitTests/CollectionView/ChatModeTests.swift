import ReuseTestSupport
import Testing

@testable import ReuseKit

private typealias Messages = MeasuredFeed

private func makeChat(_ messages: Messages, height: Double = 100) -> CollectionView {
  let view = CollectionView(
    layout: ListLayout(itemSizing: .estimated(12)), viewportSize: Size(width: 40, height: height))
  view.diagnostics.handler = nil
  view.anchorsToEnd = true
  view.register(RecordingCell.self, forCellWithReuseIdentifier: "cell")
  view.dataSource = messages
  view.delegate = messages
  view.layoutIfNeeded()
  return view
}

/// Where an item is on screen: its frame's top minus the offset.
private func onScreen(_ view: CollectionView, _ path: ItemPath) -> Double {
  view.collectionViewLayout.frameForItem(at: path)!.minY - view.contentOffset.y
}

/// A chat of 40 messages 4 to 40 points long, told of an edge `edgeDistance` points away.
private func makeRandomChat(
  _ random: inout SeededRandom, edgeDistance: Double
) -> (Messages, CollectionView) {
  let messages = Messages((0..<40).map { _ in Double(random.int(4...40)) })
  let view = makeChat(messages)
  view.edgeDistance = edgeDistance
  return (messages, view)
}

/// `count` older messages (identifiers from `next` on, 4 to 40 points long) prepended in one
/// batch update, animated or not (at random when `animated` is `nil`).
private func prependOlder(
  _ count: Int, to messages: Messages, in view: CollectionView, next: inout Int,
  random: inout SeededRandom, animated: Bool? = nil
) {
  let older = (0..<count).map { next + $0 }
  next += count
  for id in older { messages.lengths[id] = Double(random.int(4...40)) }
  messages.ids.insert(contentsOf: older, at: 0)
  view.performBatchUpdates(animated: animated ?? random.chance(0.5)) {
    view.insertItems(at: (0..<count).map { ItemPath(section: 0, item: $0) })
  }
}

private func frames(_ view: CollectionView, seconds: Double, time: inout Double) {
  for _ in 0..<Int(seconds * 60) {
    time += 1.0 / 60
    view.tick(now: time)
    view.layoutIfNeeded()
  }
}

@Suite struct ChatModeTests {
  @Test func shortContentSitsAtTheBottomAndGrowsUpwards() {
    let messages = Messages([10, 20, 10])
    let view = makeChat(messages)
    #expect(view.contentSize.height == 40)
    #expect(view.contentOffset.y == -60)
    #expect(onScreen(view, ItemPath(section: 0, item: 0)) == 60)
    #expect(view.isAtEnd)
    messages.ids.append(3)
    messages.lengths[3] = 30
    view.performBatchUpdates(animated: false) {
      view.insertItems(at: [ItemPath(section: 0, item: 3)])
    }
    view.layoutIfNeeded()
    #expect(view.contentOffset.y == -30)
    #expect(onScreen(view, ItemPath(section: 0, item: 3)) == 70)
    withExtendedLifetime(messages) {}
  }

  @Test func atTheEndAppendsAndAGrowingLastMessageStayInView() {
    let messages = Messages(Array(repeating: 15, count: 30))
    let view = makeChat(messages)
    #expect(view.isAtEnd)
    var time = 0.0
    for round in 0..<10 {
      let id = 100 + round
      messages.ids.append(id)
      messages.lengths[id] = Double(5 + round * 3)
      view.performBatchUpdates(animated: round % 2 == 0) {
        view.insertItems(at: [ItemPath(section: 0, item: messages.ids.count - 1)])
      }
      frames(view, seconds: 0.5, time: &time)
      let last = ItemPath(section: 0, item: messages.ids.count - 1)
      #expect(view.isAtEnd, "round \(round)")
      #expect(onScreen(view, last) + messages.lengths[id]! == 100, "round \(round)")
    }
    // The last message grows as text streams in: reconfigured, measured again, still in view.
    let last = ItemPath(section: 0, item: messages.ids.count - 1)
    for length in stride(from: 40.0, through: 90, by: 10) {
      messages.lengths[messages.ids.last!] = length
      view.reconfigureItems(at: [last])
      view.layoutIfNeeded()
      #expect(onScreen(view, last) + length == 100, "at \(length)")
    }
    withExtendedLifetime(messages) {}
  }

  @Test func scrolledUpNothingMoves() {
    let messages = Messages(Array(repeating: 15, count: 30))
    let view = makeChat(messages)
    view.contentOffset.y -= 120
    view.layoutIfNeeded()
    #expect(!view.isAtEnd)
    let probe = view.indexPathsForVisibleItems[2]
    let before = onScreen(view, probe)
    for id in 100..<105 {
      messages.ids.append(id)
      messages.lengths[id] = 25
      view.performBatchUpdates {
        view.insertItems(at: [ItemPath(section: 0, item: messages.ids.count - 1)])
      }
      view.layoutIfNeeded()
      #expect(onScreen(view, probe) == before)
    }
    #expect(!view.isAtEnd)
    withExtendedLifetime(messages) {}
  }

  /// Older messages prepended at the very top, their sizes estimates measured only as they
  /// show: what is on screen moves by 0 points, then and as they are measured.
  @Test(arguments: 0..<6) func prependingOlderHistoryMovesNothingOnScreen(seed: UInt64) {
    var random = SeededRandom(seed: 0xC4A7 &+ seed)
    let (messages, view) = makeRandomChat(&random, edgeDistance: 50)
    var time = 0.0
    var next = 1_000
    for round in 0..<8 {
      // Scroll up to the top (as a user flicks: sizes measured on the way keep what is on
      // screen in place, so it takes a few): the delegate is told to load older messages.
      for _ in 0..<40 where view.contentOffset.y > view.minimumContentOffset.y {
        view.setContentOffset(view.minimumContentOffset, animated: random.chance(0.5))
        frames(view, seconds: 0.5, time: &time)
      }
      #expect(messages.approached.last == .start, "seed \(seed), round \(round)")
      let probe = view.indexPathsForVisibleItems[min(1, view.indexPathsForVisibleItems.count - 1)]
      let probeID = messages.ids[probe.item]
      let before = onScreen(view, probe)
      prependOlder(random.int(1...30), to: messages, in: view, next: &next, random: &random)
      let moved = ItemPath(section: 0, item: messages.ids.firstIndex(of: probeID)!)
      #expect(abs(onScreen(view, moved) - before) < 1e-9, "seed \(seed), round \(round)")
      frames(view, seconds: 0.5, time: &time)
      #expect(abs(onScreen(view, moved) - before) < 1e-9, "seed \(seed), round \(round) later")
    }
    withExtendedLifetime(messages) {}
  }

  /// Home while older history loads at the top, their sizes different from the estimate:
  /// each Home ends on the top of the message that was first when it was pressed (a fixed
  /// target moved with the prepend landed mid-message once the new ones were measured).
  @Test(arguments: 0..<4) func homeLandsOnTheMessageThatWasFirst(seed: UInt64) {
    var random = SeededRandom(seed: 0x401E &+ seed)
    let (messages, view) = makeRandomChat(&random, edgeDistance: 60)
    var next = 1_000
    messages.onApproach = { [unowned view, unowned messages] edge in
      guard edge == .start else { return }
      prependOlder(20, to: messages, in: view, next: &next, random: &random, animated: false)
    }
    var time = 0.0
    frames(view, seconds: 0.5, time: &time)
    for round in 0..<4 {
      let firstID = messages.ids[0]
      view.tick(now: time)
      view.scroll(by: .home)
      frames(view, seconds: 3, time: &time)
      #expect(!view.isAnimating)
      let first = ItemPath(section: 0, item: messages.ids.firstIndex(of: firstID)!)
      #expect(first.item > 0, "seed \(seed), round \(round): older messages loaded")
      #expect(
        abs(onScreen(view, first)) < 1e-9,
        "seed \(seed), round \(round): the first message when Home was pressed is at the top")
    }
    withExtendedLifetime(messages) {}
  }

  /// An item scrolled to with an animation, and items inserted before it on the way: the
  /// animation follows the item to its new place and lands on it.
  @Test func anItemScrolledToIsFollowedThroughAnInsertionBeforeIt() {
    let messages = Messages(Array(repeating: 10, count: 100))
    let view = makeChat(messages)
    var time = 0.0
    view.tick(now: time)
    view.scrollToItem(at: ItemPath(section: 0, item: 30), at: .start, animated: true)
    frames(view, seconds: 0.05, time: &time)
    #expect(view.isAnimating)
    messages.insert(5, at: 0, length: 25, in: view)
    frames(view, seconds: 2, time: &time)
    #expect(onScreen(view, ItemPath(section: 0, item: 35)) == 0)
    withExtendedLifetime(messages) {}
  }

  @Test func eachEdgeIsToldOncePerApproach() {
    let messages = Messages(Array(repeating: 10, count: 100))
    let view = makeChat(messages)
    view.edgeDistance = 30
    view.layoutIfNeeded()
    #expect(messages.approached == [.end])
    view.contentOffset.y -= 10
    view.layoutIfNeeded()
    view.contentOffset.y += 5
    view.layoutIfNeeded()
    #expect(messages.approached == [.end], "still near: not told again")
    view.contentOffset.y = 500
    view.layoutIfNeeded()
    view.contentOffset.y = 0
    view.layoutIfNeeded()
    #expect(messages.approached == [.end, .start])
    view.edgeDistance = .nan
    #expect(view.edgeDistance == 0)
    withExtendedLifetime(messages) {}
  }

  @Test func aResizeAtTheEndKeepsTheEnd() {
    let messages = Messages(Array(repeating: 15, count: 40))
    let view = makeChat(messages)
    for height in [60.0, 35, 140, 100] {
      view.viewportSize = Size(width: 40, height: height)
      view.layoutIfNeeded()
      #expect(view.isAtEnd, "at height \(height)")
      let last = ItemPath(section: 0, item: messages.ids.count - 1)
      #expect(onScreen(view, last) + 15 == height, "at height \(height)")
    }
    withExtendedLifetime(messages) {}
  }

  /// An animated message arriving at the end: on every frame of the animation, the new
  /// message's view is below the previous one's, never over it.
  @Test func anArrivingMessageNeverCoversThePreviousOne() {
    let messages = Messages(Array(repeating: 15, count: 20))
    let view = makeChat(messages)
    var time = 0.0
    for round in 0..<4 {
      let id = 100 + round
      messages.ids.append(id)
      messages.lengths[id] = 25
      view.performBatchUpdates(animated: true) {
        view.insertItems(at: [ItemPath(section: 0, item: messages.ids.count - 1)])
      }
      let last = ItemPath(section: 0, item: messages.ids.count - 1)
      let previous = ItemPath(section: 0, item: messages.ids.count - 2)
      for frame in 0..<30 {
        time += 1.0 / 60
        view.tick(now: time)
        view.layoutIfNeeded()
        guard let new = view.cellForItem(at: last), let old = view.cellForItem(at: previous)
        else { continue }
        #expect(old.frame.maxY <= new.frame.minY + 1e-9, "round \(round), frame \(frame)")
      }
    }
    withExtendedLifetime(messages) {}
  }
}
