import Foundation
import XCTest

extension EndToEndCase.Gallery {
  /// Presses `keys` (xdotool's names) in one xdotool run, then waits for `what`: the status
  /// line meeting `condition`.
  func press(
    _ keys: String..., until what: String, timeout: Double = 5,
    _ condition: (String) -> Bool
  ) throws {
    try EndToEndCase.run("xdotool", ["key"] + keys)
    try waitFor(what, timeout: timeout, condition)
  }

  /// Types `text` and presses Return (a prompt's answer), then waits for `what`: the status
  /// line meeting `condition`.
  func enter(_ text: String, until what: String, _ condition: (String) -> Bool) throws {
    try EndToEndCase.run("xdotool", ["type", text])
    try EndToEndCase.run("xdotool", ["key", "Return"])
    try waitFor(what, condition)
  }
}

extension EndToEndCase {
  /// The table page on `items` demo rows, once it shows them with the cursor on row 1: `rows`
  /// is their count as the status line writes it ("5,000").
  func tablePage(items: Int, rows: String, timeout: Double = 5) throws -> Gallery {
    let gallery = try Gallery(page: "table", items: items)
    try gallery.waitFor("the table", timeout: timeout) {
      $0.contains("\(rows) rows × 50 columns · row 1 ·")
    }
    return gallery
  }
}
