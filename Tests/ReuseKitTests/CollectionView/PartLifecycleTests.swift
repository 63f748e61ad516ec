import Testing

@testable import ReuseKit

/// The parts hear the engine's events through one list: a part left out of it would silently
/// miss reloads, updates, ticks and checks.
@Suite struct PartLifecycleTests {
  @Test func everyPartIsInTheListOnce() {
    let parts = CollectionView.Parts()
    var stored: [ObjectIdentifier] = []
    for child in Mirror(reflecting: parts).children where child.label != "all" {
      guard let part = child.value as? any CollectionViewPart else {
        Issue.record("\(child.label ?? "?") is not a CollectionViewPart")
        continue
      }
      stored.append(ObjectIdentifier(part))
    }
    let listed = parts.all.map { ObjectIdentifier($0) }
    #expect(Set(listed).count == listed.count, "a part is listed twice")
    #expect(Set(stored) == Set(listed), "a stored part is missing from the list, or the reverse")
    #expect(stored.count == 15, "fourteen parts and paging")
  }

  /// Feature state lives in the parts, not in the engine or the scroll view (issue 40): the
  /// collection view keeps at most 23 stored properties of its own and the scroll view at most
  /// 20. A feature that adds one here belongs in a part.
  @Test func theEngineAndTheScrollViewStaySmall() {
    let view = CollectionView(layout: ListLayout(itemSizing: .uniform(10)))
    let own = Mirror(reflecting: view)
    let scroll = own.superclassMirror
    #expect(scroll.map { "\($0.subjectType)" } == "ScrollView")
    let engine = own.children.compactMap(\.label)
    let scrolling = scroll?.children.compactMap(\.label) ?? []
    #expect(engine.count <= 23, "CollectionView: \(engine.count): \(engine)")
    #expect(scrolling.count <= 20, "ScrollView: \(scrolling.count): \(scrolling)")
    #expect(!engine.isEmpty && !scrolling.isEmpty, "the mirror sees them")
  }

  /// A reload reaches the parts that remember paths: an update animation is cut short, and
  /// a selection past the new end is let go while one in range stays.
  @Test func aReloadReachesThePartsThatRememberPaths() {
    let items = Items([Array(0..<100)])
    let view = makeView(ListLayout(itemSizing: .uniform(10)), items)
    view.allowsMultipleSelection = true
    view.selectItem(at: ItemPath(section: 0, item: 90))
    view.selectItem(at: ItemPath(section: 0, item: 5))
    items.sections[0].insert(1000, at: 0)
    view.performBatchUpdates({ view.insertItems(at: [ItemPath(section: 0, item: 0)]) })
    view.layoutIfNeeded()
    #expect(view.isAnimatingUpdates)
    #expect(view.indexPathsForSelectedItems.map(\.item) == [6, 91])
    items.sections[0] = Array(0..<50)
    view.reloadData()
    view.layoutIfNeeded()
    #expect(!view.isAnimatingUpdates)
    #expect(view.indexPathsForSelectedItems.map(\.item) == [6])
  }
}
