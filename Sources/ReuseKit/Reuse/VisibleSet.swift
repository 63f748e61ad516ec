/// One displayed element: its attributes and the view showing it.
struct VisibleEntry {
  var attributes: LayoutAttributes
  /// `nil` only transiently, while a reconciliation pass has not yet provided a view.
  var view: ReusableView?
}

/// The elements on screen, kept sorted in display order, and the O(k) reconciliation that
/// turns one frame's set into the next.
///
/// A pass merges the current entries with the layout's new list (both sorted):
/// 1. every element that left is handed to `leaving` (which ends its display and pools its
///    view);
/// 2. every element that stayed keeps its view; `updating` hears when its attributes changed;
/// 3. every element that entered gets a view from `entering` (which dequeues and displays).
///
/// All leaving happens before any entering, so entering elements reuse the views that left in
/// the same pass. Two buffers are swapped between passes: no allocation in the steady state,
/// and no Set or Dictionary.
final class VisibleSet {
  /// The displayed elements, in display order.
  private(set) var entries: [VisibleEntry] = []
  /// The buffer the next pass builds into.
  private var spare: [VisibleEntry] = []

  /// The number of displayed elements.
  var count: Int { entries.count }

  /// Reconciles with `newElements`, which must be sorted by `LayoutAttributes.displayOrder`
  /// and free of duplicates.
  ///
  /// - Complexity: O(k + k') where k and k' are the old and new counts, plus the callbacks.
  func reconcile(
    with newElements: [LayoutAttributes],
    leaving: (ReusableView, LayoutAttributes) -> Void,
    updating: (ReusableView, LayoutAttributes) -> Void,
    entering: (LayoutAttributes) -> ReusableView
  ) {
    var next = spare
    spare = []
    next.removeAll(keepingCapacity: true)
    next.reserveCapacity(newElements.count)
    // Pass 1: merge. Leaving elements are released now; staying ones carry their view.
    // `entries` is read in place (no local copy), so that the buffer stays uniquely referenced
    // and can be recycled as `spare` without a copy.
    var oldIndex = 0
    let oldCount = entries.count
    for element in newElements {
      while oldIndex < oldCount,
        LayoutAttributes.displayOrder(entries[oldIndex].attributes, element)
      {
        leaving(entries[oldIndex].view!, entries[oldIndex].attributes)
        oldIndex += 1
      }
      if oldIndex < oldCount, entries[oldIndex].attributes.isSameElement(as: element) {
        let view = entries[oldIndex].view!
        if entries[oldIndex].attributes != element { updating(view, element) }
        next.append(VisibleEntry(attributes: element, view: view))
        oldIndex += 1
      } else {
        next.append(VisibleEntry(attributes: element, view: nil))
      }
    }
    while oldIndex < oldCount {
      leaving(entries[oldIndex].view!, entries[oldIndex].attributes)
      oldIndex += 1
    }
    // Pass 2: entering elements get their views.
    for index in next.indices where next[index].view == nil {
      let view = entering(next[index].attributes)
      next[index].view = view
    }
    spare = entries
    entries = next
    spare.removeAll(keepingCapacity: true)
  }

  /// Removes every entry, handing each to `leaving` in display order.
  func removeAll(leaving: (ReusableView, LayoutAttributes) -> Void) {
    let old = entries
    entries.removeAll(keepingCapacity: true)
    for entry in old { leaving(entry.view!, entry.attributes) }
  }

  /// Removes the entries for which `shouldRemove` is true, handing each to `leaving`.
  func removeAll(
    where shouldRemove: (LayoutAttributes) -> Bool,
    leaving: (ReusableView, LayoutAttributes) -> Void
  ) {
    var removed: [VisibleEntry] = []
    entries.removeAll { entry in
      if shouldRemove(entry.attributes) {
        removed.append(entry)
        return true
      }
      return false
    }
    for entry in removed { leaving(entry.view!, entry.attributes) }
  }

  /// The index of the entry for `element`'s element, found by binary search.
  ///
  /// - Complexity: O(log k).
  func index(of element: LayoutAttributes) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let mid = (low + high) / 2
      if LayoutAttributes.displayOrder(entries[mid].attributes, element) {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low < entries.count && entries[low].attributes.isSameElement(as: element) ? low : nil
  }

  /// Replaces the attributes of the entry at `index` (after the layout moved it).
  func setAttributes(_ attributes: LayoutAttributes, at index: Int) {
    entries[index].attributes = attributes
  }
}
