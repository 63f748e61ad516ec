/// One displayed element: its attributes and the view showing it.
struct VisibleEntry {
  var attributes: LayoutAttributes
  var view: ReusableView
}

/// The elements on screen, kept sorted in display order, and the O(k) reconciliation that
/// turns one frame's set into the next.
///
/// A pass merges the current elements with the layout's new list (both sorted):
/// 1. every element that left is handed to `leaving` (which ends its display and pools its
///    view);
/// 2. every element that stayed keeps its view; `updating` hears when its attributes changed;
/// 3. every element that entered gets a view from `entering` (which dequeues and displays).
///
/// All leaving happens before any entering, so entering elements reuse the views that left in
/// the same pass.
///
/// After an element that stayed unchanged, the merge compares the elements that follow as
/// memory, a run at a time (1, then 2, 4, … while the runs match): a scroll leaves every
/// element that stays on screen as it was, so a frame compares one or two blocks instead of
/// each element's fields. Attributes have no padding, so equal bytes are identical attributes
/// of the same elements; a run that differs anywhere falls back to the element-by-element
/// merge, which decides.
///
/// ### Storage
/// Attributes live in an array; the new attributes are not copied: the set swaps the caller's
/// buffer for its old one, which the caller clears and refills next frame. Views live in two
/// manually managed buffers of unmanaged references: the set holds one retain per displayed
/// view, taken when the view enters and given back when it leaves, so a view that stays on
/// screen costs no reference counting at all, however many frames it stays. A steady-state
/// pass allocates nothing and builds no Set or Dictionary.
///
/// Stored properties skip dynamic exclusivity checks (`@exclusivity(unchecked)`): the type is
/// single-threaded and its methods never overlap accesses.
final class VisibleSet {
  /// Whether the set holds cells only: elements then compare by index path alone.
  let holdsCellsOnly: Bool

  /// The displayed elements' attributes, in display order.
  @exclusivity(unchecked) private(set) var attributes: [LayoutAttributes] = []
  /// The views, index for index with `attributes`; each holds one retain owned by the set.
  @exclusivity(unchecked) private var viewBuffer: UnsafeMutablePointer<Unmanaged<ReusableView>>
  /// The buffer the next pass builds into.
  @exclusivity(unchecked) private var spareBuffer: UnsafeMutablePointer<Unmanaged<ReusableView>>
  /// The capacity of both buffers.
  @exclusivity(unchecked) private var capacity: Int
  /// How many more passes merge without runs compared as memory, after passes whose runs
  /// all came out too short to pay (a layout's pattern of changes lasts from frame to frame).
  @exclusivity(unchecked) private var framesWithoutRuns = 0
  /// The pause after the next pass whose runs do not pay: 0, 1, 3, 7, … up to
  /// ``longestRunPause`` passes, back to 0 after a pass whose runs paid.
  @exclusivity(unchecked) private var runBackoff = 0

  init(holdsCellsOnly: Bool) {
    self.holdsCellsOnly = holdsCellsOnly
    capacity = 16
    viewBuffer = .allocate(capacity: 16)
    spareBuffer = .allocate(capacity: 16)
  }

  deinit {
    for index in 0..<attributes.count { viewBuffer[index].release() }
    viewBuffer.deallocate()
    spareBuffer.deallocate()
  }

  /// The number of displayed elements.
  var count: Int { attributes.count }

  /// The view at `index`.
  @inline(__always)
  func view(at index: Int) -> ReusableView { viewBuffer[index].takeUnretainedValue() }

  /// Whether the view at `index` was measured at `length` (no reference counting: the set
  /// keeps the view alive).
  @inline(__always)
  func viewWasMeasured(at index: Int, length: Double) -> Bool {
    viewBuffer[index]._withUnsafeGuaranteedRef { $0.measuredLength == length }
  }

  /// The offset the view at `index` is drawn from its place while an item moves, and setting
  /// it (no reference counting: the set keeps the view alive).
  @inline(__always)
  func movementOffset(at index: Int) -> Point {
    viewBuffer[index]._withUnsafeGuaranteedRef { $0.movementOffset }
  }

