import ReuseTestSupport
import Testing

@testable import ReuseControls
@testable import ReuseKit

extension CollectionRun {
  mutating func check(_ context: () -> String, settled: Bool, bruteForce: Bool) {
    func fail(_ message: String) {
      Issue.record("seed \(seed) (\(surface)), \(context()): \(message)")
    }
    let view = collectionView
    for failure in source.failures { fail("\(failure)") }
    source.failures.removeAll()
    let offset = view.contentOffset
    let size = view.contentSize
    guard offset.x.isFinite, offset.y.isFinite, size.width.isFinite, size.height.isFinite else {
      fail("NaN or infinite offset \(offset) or size \(size)")
      return
    }
    // Views of a running update animation are drawn where the animation says; check the
    // exact set when nothing animates.
    let visible = view.indexPathsForVisibleItems
    var cells: [ObjectIdentifier] = []
    for path in visible {
      guard let cell = view.cellForItem(at: path) as? ModelCell else {
        fail("no cell for visible \(path)")
        continue
      }
      cells.append(ObjectIdentifier(cell))
      guard path.section < source.sections.count, path.item < source.sections[path.section].count
      else {
        fail("visible \(path) is out of range")
        continue
      }
      let id = source.sections[path.section][path.item]
      if cell.id != id || cell.version != (source.versions[id] ?? 0) {
        fail("\(path) shows \(cell.id) v\(cell.version), not \(id) v\(source.versions[id] ?? 0)")
      }
      if cell.isSelected != selected.contains(id) {
        fail("\(path) isSelected \(cell.isSelected), model \(selected.contains(id))")
      }
      if let frame = cell.layoutAttributes?.frame,
        !(frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite
          && frame.height.isFinite)
      {
        fail("\(path) has frame \(frame)")
      }
    }
    // Selection: the model's, by identifier.
    var selectedIDs: Set<Int> = []
    for path in view.indexPathsForSelectedItems {
      guard path.section < source.sections.count, path.item < source.sections[path.section].count
      else {
        fail("selected \(path) is out of range")
        continue
      }
      selectedIDs.insert(source.sections[path.section][path.item])
    }
    if selectedIDs != selected {
      fail("selection \(selectedIDs.sorted()) ≠ model \(selected.sorted())")
    }
    // Pools are disjoint from the visible cells; callbacks are paired.
    let pooled = Set(view.reusePool.stacks.joined().map(ObjectIdentifier.init))
    if !pooled.isDisjoint(with: cells) { fail("a visible cell is pooled") }
    if !view.isAnimatingUpdates && source.outstanding != Set(cells) {
      fail("\(source.outstanding.count) cells displayed by callbacks, \(cells.count) visible")
    }
    // The visible set is exactly the items meeting the viewport (without an update
    // animation): against the layout's own query every time, and against every item's frame
    // (independent of the layouts' index structures) when `bruteForce`.
    let viewport = Rect(origin: offset, size: view.viewportSize)
    if !view.isAnimatingUpdates && viewport.width > 0 && viewport.height > 0 {
      var expected: Set<ItemPath> = []
      if bruteForce && totalItems <= 3_000 {
        for (section, items) in source.sections.enumerated() {
          for index in items.indices {
            let path = ItemPath(section: section, item: index)
            if let frame = view.collectionViewLayout.layoutAttributesForItem(at: path)?.frame,
              frame.intersects(viewport)
            {
              expected.insert(path)
            }
          }
        }
      } else {
        elements.removeAll()
        view.collectionViewLayout.elements(in: LayoutQuery(viewport: viewport), into: &elements)
        for attributes in elements.items where attributes.frame.intersects(viewport) {
          expected.insert(attributes.indexPath)
        }
      }
      if Set(visible) != expected {
        let extra = Set(visible).subtracting(expected).sorted().prefix(3)
        let missing = expected.subtracting(visible).sorted().prefix(3)
        fail("visible set off: extra \(Array(extra)), missing \(Array(missing))")
      }
    }
    // A settled offset is within bounds.
    if settled && !view.isTracking {
      let minimum = view.minimumContentOffset
      let maximum = view.maximumContentOffset
      for axis in [Axis.horizontal, .vertical] {
        let value = offset[axis]
        if value < minimum[axis] - 0.001 || value > max(minimum[axis], maximum[axis]) + 0.001 {
          fail("settled offset \(offset) outside \(minimum)…\(maximum)")
        }
      }
    }
  }
}
