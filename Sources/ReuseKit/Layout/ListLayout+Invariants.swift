extension ListLayout {
  /// Checks the layout's caches against each other. Compiled in only with `REUSEKIT_CHECKS`.
  ///
  /// - Complexity: O(S) plus O(1) samples of items, so it can run after every mutation.
  func _checkInvariants() {
    #if REUSEKIT_CHECKS
      guard invalidation == .none else { return }
      let sectionCount = itemCounts.count
      precondition(sectionFirstItem.count == sectionCount + 1, "section table out of sync")
      precondition(headerLengths.count == sectionCount && footerLengths.count == sectionCount)
      precondition(sections.count == sectionCount, "section index out of sync")
      precondition(items.count == sectionFirstItem[sectionCount], "item index out of sync")
      for section in 0..<sectionCount where sectionCount <= 4096 || section % 97 == 0 {
        let expected = sectionLength(
          section, header: headerLengths[section], footer: footerLengths[section])
        let actual = sections.length(section)
        precondition(
          abs(expected - actual) <= 1e-6 * max(1, abs(expected)),
          "section \(section) length \(actual) != recomputed \(expected)")
      }
      let main = contentSize[scrollDirection]
      precondition(main.isFinite && main >= 0, "content size \(contentSize) is not a finite length")
      precondition(abs(main - sections.totalExtent) <= 1e-6 * max(1, main), "content size stale")
    #endif
  }
}
