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
        precondition(
          section.spanCount.isEmpty
            || (section.spanCount.count == section.itemCount
              && section.spanFirst.count == section.itemCount),
          "waterfall: spans of \(index)")
        var seen = 0
        for (column, lane) in section.columns.enumerated() {
          precondition(lane.items.count == lane.extents.count, "waterfall: column extents")
          var previous: Int32 = -1
          for (row, item) in lane.items.enumerated() {
            precondition(item > previous, "waterfall: column \(column) out of order")
            previous = item
            let home = section.itemColumn[Int(item)] == column
            if !section.spanCount.isEmpty, section.spanCount[Int(item)] > 1 {
              let first = Int(section.spanFirst[Int(item)])
              precondition(
                column >= first && column < first + Int(section.spanCount[Int(item)]),
                "waterfall: spanning item \(item) outside its columns")
              if !home { continue }
            }
            precondition(
              home && section.itemRow[Int(item)] == row, "waterfall: item \(item) misfiled")
            seen += 1
          }
        }
        precondition(seen == section.itemCount, "waterfall: items lost in section \(index)")
      }
    #endif
  }
}
