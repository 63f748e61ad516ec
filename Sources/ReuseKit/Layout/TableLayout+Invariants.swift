#if REUSEKIT_CHECKS
  extension TableLayout {
    /// Checks that the columns' shown order, positions and widths agree, and that the rows
    /// cover the counts.
    func _checkInvariants() {
      precondition(columnOrder.count == columns.count, "table: columnOrder out of sync")
      precondition(widths.count == columns.count, "table: widths out of sync")
      precondition(shownStarts.count == shownColumns.count + 1, "table: starts out of sync")
      precondition(rows.count == itemCounts.count, "table: rows out of sync with the counts")
      for (position, item) in shownColumns.enumerated() {
        precondition(!columns[item].isHidden, "table: a hidden column is shown")
        precondition(shownPosition[item] == position, "table: shown position out of sync")
        precondition(
          widths[item] >= 1 && shownStarts[position + 1] >= shownStarts[position] + widths[item],
          "table: column \(item) has width \(widths[item])")
      }
      precondition(frozenColumns <= shownColumns.count, "table: more frozen columns than shown")
      precondition(contentSize.width == shownStarts[shownColumns.count], "table: content width")
    }
  }
#endif