  /// Gives each displayed view the offset at its index in `offsets`, when the counts match.
  func setMovementOffsets(_ offsets: [Point]) {
    guard offsets.count == count else { return }
    offsets.withUnsafeBufferPointer { offsets in
      for index in 0..<offsets.count {
        viewBuffer[index]._withUnsafeGuaranteedRef { $0.movementOffset = offsets[index] }
      }
    }
  }

  /// The displayed views, in display order. Allocates; for queries, not for frames.
  var views: [ReusableView] { (0..<count).map(view(at:)) }

  /// The displayed elements as pairs. Allocates; for queries and checks, not for frames.
  var entries: [VisibleEntry] {
    (0..<count).map { VisibleEntry(attributes: attributes[$0], view: view(at: $0)) }
  }

  /// Grows both buffers to hold at least `needed` views.
  private func reserve(_ needed: Int) {
    guard needed > capacity else { return }
    let newCapacity = max(needed, capacity * 2)
    let grown = UnsafeMutablePointer<Unmanaged<ReusableView>>.allocate(capacity: newCapacity)
    grown.moveInitialize(from: viewBuffer, count: attributes.count)
    viewBuffer.deallocate()
    viewBuffer = grown
    spareBuffer.deallocate()
    spareBuffer = .allocate(capacity: newCapacity)
    capacity = newCapacity
  }

  /// Reconciles with `newElements`, which must be sorted by `LayoutAttributes.displayOrder`
  /// and free of duplicates. On return, `newElements` holds the previous attributes buffer
  /// (for the caller to clear and reuse).
  ///
  /// - Complexity: O(k + k') where k and k' are the old and new counts, plus the callbacks.
  func reconcile(
    with newElements: inout [LayoutAttributes],
    leaving: (ReusableView, LayoutAttributes) -> Void,
    updating: (ReusableView, LayoutAttributes) -> Void,
    entering: (LayoutAttributes) -> ReusableView
  ) {
    if holdsCellsOnly {
      reconcile(
        with: &newElements, ordering: CellOrdering.self, leaving: leaving, updating: updating,
        entering: entering)
    } else {
      reconcile(
        with: &newElements, ordering: DisplayOrdering.self, leaving: leaving, updating: updating,
        entering: entering)
    }
  }

