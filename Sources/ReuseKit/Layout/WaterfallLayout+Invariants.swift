extension WaterfallLayout {
  /// Checks that every item sits in exactly one column, at the row it records, and that the
  /// sections match the counts. Compiled in only with `REUSEKIT_CHECKS`; O(n), run after
  /// each prepare.
  func _checkInvariants() {
    #if REUSEKIT_CHECKS
      precondition(sections.count == itemCounts.count, "waterfall: sections out of sync")
      precondition(sectionExtents.count == sections.count, "waterfall: section extents")
      for (index, section) in sections.enumerated() {
        precondition(section.itemCount == itemCounts[index], "waterfall: item count of \(index)")
        precondition(section.itemRow.count == section.itemCount, "waterfall: rows of \(index)")
        var seen = 0
        for (column, lane) in section.columns.enumerated() {
          precondition(lane.items.count == lane.extents.count, "waterfall: column extents")
          var previous: Int32 = -1
          for (row, item) in lane.items.enumerated() {
            precondition(item > previous, "waterfall: column \(column) out of order")
            precondition(
              section.itemColumn[Int(item)] == column && section.itemRow[Int(item)] == row,
              "waterfall: item \(item) misfiled")
            previous = item
            seen += 1
          }
        }
        precondition(seen == section.itemCount, "waterfall: items lost in section \(index)")
      }
    #endif
  }
}
