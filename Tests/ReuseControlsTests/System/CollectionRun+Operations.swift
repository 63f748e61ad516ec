import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

extension CollectionRun {
  /// One operation ran: check.
  mutating func operation(_ context: @autoclosure () -> String, settled: Bool) {
    operations += 1
    check(context, settled: settled, bruteForce: operations % 16 == 0)
  }

  var totalItems: Int { source.sections.reduce(0) { $0 + $1.count } }

  mutating func scroll() {
    collectionView.layoutIfNeeded()
    let minimum = collectionView.minimumContentOffset
    let maximum = collectionView.maximumContentOffset
    if random.chance(0.5) || totalItems == 0 {
      let target = Point(
        x: random.double(minimum.x...max(minimum.x, maximum.x)),
        y: random.double(minimum.y...max(minimum.y, maximum.y)))
      collectionView.setContentOffset(target, animated: random.chance(0.3))
    } else {
      let section = source.sections.indices.filter { !source.sections[$0].isEmpty }.randomElement(
        using: &random)!
      let item = random.int(0..<source.sections[section].count)
      collectionView.scrollToItem(
        at: ItemPath(section: section, item: item),
        at: [.start, .center, .end, .nearest][random.int(0...3)], animated: random.chance(0.3))
    }
    settle()
  }

  mutating func fling(_ step: Int) {
    let axis = collectionView.collectionViewLayout.scrollDirection
    var point = Point(x: 100, y: 100)
    collectionView.beginDrag(at: point, time: time)
    let velocity = random.double(-3000...3000)
    for _ in 0..<random.int(1...6) {
      time += 1.0 / 60
      point[axis] += velocity / 60
      collectionView.moveDrag(to: point, time: time)
      collectionView.layoutIfNeeded()
      operation("drag at step \(step)", settled: false)
    }
    collectionView.endDrag(at: point, time: time)
    settle()
  }

  /// Ticks at 60 Hz until nothing moves, each tick an operation.
  mutating func settle() {
    var frames = 0
    while collectionView.isAnimating && frames < 600 {
      time += 1.0 / 60
      collectionView.tick(now: time)
      collectionView.layoutIfNeeded()
      frames += 1
      if collectionView.isAnimating { operation("tick \(frames) of a settle", settled: false) }
    }
    collectionView.layoutIfNeeded()
  }

  /// A random valid batch of item deletes, moves, inserts and reloads, applied to the model
  /// and the collection view in one update.
  mutating func batch() {
    guard !source.sections.isEmpty else { return }
    let old = source.sections
    var deleted: [ItemPath] = []
    var moved: Set<Int> = []
    var reloaded: [ItemPath] = []
    var remaining: [[Int]] = []
    for (section, items) in old.enumerated() {
      var kept: [Int] = []
      for (index, id) in items.enumerated() {
        let roll = random.int(0...99)
        if roll < 8 {
          deleted.append(ItemPath(section: section, item: index))
        } else if roll < 14 {
          moved.insert(id)
        } else {
          if roll < 18 { reloaded.append(ItemPath(section: section, item: index)) }
          kept.append(id)
        }
      }
      remaining.append(kept)
    }
    // Place the moved items and some new ones at random final positions.
    var newIDs: [Int] = []
    for _ in 0..<random.int(0...6) {
      newIDs.append(nextID)
      nextID += 1
    }
    var target = remaining
    for id in Array(moved).sorted() + newIDs {
      let section = random.int(0..<target.count)
      target[section].insert(id, at: random.int(0...target[section].count))
    }
    var oldPath: [Int: ItemPath] = [:]
    for (section, items) in old.enumerated() {
      for (index, id) in items.enumerated() {
        oldPath[id] = ItemPath(section: section, item: index)
      }
    }
    var moves: [(ItemPath, ItemPath)] = []
    var inserted: [ItemPath] = []
    for (section, items) in target.enumerated() {
      for (index, id) in items.enumerated() {
        let path = ItemPath(section: section, item: index)
        if moved.contains(id) { moves.append((oldPath[id]!, path)) }
        if newIDs.contains(id) { inserted.append(path) }
      }
    }
    for path in reloaded { source.versions[old[path.section][path.item], default: 0] += 1 }
    for path in deleted { selected.remove(old[path.section][path.item]) }
    source.sections = target
    if diffable {
      apply(
        reconfiguring: reloaded.map { old[$0.section][$0.item] }, animated: random.chance(0.3))
      settle()
      return
    }
    let result = collectionView.performBatchUpdates(animated: random.chance(0.3)) {
      collectionView.deleteItems(at: deleted)
      collectionView.insertItems(at: inserted)
      for (from, to) in moves { collectionView.moveItem(at: from, to: to) }
      collectionView.reloadItems(at: reloaded)
    }
    if case .failure(let error) = result {
      Issue.record("seed \(seed): a valid batch was refused: \(error)")
    }
    settle()
  }

