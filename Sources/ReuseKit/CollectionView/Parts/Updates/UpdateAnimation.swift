/// A batch update's animation: displayed views glide from where they were to where the update
/// put them, entering views fade in, and views the update removed (deleted items, or items
/// moved out of sight) fade out or slide away before their display ends.
///
/// It is a presentation layer on the host's clock: the visible sets already hold the final
/// state (so queries, selection and taps see it at once), and ``CollectionView/forEachDisplayedView(_:)``
/// hands hosts the in-between attributes. Time starts at the first `tick(now:)` after the
/// update, so a headless test controls every frame.
final class UpdateAnimation: LayoutPassParticipant {
  /// One removed view still on screen.
  struct Disappearing {
    let view: ReusableView
    /// The attributes its display ends with (for `didEndDisplaying`).
    var attributes: LayoutAttributes
    var from: LayoutAttributes
    var to: LayoutAttributes
    /// Whether it shows an item that still exists (it slides to the item's new place out of
    /// sight): if the item comes back into view, this view ends first.
    var followsItem: Bool
  }

  let duration: Double
  /// Set by the first tick.
  var startTime: Double?
  /// Where each animating displayed view starts, in content coordinates.
  var startAttributes: [ObjectIdentifier: LayoutAttributes] = [:]
  var disappearing: [Disappearing] = []
  var completions: [(Bool) -> Void] = []
  /// True during the layout pass that follows the update: entering and leaving views there
  /// are the update's doing.
  var isCapturing = false

  init(duration: Double) {
    self.duration = duration
  }

  /// Keeps a removed view on screen until the animation ends.
  func disappear(
    _ view: ReusableView, _ attributes: LayoutAttributes, from: LayoutAttributes,
    to: LayoutAttributes, followsItem: Bool
  ) {
    disappearing.append(
      Disappearing(view: view, attributes: attributes, from: from, to: to, followsItem: followsItem)
    )
  }

  /// Takes out the view still following `element`'s item, if any.
  func takeFollower(of element: LayoutAttributes) -> Disappearing? {
    guard
      let index = disappearing.firstIndex(where: {
        $0.followsItem && $0.attributes.isSameElement(as: element)
      })
    else { return nil }
    return disappearing.remove(at: index)
  }

  /// The eased fraction done at `time` (0 before the first tick).
  func fraction(at time: Double) -> Double {
    guard let startTime, duration > 0 else { return 0 }
    let linear = min(1, max(0, (time - startTime) / duration))
    return linear * linear * (3 - 2 * linear)  // ease in and out
  }

  /// Moves everything by `delta` (the content offset moved to keep the anchor in place, so
  /// every start keeps its place on screen).
  func shift(by delta: Point) {
    guard delta != .zero else { return }
    for key in startAttributes.keys {
      startAttributes[key]!.frame = startAttributes[key]!.frame.offsetBy(dx: delta.x, dy: delta.y)
    }
    for index in disappearing.indices {
      disappearing[index].from.frame = disappearing[index].from.frame.offsetBy(
        dx: delta.x, dy: delta.y)
      disappearing[index].to.frame = disappearing[index].to.frame.offsetBy(
        dx: delta.x, dy: delta.y)
    }
  }
}

extension UpdateAnimation {
  // MARK: Taking part in passes (reconcile, per element)

  /// The item's old view may still be sliding away: it ends before the new one shows, so one
  /// element never has two displayed views.
  func collectionView(
    _ collectionView: CollectionView, willDisplay attributes: LayoutAttributes,
    _ context: CollectionView.PassContext
  ) {
    guard !disappearing.isEmpty, let follower = takeFollower(of: attributes) else { return }
    collectionView.endDisplaying(follower.view, follower.attributes, context)
  }

  /// Entering because of the update: it fades in at its place.
  func collectionView(
    _ collectionView: CollectionView, didDisplay view: ReusableView,
    _ attributes: LayoutAttributes
  ) {
    guard isCapturing else { return }
    var start = attributes
    start.alpha = 0
    startAttributes[ObjectIdentifier(view)] = start
  }

  /// Leaving because of the update: it slides to its item's new place (or fades out where it
  /// has none) and ends its display when the animation does.
  func collectionView(
    _ collectionView: CollectionView, keepsLeaving view: ReusableView,
    _ attributes: LayoutAttributes
  ) -> Bool {
    guard let start = startAttributes.removeValue(forKey: ObjectIdentifier(view)), isCapturing
    else { return false }
    let target = collectionView.updateTarget(of: attributes, from: start)
    disappear(
      view, attributes, from: start, to: target.attributes, followsItem: target.followsItem)
    return true
  }
}

extension LayoutAttributes {
  /// The attributes `fraction` of the way to `target`: frame, transform and alpha blend;
  /// the stacking order is the target's.
  public func interpolated(to target: LayoutAttributes, fraction: Double) -> LayoutAttributes {
    let t = min(1, max(0, fraction.isFinite ? fraction : 1))
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
    var result = target
    result.frame = Rect(
      x: mix(frame.origin.x, target.frame.origin.x), y: mix(frame.origin.y, target.frame.origin.y),
      width: mix(frame.size.width, target.frame.size.width),
      height: mix(frame.size.height, target.frame.size.height))
    result.alpha = mix(alpha, target.alpha)
    result.transform = Transform(
      scaleX: mix(transform.scaleX, target.transform.scaleX),
      scaleY: mix(transform.scaleY, target.transform.scaleY),
      translationX: mix(transform.translationX, target.transform.translationX),
      translationY: mix(transform.translationY, target.transform.translationY))
    return result
  }

  /// These attributes with another frame.
  func withFrame(_ frame: Rect) -> LayoutAttributes {
    var copy = self
    copy.frame = frame
    return copy
  }
}

extension CollectionView {
  /// Whether a batch update is animating.
  public var isAnimatingUpdates: Bool { updates.isAnimating }

  /// Where a view removed by the update goes: its element's new place if it still has one
  /// (it moved out of sight), else its start, faded out.
  func updateTarget(
    of attributes: LayoutAttributes, from start: LayoutAttributes
  )
    -> (attributes: LayoutAttributes, followsItem: Bool)
  {
    let layout = collectionViewLayout
    var target: LayoutAttributes?
    switch attributes.category {
    case .cell:
      target = layout.layoutAttributesForItem(at: attributes.indexPath)
    case .supplementaryView(let kind):
      target = layout.layoutAttributesForSupplementaryView(
        ofKind: kind, inSection: attributes.indexPath.section)
    }
    if let target, target.category == attributes.category, target.indexPath == attributes.indexPath
    {
      return (target, true)
    }
    var faded = start
    faded.alpha = 0
    return (faded, false)
  }
}
