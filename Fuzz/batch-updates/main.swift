// libFuzzer target: any sequence of batch updates (inserts, deletes, moves, reloads, section
// operations; valid, out of range, or not matching the data) applied to a collection view,
// interleaved with scrolls, resizes and animation frames. Never a trap (the invariant checks
// are compiled in), and after every step each displayed cell shows what the data says is at
// its path.
import ReuseKit
import ReuseTestSupport

/// Reads the input as small numbers; zeros once it runs out.
struct Reader {
  let bytes: [UInt8]
  var index = 0
  var isAtEnd: Bool { index >= bytes.count }
  mutating func next(_ bound: Int) -> Int {
    guard index < bytes.count, bound > 0 else { return 0 }
    defer { index += 1 }
    return Int(bytes[index]) % bound
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatchUpdates(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var input = Reader(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  let (view, model) = makeBoard(
    [[1, 2, 3], [4, 5]], layout: ListLayout(itemSizing: .uniform(3), headerLength: .fixed(1)),
    viewport: Size(width: 10, height: 20))
  var nextValue = 6
  var time = 1.0
  while !input.isAtEnd {
    let animated = input.next(2) == 1
    // Out-of-range arguments on purpose: `+ 2` reaches past the ends.
    let sectionCount = model.sections.count
    let section = input.next(sectionCount + 2)
    let valid = section < sectionCount
    let count = valid ? model.sections[section].count : 0
    let item = input.next(count + 2)
    switch input.next(10) {
    case 0:  // insert items (matching the data when in range)
      let added = 1 + input.next(3)
      if valid && item <= count {
        let values = (0..<added).map { nextValue + $0 }
        nextValue += added
        model.sections[section].insert(contentsOf: values, at: item)
      }
      _ = view.performBatchUpdates(animated: animated) {
        view.insertItems(
          at: (0..<added).map { ItemPath(section: section, item: item + $0) })
      }
    case 1:  // delete an item
      if valid && item < count { model.sections[section].remove(at: item) }
      _ = view.performBatchUpdates(animated: animated) {
        view.deleteItems(at: [ItemPath(section: section, item: item)])
      }
    case 2:  // move an item to another section
      let target = input.next(sectionCount + 1)
      let targetCount = target < sectionCount ? model.sections[target].count : 0
      let destination = input.next(targetCount + 1)
      if valid && item < count && target < sectionCount {
        let value = model.sections[section].remove(at: item)
        let index = min(destination, model.sections[target].count)
        model.sections[target].insert(value, at: index)
        _ = view.performBatchUpdates(animated: animated) {
          view.moveItem(
            at: ItemPath(section: section, item: item),
            to: ItemPath(section: target, item: index))
        }
      } else {
        _ = view.performBatchUpdates(animated: animated) {
          view.moveItem(
            at: ItemPath(section: section, item: item),
            to: ItemPath(section: target, item: destination))
        }
      }
    case 3:  // reload or reconfigure an item with new content
      if valid && item < count {
        model.sections[section][item] = nextValue
        nextValue += 1
      }
      let path = ItemPath(section: section, item: item)
      _ = view.performBatchUpdates(animated: animated) {
        if input.next(2) == 0 {
          view.reloadItems(at: [path])
        } else {
          view.reconfigureItems(at: [path])
        }
      }
    case 4:  // insert a section
      let at = input.next(sectionCount + 2)
      if at <= sectionCount {
        model.sections.insert([nextValue], at: at)
        nextValue += 1
      }
      _ = view.performBatchUpdates(animated: animated) { view.insertSections([at]) }
    case 5:  // delete a section
      if valid { model.sections.remove(at: section) }
      _ = view.performBatchUpdates(animated: animated) { view.deleteSections([section]) }
    case 6:  // a change the batch does not describe: the counts disagree
      if valid { model.sections[section].append(nextValue) }
      nextValue += 1
      _ = view.performBatchUpdates(animated: animated) {
        view.deleteItems(at: [ItemPath(section: section, item: 0)])
      }
    case 7:  // scroll
      view.setContentOffset(
        Point(x: 0, y: Double(input.next(64) * 3)), animated: input.next(2) == 1)
    case 8:  // resize, down to nothing
      view.viewportSize = Size(width: Double(input.next(12)), height: Double(input.next(40)))
    default:  // frames pass (a running animation advances or ends)
      for _ in 0..<(1 + input.next(30)) {
        time += 1.0 / 60
        view.tick(now: time)
        view.layoutIfNeeded()
      }
    }
    view.layoutIfNeeded()
    check(view, model)
  }
  return 0
}

/// Every displayed cell shows the value the data has at its path; the counts agree.
func check(_ view: CollectionView, _ model: Board) {
  precondition(view.numberOfSections == model.sections.count, "sections differ")
  for (section, items) in model.sections.enumerated() {
    precondition(view.numberOfItems(inSection: section) == items.count, "items differ")
  }
  for path in view.indexPathsForVisibleItems {
    guard let cell = view.cellForItem(at: path) as? BoardCell else {
      fatalError("no cell at visible \(path)")
    }
    let expected = model.sections[path.section][path.item]
    precondition(
      cell.value == expected, "\(path) shows \(cell.value ?? -1), the data has \(expected)")
  }
}
