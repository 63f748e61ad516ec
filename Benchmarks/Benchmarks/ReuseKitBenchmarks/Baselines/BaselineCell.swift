import ReuseKit

/// The cell the baselines reuse: the state their cells carried (frame, index, selection,
/// whether it is in the view tree).
final class BaselineCell {
  let reuseIdentifier: String
  var frame = Rect.zero
  var index = -1
  var selected = false
  var isInSuperview = false

  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }

  func prepareForReuse() { index = -1 }
}

/// The reuse queue of TUITableView, which ZXOptionBar inherited: a dictionary from
/// identifier to an array of idle cells, popped from the end (string keys hashed on every
/// call, as the originals' `NSMutableDictionary` did).
struct BaselineReuseQueue {
  private var idle: [String: [BaselineCell]] = [:]
  /// Cells made because none was idle.
  private(set) var cellsCreated = 0

  /// An idle cell with `identifier`, prepared for reuse, or a new one.
  mutating func dequeueOrMake(withIdentifier identifier: String) -> BaselineCell {
    if let cell = idle[identifier]?.popLast() {
      cell.prepareForReuse()
      return cell
    }
    cellsCreated += 1
    return BaselineCell(reuseIdentifier: identifier)
  }

  /// Puts `cell` back under its identifier.
  mutating func enqueue(_ cell: BaselineCell) {
    idle[cell.reuseIdentifier, default: []].append(cell)
  }
}