  /// The merge, specialised for an ordering.
  @inline(__always)
  private func reconcile<Ordering: ElementOrdering>(
    with newElements: inout [LayoutAttributes], ordering: Ordering.Type,
    leaving: (ReusableView, LayoutAttributes) -> Void,
    updating: (ReusableView, LayoutAttributes) -> Void,
    entering: (LayoutAttributes) -> ReusableView
  ) {
    let oldCount = attributes.count
    let newCount = newElements.count
    if oldCount == 0 && newCount == 0 { return }
    reserve(newCount)
    let old = viewBuffer
    let next = spareBuffer
    // Slots of entering elements stay unset (nil bit pattern) until pass 2.
    var hasEntering = false
    // Pass 1: merge through borrowed buffers. The current state stays intact, so callbacks may
    // read it, until the pass ends.
    attributes.withUnsafeBufferPointer { oldAttributes in
      newElements.withUnsafeBufferPointer { new in
        // (The indices stay below the counts: `&+=` skips overflow checks that cannot fail.)
        var oldIndex = 0
        var newIndex = 0
        // Runs compared as memory (below): a run too short to pay for its calls ends them for
        // this frame, and frame after frame of them pauses them for longer.
        var triesRuns = VisibleSet.comparesRunsAsBytes && framesWithoutRuns == 0
        if framesWithoutRuns > 0 { framesWithoutRuns -= 1 }
        var triedRuns = false
        var runsPaid = false
        while newIndex < newCount {
          while oldIndex < oldCount, Ordering.precedes(oldAttributes[oldIndex], new[newIndex]) {
            // Lent as it is (a strong local copy cost a retain and a release an element).
            old[oldIndex]._withUnsafeGuaranteedRef { leaving($0, oldAttributes[oldIndex]) }
            old[oldIndex].release()  // the set's retain
            oldIndex &+= 1
          }
          guard oldIndex < oldCount, Ordering.isSame(oldAttributes[oldIndex], new[newIndex]) else {
            hasEntering = true
            UnsafeMutableRawPointer(next + newIndex).storeBytes(of: 0, as: Int.self)
            newIndex &+= 1
            continue
          }
          next[newIndex] = old[oldIndex]  // moves the set's retain
          let unchanged = oldAttributes[oldIndex].isIdentical(to: new[newIndex])
          if !unchanged {
            old[oldIndex]._withUnsafeGuaranteedRef { updating($0, new[newIndex]) }
          }
          oldIndex &+= 1
          newIndex &+= 1
          guard unchanged, triesRuns else { continue }
          // An element that stayed unchanged is usually the first of many (a scroll moves no
          // element that stays on screen): the ones that follow are compared as memory.
          let run = VisibleSet.unchangedRun(
            old: oldAttributes.baseAddress! + oldIndex, new: new.baseAddress! + newIndex,
            limit: min(oldCount - oldIndex, newCount - newIndex))
          if run > 0 {
            (next + newIndex).initialize(from: old + oldIndex, count: run)  // moves retains
            oldIndex &+= run
            newIndex &+= run
          }
          // Where changes come every few elements (a table's pinned column, when the view
          // moves sideways), runs do not pay for their calls.
          triedRuns = true
          if run >= VisibleSet.worthwhileRun { runsPaid = true } else { triesRuns = false }
        }
        if triedRuns {
          if runsPaid {
            runBackoff = 0
          } else {
            framesWithoutRuns = runBackoff
            runBackoff = min(runBackoff * 2 + 1, VisibleSet.longestRunPause)
          }
        }
        while oldIndex < oldCount {
          old[oldIndex]._withUnsafeGuaranteedRef { leaving($0, oldAttributes[oldIndex]) }
          old[oldIndex].release()
          oldIndex &+= 1
        }
      }
    }
    // Pass 2: entering elements get their views (and the set retains each once).
    if hasEntering {
      for index in 0..<newCount
      where UnsafeRawPointer(next + index).load(as: Int.self) == 0 {
        next[index] = Unmanaged.passRetained(entering(newElements[index]))
      }
    }
    viewBuffer = next
    spareBuffer = old
    swap(&attributes, &newElements)
  }

  /// How many of the elements at `old` and `new` (at most `limit`) are the same elements with
  /// identical attributes, by their bytes: runs of 1, 2, 4, … elements while they match.
  /// Equal bytes are the same elements, in the same order, with identical attributes.
  @inline(never)
  private static func unchangedRun(
    old: UnsafePointer<LayoutAttributes>, new: UnsafePointer<LayoutAttributes>, limit: Int
  ) -> Int {
    var matched = 0
    var length = 1
    while matched < limit {
      let run = min(length, limit - matched)
      guard
        bytesAreEqual(
          old + matched, new + matched, count: run * MemoryLayout<LayoutAttributes>.stride)
      else { break }
      matched += run
      length *= 2
    }
    return matched
  }

  /// How many elements compared as memory make the runs worth their calls.
  @inline(__always) static var worthwhileRun: Int { 8 }
  /// The longest pause, in passes, of runs compared as memory.
  @inline(__always) static var longestRunPause: Int { 63 }

  /// Whether equal bytes mean identical attributes: attributes without padding, and nothing
  /// in them that is reference counted (checked by the compiler for the layout it builds).
  @inline(__always) static var comparesRunsAsBytes: Bool {
    _isPOD(LayoutAttributes.self)
      && MemoryLayout<LayoutAttributes>.size == MemoryLayout<LayoutAttributes>.stride
  }

