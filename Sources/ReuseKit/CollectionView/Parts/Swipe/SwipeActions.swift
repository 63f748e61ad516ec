/// One action revealed by swiping a row (UIKit's `UIContextualAction`): the host draws it in
/// the space the row uncovers, and a tap on it (or a full swipe, for the first action)
/// performs it.
public struct SwipeAction {
  /// How the host draws an action.
  public enum Style: Hashable, Sendable {
    /// An ordinary action.
    case normal
    /// An action that deletes or discards: usually red.
    case destructive
  }

  /// The label the host draws.
  public var title: String
  /// How it is drawn.
  public var style: Style
  /// The length it takes along the row when revealed, in points (the host measures its
  /// title). Negative or non-finite widths count as 0.
  public var width: Double
  /// Performs the action on the item at the path given. The row has closed by then, so the
  /// handler may delete or move the item with a batch update.
  public var handler: (ItemPath) -> Void

  /// Creates an action.
  public init(
    title: String, style: Style = .normal, width: Double, handler: @escaping (ItemPath) -> Void
  ) {
    self.title = title
    self.style = style
    self.width = width >= 0 && width.isFinite ? width : 0
    self.handler = handler
  }
}

/// The actions of one edge of a row (UIKit's `UISwipeActionsConfiguration`).
public struct SwipeActionsConfiguration {
  /// The actions, the first outermost (at the row's edge).
  public var actions: [SwipeAction]
  /// Whether swiping the row most of the way across performs the first action. `true` by
  /// default.
  public var performsFirstActionWithFullSwipe = true

  /// Creates a configuration.
  public init(actions: [SwipeAction], performsFirstActionWithFullSwipe: Bool = true) {
    self.actions = actions
    self.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
  }

  /// The length all the actions take.
  var width: Double { actions.reduce(0) { $0 + $1.width } }
}

/// An edge of a row, where its swipe actions show.
public enum SwipeEdge: Hashable, Sendable {
  /// The leading edge (left): revealed by swiping toward the trailing edge.
  case leading
  /// The trailing edge (right): revealed by swiping toward the leading edge.
  case trailing
}

/// An action as the host draws it now: the action, and the part of the uncovered space it
/// takes, in content coordinates.
public struct RevealedSwipeAction {
  /// The action.
  public var action: SwipeAction
  /// Its place in the edge's configuration (0: outermost).
  public var index: Int
  /// The edge it shows at.
  public var edge: SwipeEdge
  /// Where to draw it, in content coordinates.
  public var frame: Rect
  /// Whether letting go now performs it (a full swipe is under way).
  public var isArmed: Bool
}

/// The row being swiped or left open.
struct SwipeState {
  var indexPath: ItemPath
  var leading: SwipeActionsConfiguration?
  var trailing: SwipeActionsConfiguration?
  /// How far the row is moved across: positive reveals the leading actions.
  var offset = 0.0
  /// The offset when the touch went down.
  var startOffset = 0.0
  var isTracking = false
  /// A glide to `to` that started at `start` (set by the first tick).
  var glide: (from: Double, to: Double, start: Double?)?

  var leadingWidth: Double { leading?.width ?? 0 }
  var trailingWidth: Double { trailing?.width ?? 0 }

  /// The offset past which a release performs the first action, for a row `length` long.
  func fullSwipeThreshold(_ edge: SwipeEdge, rowLength length: Double) -> Double? {
    let configuration = edge == .leading ? leading : trailing
    guard let configuration, configuration.performsFirstActionWithFullSwipe,
      !configuration.actions.isEmpty
    else { return nil }
    return max(configuration.width * 1.25, length * 0.6)
  }
}