  /// Inserts or deletes a whole section.
  mutating func sectionBatch() {
    if random.chance(0.5) || source.sections.isEmpty {
      var items: [Int] = []
      for _ in 0..<random.int(0...8) {
        items.append(nextID)
        nextID += 1
      }
      let index = random.int(0...source.sections.count)
      source.sections.insert(items, at: index)
      source.sectionIDs.insert(nextSectionID, at: index)
      nextSectionID += 1
      if diffable {
        apply(reconfiguring: [], animated: random.chance(0.3))
      } else {
        collectionView.performBatchUpdates(animated: false) {
          collectionView.insertSections([index])
        }
      }
    } else {
      let index = random.int(0..<source.sections.count)
      for id in source.sections[index] { selected.remove(id) }
      source.sections.remove(at: index)
      source.sectionIDs.remove(at: index)
      if diffable {
        apply(reconfiguring: [], animated: random.chance(0.3))
      } else {
        collectionView.performBatchUpdates(animated: false) {
          collectionView.deleteSections([index])
        }
      }
    }
    settle()
  }

  /// New data and a reload: `reloadData()` keeps the selected index paths that still exist;
  /// the diffable data source's reloading snapshot keeps the selected items that still exist,
  /// wherever they went.
  mutating func reloadAll() {
    var paths: [ItemPath] = []
    for (section, items) in source.sections.enumerated() {
      for (index, id) in items.enumerated() where selected.contains(id) {
        paths.append(ItemPath(section: section, item: index))
      }
    }
    var sections = source.sections
    for index in sections.indices where random.chance(0.5) {
      sections[index].shuffle(using: &random)
      if random.chance(0.3) { sections[index].removeLast(min(sections[index].count, 3)) }
    }
    source.sections = sections
    if diffableSource != nil {
      selected.formIntersection(sections.joined())
    } else {
      selected = Set(
        paths.compactMap { path in
          path.section < sections.count && path.item < sections[path.section].count
            ? sections[path.section][path.item] : nil
        })
    }
    if let diffableSource {
      var snapshot = Snapshot<Int, Int>()
      snapshot.appendSections(source.sectionIDs)
      for (index, items) in sections.enumerated() {
        snapshot.appendItems(items, toSection: source.sectionIDs[index])
      }
      diffableSource.applySnapshotUsingReloadData(snapshot)
    } else {
      collectionView.reloadData()
    }
    collectionView.layoutIfNeeded()
  }

  mutating func select() {
    collectionView.layoutIfNeeded()
    let visible = collectionView.indexPathsForVisibleItems
    guard let path = visible.randomElement(using: &random) else { return }
    let id = source.sections[path.section][path.item]
    if random.chance(0.8) {
      collectionView.tapItem(at: path)
      if collectionView.allowsMultipleSelection {
        if selected.contains(id) { selected.remove(id) } else { selected.insert(id) }
      } else {
        selected = [id]
      }
    } else {
      collectionView.deselectItem(at: path)
      selected.remove(id)
    }
  }
}
