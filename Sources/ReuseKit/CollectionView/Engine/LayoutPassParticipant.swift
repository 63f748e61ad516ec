/// A part of a collection view that takes part in its layout passes while it is active (an
/// item being moved, chat mode, prefetching, an update animation): RecyclerView's
/// `LayoutManager`/`ItemAnimator` hooks, as one small protocol. The engine calls each method at
/// its phase, for the active participants only, in the order they joined
/// (``CollectionView/join(_:)``); with none active, the pass is the bare one.
///
/// Every method has an empty default. Call rules: a participant may change its own state and
/// call the collection view's internal API; it never reaches into another part's state.
protocol LayoutPassParticipant: AnyObject {
  /// prepare: the layout is prepared for the current counts and viewport; the query has not
  /// run. Chat mode opens at the end here.
  func collectionView(_ collectionView: CollectionView, willQuery layout: any CollectionViewLayout)

  /// query: widens the rect the layout is asked about (items sliding aside for a moving one
  /// come from just out of view).
  func collectionView(
    _ collectionView: CollectionView, widenQuery rect: inout Rect,
    layout: any CollectionViewLayout)

  /// present: moves the layout's answer (sorted) to where the part shows it.
  func collectionView(
    _ collectionView: CollectionView, present elements: inout LayoutElements,
    layout: any CollectionViewLayout)

  /// reconcile: the displayed sets hold the presented answer.
  func collectionViewDidReconcile(_ collectionView: CollectionView)

  /// measure: what stays in place on screen while cells measure themselves, or `nil` for the
  /// default (the first item on screen).
  func measuringAnchor(in collectionView: CollectionView) -> MeasuringAnchor?

  /// prefetch: the pass has displayed everything; look ahead of the motion.
  func collectionView(
    _ collectionView: CollectionView, prefetchAround layout: any CollectionViewLayout)

  /// notify: a pass ended and no other is pending; the delegate may change the data here.
  func collectionViewDidFinishPass(_ collectionView: CollectionView)

  /// reconcile, per element: an element is about to get a view.
  func collectionView(
    _ collectionView: CollectionView, willDisplay attributes: LayoutAttributes,
    _ context: CollectionView.PassContext)
  /// reconcile, per element: an element got `view`.
  func collectionView(
    _ collectionView: CollectionView, didDisplay view: ReusableView,
    _ attributes: LayoutAttributes)
  /// reconcile, per element: `view` is leaving; `true` keeps it on screen for now (the part
  /// ends its display later).
  func collectionView(
    _ collectionView: CollectionView, keepsLeaving view: ReusableView,
    _ attributes: LayoutAttributes
  ) -> Bool
}

/// What keeps its place on screen while cells measure themselves.
enum MeasuringAnchor {
  /// The end of the content (chat mode, resting at the end).
  case end
}

extension LayoutPassParticipant {
  func collectionView(_ collectionView: CollectionView, willQuery layout: any CollectionViewLayout)
  {}
  func collectionView(
    _ collectionView: CollectionView, widenQuery rect: inout Rect,
    layout: any CollectionViewLayout
  ) {}
  func collectionView(
    _ collectionView: CollectionView, present elements: inout LayoutElements,
    layout: any CollectionViewLayout
  ) {}
  func collectionViewDidReconcile(_ collectionView: CollectionView) {}
  func measuringAnchor(in collectionView: CollectionView) -> MeasuringAnchor? { nil }
  func collectionView(
    _ collectionView: CollectionView, prefetchAround layout: any CollectionViewLayout
  ) {}
  func collectionViewDidFinishPass(_ collectionView: CollectionView) {}
  func collectionView(
    _ collectionView: CollectionView, willDisplay attributes: LayoutAttributes,
    _ context: CollectionView.PassContext
  ) {}
  func collectionView(
    _ collectionView: CollectionView, didDisplay view: ReusableView,
    _ attributes: LayoutAttributes
  ) {}
  func collectionView(
    _ collectionView: CollectionView, keepsLeaving view: ReusableView,
    _ attributes: LayoutAttributes
  ) -> Bool { false }
}

extension CollectionView {
  /// Calls `body` with each active participant, in the order they joined, without retaining
  /// the list or its elements (the per-frame path while a part takes part).
  @inline(__always)
  func forEachParticipant(_ body: (any LayoutPassParticipant) -> Void) {
    participants.withUnsafeBufferPointer { participants in
      for index in 0..<participants.count { body(participants[index]) }
    }
  }

  /// Makes `participant` take part in passes from the next one on (once, however often it
  /// joins).
  func join(_ participant: any LayoutPassParticipant) {
    guard !participants.contains(where: { $0 === participant }) else { return }
    participants.append(participant)
    setNeedsLayout()
  }

  /// Stops `participant` taking part in passes.
  func leave(_ participant: any LayoutPassParticipant) {
    guard let index = participants.firstIndex(where: { $0 === participant }) else { return }
    participants.remove(at: index)
    setNeedsLayout()
  }
}
