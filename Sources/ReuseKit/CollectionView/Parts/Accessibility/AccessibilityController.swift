/// The accessibility part of a collection view: the roles a control gives it, where a nested
/// row sits in its grid, how adjustable it is, and who hears announcements. Everything else an
/// element says is computed on demand from the engine's state.
final class AccessibilityController {
  /// The container's role, when a control sets it (`nil`: from the layout and data source).
  var role: AccessibilityRole?
  /// The items' role, when a control sets it (`nil`: the container role's ``itemRole``).
  var itemRole: AccessibilityRole?
  /// The container's label ("Categories", "Photos").
  var label = ""
  /// For a collection view that is one row of a grid (a picker's row): the row, from 1, and
  /// the grid's row count.
  var gridRow: (row: Int, rowCount: Int)?
  /// Increment and decrement, for a control that is adjusted as a whole (a picker, a
  /// carousel): called with +1 or -1; returns whether it moved.
  var adjust: ((Int) -> Bool)?
  /// Opens or closes an item that is not a tree's row (``ReusableView/accessibilityIsExpanded``).
  var expand: ((ItemPath, Bool) -> Bool)?
  /// An item's place in its set and the set's size, for a control whose items are not its
  /// data's (a wrapping carousel's slots); `nil`: from the counts.
  var setPosition: ((ItemPath) -> (position: Int, size: Int))?
  /// Told each announcement.
  var announcementHandler: ((String) -> Void)?
  /// Said instead of the next announcement (an interactive move's drop names where the item
  /// went, rather than the batch's "1 item moved").
  var replacingNextAnnouncement: String?
  /// Bumped whenever an element's place may change without its view being configured again:
  /// new counts, a new viewport size (a grid's column count).
  var revision = 0

  /// Tells the handler, if any, `message`. Building the message is deferred: nothing is
  /// formatted while no one listens.
  func announce(_ message: @autoclosure () -> String) {
    guard let announcementHandler else { return }
    let text = replacingNextAnnouncement ?? message()
    replacingNextAnnouncement = nil
    if !text.isEmpty { announcementHandler(text) }
  }
}

extension AccessibilityController: CollectionViewPart {}

extension CollectionView {
  /// Tells assistive technology `message` (built only when someone listens).
  package func announce(_ message: @autoclosure () -> String) {
    accessibility.announce(message())
  }

  /// Whether assistive technology listens for announcements.
  package var isAnnouncing: Bool { accessibility.announcementHandler != nil }

  /// The next announcement says `message` instead of what its event would say ("" says
  /// nothing): a move says where the item went, not that the list changed.
  package func replaceNextAnnouncement(with message: String) {
    accessibility.replacingNextAnnouncement = message
  }

  /// The next announcement says nothing, unless something already replaces it: an outline
  /// row that opened says "expanded" itself, with no "5 items added" besides.
  package func silenceNextAnnouncement() {
    if accessibility.replacingNextAnnouncement == nil {
      accessibility.replacingNextAnnouncement = ""
    }
  }

  /// Runs `body` (an edit applied as a batch) with `message` said instead of the batch's own
  /// announcement ("moved to Doing", not "1 item moved"); said all the same when the body made
  /// no announcement, and never left over for a later one.
  package func announcing<T>(_ message: String, _ body: () -> T) -> T {
    accessibility.replacingNextAnnouncement = message
    let result = body()
    if accessibility.replacingNextAnnouncement != nil { accessibility.announce(message) }
    return result
  }
}
