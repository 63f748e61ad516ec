extension ScrollView {
  // MARK: Public: behaviour

  /// Whether input scrolls the view. Code can always set the offset.
  public var isScrollEnabled: Bool {
    get { behavior.isScrollEnabled }
    set { behavior.isScrollEnabled = newValue }
  }

  /// Whether the content rubber-bands past its edges and springs back (UIKit's `bounces`).
  public var bounces: Bool {
    get { behavior.bounces }
    set { behavior.bounces = newValue }
  }

  /// Whether a vertical drag rubber-bands even when the content fits vertically.
  public var alwaysBounceVertical: Bool {
    get { behavior.alwaysBounceVertical }
    set { behavior.alwaysBounceVertical = newValue }
  }

  /// Whether a horizontal drag rubber-bands even when the content fits horizontally.
  public var alwaysBounceHorizontal: Bool {
    get { behavior.alwaysBounceHorizontal }
    set { behavior.alwaysBounceHorizontal = newValue }
  }

  /// How quickly flings slow down.
  public var decelerationRate: DecelerationRate {
    get { behavior.decelerationRate }
    set { behavior.decelerationRate = newValue }
  }

  /// Whether the content rests only on multiples of the viewport (UIKit's `isPagingEnabled`).
  /// One release moves at most one page; the page is the one nearest the offset projected at
  /// UIKit's `.fast` rate, so a slow release that moved less than half a page returns.
  public var isPagingEnabled: Bool {
    get { behavior.isPagingEnabled }
    set { behavior.isPagingEnabled = newValue }
  }

  /// Whether the content rests only on items, and how; `nil` for free scrolling. Needs a
  /// ``snapStopProvider`` (a collection view is its own).
  public var snapping: ScrollSnapping? {
    get { behavior.snapping }
    set { behavior.snapping = newValue }
  }

  /// Whether a drag that begins mostly along one axis moves only that axis.
  public var isDirectionalLockEnabled: Bool {
    get { behavior.isDirectionalLockEnabled }
    set { behavior.isDirectionalLockEnabled = newValue }
  }

  /// How far from an axis, in degrees, a drag may begin and still lock to it. At 45 every drag
  /// locks to its dominant axis; below, drags near the diagonal move both axes.
  public var directionalLockAngle: Double {
    get { behavior.directionalLockAngle }
    set {
      if newValue >= 0 && newValue <= 45 {
        behavior.directionalLockAngle = newValue
      } else {
        diagnostics.report(
          .invalidConfiguration, "directionalLockAngle \(newValue) is outside 0...45; using 30")
        behavior.directionalLockAngle = 30
      }
    }
  }

  /// How far, in points, a touch must move before it counts as a drag. Terminal hosts, whose
  /// points are character cells, use 1.
  public var dragSlop: Double {
    get { behavior.dragSlop }
    set { behavior.dragSlop = newValue }
  }

  /// The step for ``ScrollStep/items(_:)`` when there are no item stops.
  public var lineLength: Double {
    get { behavior.lineLength }
    set { behavior.lineLength = newValue }
  }

  /// Whether wheel deltas start a fling (momentum) rather than moving the content directly.
  public var wheelScrollsWithMomentum: Bool {
    get { behavior.wheelScrollsWithMomentum }
    set { behavior.wheelScrollsWithMomentum = newValue }
  }

  /// How long animated offset changes take, in seconds.
  public var scrollAnimationDuration: Double {
    get { behavior.scrollAnimationDuration }
    set { behavior.scrollAnimationDuration = newValue }
  }
}
