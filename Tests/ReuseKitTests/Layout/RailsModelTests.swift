import ReuseTestSupport
import Testing

@testable import ReuseKit

/// The seeded model test of rails: random vertical and sideways drags with flings, wheels,
/// ticks, reloads, resizes, saved positions restored and focus moves, over rails and grid
/// sections, with after every step:
/// - each rail's offset where the model says it is: unchanged unless something moved that
///   rail, clamped by a reload, kept on the same leading item by a resize, and on a resting
///   stop of its paging or snapping once it settles;
/// - the visible cells exactly the items a walk from the start puts in the viewport, each
///   configured for its item and at its frame;
/// - display callbacks paired, and the shared pool's bound: views created ≤ peak visible + 2
///   over the whole session.
@Suite struct RailsModelTests {
  @Test(arguments: 0..<24)
  func randomSessionsKeepEveryRailWhereItWas(_ index: Int) {
    var (seed, random) = SeededRandom.forCase(index, base: 0x5EED_7A11)
    runRailsModel(seed: seed, random: &random, steps: 150, index: index)
  }
}

private func runRailsModel(seed: UInt64, random: inout SeededRandom, steps: Int, index: Int) {
  var model = RailsModel.random(&random)
  let layout = model.makeLayout()
  let (view, recorder) = makeCollectionView(
    counts: model.counts, layout: layout,
    viewport: Size(width: Double(random.int(40...300)), height: Double(random.int(20...300))))
  recorder.recordsEvents = false
  view.reusePool.defaultCapacity = 10_000
  view.layoutIfNeeded()
  var expected = model.counts.indices.map { _ in 0.0 }
  var time = 1.0
  var saved: SavedScrollPosition<ItemPath>?
  var savedOffsets: [Double] = []

  func railPoint(_ section: Int) -> Point? {
    // A point on rail `section`'s band inside the viewport, if it shows.
    guard
      let frame = view.layoutAttributesForItem(at: ItemPath(section: section, item: 0))?
        .frame
    else { return nil }
    let y = frame.midY - view.contentOffset.y
    guard y > 0, y < view.viewportSize.height - 1 else { return nil }
    return Point(x: view.viewportSize.width / 2, y: y)
  }

  func shownRails() -> [Int] {
    model.counts.indices.filter {
      layout.isRail($0) && model.counts[$0] > 0 && railPoint($0) != nil
    }
  }

  for step in 0..<steps {
    let kind = random.int(0...13)
    let context = "seed \(seed), step \(step) (\(kind))"
    var moved = Set<Int>()
    var before = Set(view.rails.active.map(\.section))
    switch kind {
    case 0:
      view.contentOffset = Point(
        x: 0, y: random.double(0...max(0, view.contentSize.height - view.viewportSize.height)))
    case 1, 2:
      // A drag, sideways over a rail or along the list, with or without a fling.
      let rails = shownRails()
      let sideways = !rails.isEmpty && random.chance(0.7)
      let start =
        sideways
        ? railPoint(rails.randomElement(using: &random)!)!
        : Point(x: random.double(0...view.viewportSize.width), y: view.viewportSize.height / 2)
      if sideways,
        let section = layout.railSection(
          at: Point(x: start.x, y: start.y + view.contentOffset.y))
      {
        moved.insert(section)
      }
      let distance = random.double(-200...200)
      let delta = sideways ? Point(x: distance, y: random.double(-2...2)) : Point(x: 0, y: distance)
      let samples = random.int(2...8)
      view.handle(PointerEvent(.began, at: start, time: time))
      for sample in 1...samples {
        time += random.double(0.005...0.04)
        let f = Double(sample) / Double(samples)
        view.handle(
          PointerEvent(
            .moved, at: Point(x: start.x + delta.x * f, y: start.y + delta.y * f), time: time))
      }
      if random.chance(0.1) {
        view.handle(PointerEvent(.cancelled, at: start, time: time))
      } else {
        view.handle(
          PointerEvent(.ended, at: Point(x: start.x + delta.x, y: start.y + delta.y), time: time))
      }
    case 3, 4:
      for _ in 0..<random.int(1...40) {
        time += 1.0 / 60
        view.tick(now: time)
      }
    case 5:
      // A reload: some sections change their counts.
      for section in model.counts.indices where random.chance(0.3) {
        let grid = !layout.isRail(section)
        model.counts[section] = random.int(0...(grid ? 40 : 400))
        model.spans[section] = (0..<model.counts[section]).map { _ in
          grid && random.chance(0.2) ? .fullWidth() : .single
        }
      }
      recorder.counts = model.counts
      let spans = model.spans
      layout.spanProvider = { spans[$0.section][$0.item] }
      view.reloadData()
    case 6:
      let old = view.viewportSize.width
      view.viewportSize = Size(
        width: Double(random.int(40...300)), height: Double(random.int(20...300)))
      // A new width keeps each rail's leading item (in items, not points).
      let new = view.viewportSize.width
      for (section, config) in model.sections.enumerated()
      where config.scrolling != .none && old != new && old > 0 {
        let before = RailsModel.itemWidth(of: config, viewportWidth: old) + config.spacing
        let after = RailsModel.itemWidth(of: config, viewportWidth: new) + config.spacing
        if before > 0 { expected[section] = expected[section] / before * after }
      }
    case 7:
      if let position = saved, random.chance(0.5) {
        view.restoreScrollPosition(position)
        for section in expected.indices {
          expected[section] = section < savedOffsets.count ? savedOffsets[section] : 0
        }
      } else {
        saved = view.savedScrollPosition()
        savedOffsets = model.counts.indices.map { section in
          saved?.railOffsets?[section] ?? 0
        }
      }
    case 8, 9:
      let keys: [KeyPress.Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end]
      let key = keys.randomElement(using: &random)!
      view.handle(KeyPress(key))
      if let focused = view.focusedIndexPath { moved.insert(focused.section) }
    case 10:
      let rails = shownRails()
      guard let section = rails.randomElement(using: &random) else { continue }
      moved.insert(section)
      view.handle(
        WheelEvent(
          delta: Point(x: random.double(-60...60), y: 0), time: time,
          location: railPoint(section)))
    case 12, 13:
      // A batch update of sections: the rails' offsets move with their sections.
      var changed = model
      let operation = model.counts.isEmpty ? 0 : random.int(0...2)
      let from = model.counts.isEmpty ? 0 : random.int(0..<model.counts.count)
      var to = 0
      switch operation {
      case 0:
        let extra = RailsModel.random(&random, grids: false)
        guard let section = extra.sections.first else { continue }
        to = random.int(0...model.counts.count)
        changed.counts.insert(extra.counts[0], at: to)
        changed.sections.insert(section, at: to)
        changed.spans.insert(extra.spans[0], at: to)
        expected.insert(0, at: to)
      case 1:
        changed.counts.remove(at: from)
        changed.sections.remove(at: from)
        changed.spans.remove(at: from)
        expected.remove(at: from)
      default:
        to = random.int(0..<model.counts.count)
        changed.counts.insert(changed.counts.remove(at: from), at: to)
        changed.sections.insert(changed.sections.remove(at: from), at: to)
        changed.spans.insert(changed.spans.remove(at: from), at: to)
        expected.insert(expected.remove(at: from), at: to)
      }
      saved = nil
      // The rails moving before the update, at their new sections.
      var order = Array(model.counts.indices)
      switch operation {
      case 0: order.insert(-1, at: to)
      case 1: order.remove(at: from)
      default: order.insert(order.remove(at: from), at: to)
      }
      before = Set(before.compactMap { order.firstIndex(of: $0) })
      let provided = changed
      let animated = random.chance(0.5)
      view.performBatchUpdates(
        animated: animated,
        {
          model = provided
          recorder.counts = provided.counts
          layout.sectionProvider = { provided.sections[$0] }
          layout.spanProvider = { provided.spans[$0.section][$0.item] }
          switch operation {
          case 0: view.insertSections([to])
          case 1: view.deleteSections([from])
          default: view.moveSection(from, toSection: to)
          }
        })
      // An animated update glides on the clock; the frames are checked where it ends.
      for _ in 0..<(animated ? 40 : 0) {
        time += 1.0 / 60
        view.tick(now: time)
      }
    default:
      time += random.double(0...0.5)
      view.tick(now: time)
    }
    view.layoutIfNeeded()

    // Offsets: clamped to what the content allows now; a rail something moved that has come
    // to rest (not one a restore put back) rests on a stop of its own.
    let active = Set(view.rails.active.map(\.section))
    let settled = before.union(moved).subtracting(active)
    for section in model.counts.indices where !active.contains(section) {
      let maximum = layout.maximumRailOffset(of: section)
      let offset = layout.railOffset(of: section)
      expected[section] = min(max(0, expected[section]), maximum)
      if settled.contains(section) && kind != 7 && offset != expected[section] {
        #expect(
          offset >= 0 && offset <= maximum + 1e-9
            && model.isRestingStop(
              offset, section: section, viewportWidth: view.viewportSize.width,
              maximum: maximum),
          "\(context): rail \(section) rests at \(offset) (max \(maximum), \(layout.railScrolling(of: section)))"
        )
        expected[section] = offset
        continue
      }
      #expect(
        offset == expected[section], "\(context): rail \(section) \(offset) ≠ \(expected[section])")
    }

    // The visible cells: exactly a walk from the start's items meeting the viewport.
    let bounds = view.bounds
    let frames = model.frames(viewportWidth: view.viewportSize.width, offsets: layout.railOffsets)
    let expectedItems =
      view.viewportSize.isEmpty
      ? [] : frames.filter { $0.value.intersects(bounds) }.map(\.key).sorted()
    let visible = view.indexPathsForVisibleItems
    #expect(visible == expectedItems, "\(context): visible set")
    for cell in view.visibleCells {
      guard let path = view.indexPath(for: cell) else {
        Issue.record("\(context): a visible cell at no item")
        continue
      }
      #expect(cell.frame == frames[path], "\(context): frame of \(path)")
    }
    // Display callbacks: exactly the visible cells were told they show (by identity: batch
    // updates move cells to new paths without telling them).
    #expect(
      Set(recorder.displayedCells.keys) == Set(view.visibleCells.map(ObjectIdentifier.init)),
      "\(context): callbacks")
    #expect(recorder.pairingViolations.isEmpty, "\(context): \(recorder.pairingViolations)")
    let counters = view.reuseCounters(forReuseIdentifier: "cell")
    #expect(counters.created <= counters.peakVisible + 2, "\(context): \(counters)")
  }
}