  /// Removes every entry, handing each to `leaving` in display order.
  ///
  /// - Complexity: O(k); no allocation once the scratch buffer has grown (a picker row that
  ///   scrolls away gives its cells back this way, every few frames of a fling).
  func removeAll(leaving: (ReusableView, LayoutAttributes) -> Void) {
    let count = attributes.count
    guard count > 0 else { return }
    var removed = removalScratch
    removalScratch = []  // a nested call from `leaving` gets its own buffer
    removed.removeAll(keepingCapacity: true)
    for index in 0..<count {
      removed.append(VisibleEntry(attributes: attributes[index], view: view(at: index)))
      viewBuffer[index].release()  // `removed` holds it now
    }
    attributes.removeAll(keepingCapacity: true)
    for entry in removed { leaving(entry.view, entry.attributes) }
    removed.removeAll(keepingCapacity: true)
    removalScratch = removed
  }

  /// Reused by ``removeAll(leaving:)``.
  private var removalScratch: [VisibleEntry] = []

  /// Removes the entries for which `shouldRemove` is true, handing each to `leaving` (after
  /// the set no longer lists them).
  func removeAll(
    where shouldRemove: (LayoutAttributes) -> Bool,
    leaving: (ReusableView, LayoutAttributes) -> Void
  ) {
    var removed: [VisibleEntry] = []
    var kept = 0
    var keptAttributes: [LayoutAttributes] = []
    for index in 0..<attributes.count {
      if shouldRemove(attributes[index]) {
        removed.append(VisibleEntry(attributes: attributes[index], view: view(at: index)))
        viewBuffer[index].release()  // `removed` holds it now
      } else {
        viewBuffer[kept] = viewBuffer[index]
        keptAttributes.append(attributes[index])
        kept += 1
      }
    }
    attributes = keptAttributes
    for entry in removed { leaving(entry.view, entry.attributes) }
  }

  /// Rewrites every entry's attributes (a batch update renumbers index paths): `transform`
  /// returns the new attributes, or `nil` to remove the entry, which is then handed to
  /// `removed` (after the set no longer lists it). The set is sorted again afterwards.
  ///
  /// - Complexity: O(k log k); allocates (updates are not per-frame work).
  func remap(
    _ transform: (ReusableView, LayoutAttributes) -> LayoutAttributes?,
    removed: (ReusableView, LayoutAttributes) -> Void
  ) {
    var kept: [(attributes: LayoutAttributes, view: Unmanaged<ReusableView>)] = []
    var removedEntries: [VisibleEntry] = []
    for index in 0..<attributes.count {
      let view = view(at: index)
      if let new = transform(view, attributes[index]) {
        kept.append((new, viewBuffer[index]))  // moves the set's retain
      } else {
        removedEntries.append(VisibleEntry(attributes: attributes[index], view: view))
        viewBuffer[index].release()  // `removedEntries` holds it now
      }
    }
    kept.sort { LayoutAttributes.displayOrder($0.attributes, $1.attributes) }
    attributes = kept.map(\.attributes)
    for (index, entry) in kept.enumerated() { viewBuffer[index] = entry.view }
    for entry in removedEntries { removed(entry.view, entry.attributes) }
  }

  /// The index of the entry for `element`'s element, found by binary search.
  ///
  /// - Complexity: O(log k).
  func index(of element: LayoutAttributes) -> Int? {
    var low = 0
    var high = attributes.count
    while low < high {
      let mid = (low + high) / 2
      if LayoutAttributes.displayOrder(attributes[mid], element) {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low < attributes.count && attributes[low].isSameElement(as: element) ? low : nil
  }
}

/// How a visible set orders and matches its elements.
protocol ElementOrdering {
  static func precedes(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool
  static func isSame(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool
}

/// Cells: all of one category, so the index path decides.
enum CellOrdering: ElementOrdering {
  @inline(__always)
  static func precedes(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
    lhs.indexPath < rhs.indexPath
  }
  @inline(__always)
  static func isSame(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
    lhs.indexPath == rhs.indexPath
  }
}

/// Mixed elements: index path, then kind.
enum DisplayOrdering: ElementOrdering {
  @inline(__always)
  static func precedes(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
    LayoutAttributes.displayOrder(lhs, rhs)
  }
  @inline(__always)
  static func isSame(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
    lhs.isSameElement(as: rhs)
  }
}
