/// The data's shape as a collection view last read it: the item count of each section
/// (sanitised), the flat index of each section's first item, and the section-index titles.
struct ItemCounts {
  /// Items per section.
  private(set) var perSection: ItemCountList = []
  /// `prefix[s]` is the flat index of section `s`'s first item; one more entry holds the total.
  private(set) var prefix = SectionStarts()
  /// The data source's section-index titles, read with the counts.
  var indexTitles: [String] = []
  /// Counts each time the counts were taken (a reload, a batch update): paths held across it
  /// may name other items.
  var revision = 0
  /// Bumped with ``revision``, and by a batch that only reconfigures items in place.
  var contentRevision = 0

  /// The count every section has, when the data source said one for all
  /// (`numberOfItemsInEverySection`) and nothing clamped it.
  private(set) var uniform: Int?

  /// Takes new counts.
  ///
  /// - Complexity: O(S) for S sections.
  mutating func set(_ counts: ItemCountList, uniform: Int? = nil) {
    perSection = counts
    prefix = SectionStarts(counts: counts)
    self.uniform = uniform
  }

  /// The number of items in every section together.
  var total: Int { prefix[prefix.count - 1] }

  /// The number of sections.
  var sectionCount: Int { perSection.count }

  /// The number of items in `section`; 0 for a section out of range.
  func numberOfItems(inSection section: Int) -> Int {
    section >= 0 && section < perSection.count ? perSection[section] : 0
  }

  /// Whether `indexPath` names an item.
  func isValid(_ indexPath: ItemPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < perSection.count && indexPath.item >= 0
      && indexPath.item < perSection[indexPath.section]
  }

  /// The flat index of `indexPath` (counting across sections).
  func flatIndex(of indexPath: ItemPath) -> Int { prefix[indexPath.section] + indexPath.item }

  /// The path of the item at flat index `flat`, or `nil` out of range.
  ///
  /// - Complexity: O(log S).
  func indexPath(forFlatIndex flat: Int) -> ItemPath? {
    guard flat >= 0, flat < total else { return nil }
    var low = 0
    var high = perSection.count - 1
    while low < high {  // the last section whose first flat index is ≤ flat
      let mid = (low + high + 1) / 2
      if prefix[mid] <= flat { low = mid } else { high = mid - 1 }
    }
    return ItemPath(section: low, item: flat - prefix[low])
  }
}
