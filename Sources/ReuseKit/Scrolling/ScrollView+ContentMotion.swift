extension ScrollView {
  // MARK: Content that moves under the viewport

  /// The one event for content that moves under the viewport: what is on screen keeps its
  /// place while the content around it changes (items inserted or measured above it, older
  /// history prepended, a resize that keeps an item), so the offset moves by `delta`.
  ///
  /// Everything that remembers an offset moves with it, in this one place:
  /// - a drag in progress: the finger keeps holding the same point of the content (its start
  ///   offset moves, and with it the rubber band's edge), so the next pointer move goes on
  ///   from where the content is drawn instead of jumping by `delta`; the snap stop it began
  ///   on is found again at the moved start;
  /// - decelerations, bounces and animations, whose origins and targets move;
  /// - whatever a subclass remembers (``contentDidMove(by:)``: a collection view's update
  ///   animation, its pointer captures such as a grabbed scroll thumb).
  ///
  /// The delegate hears one `scrollViewDidScroll`.
  ///
  /// - Complexity: O(1) here, plus what the subclass's hook costs.
  func moveContent(by delta: Point) {
    guard delta != .zero, delta.isFinite else { return }
    shiftMotions(by: delta)
    if var state = drag {
      state.startOffset.x += delta.x
      state.startOffset.y += delta.y
      // The stop the drag began on, found again where its content is now: kept as it was, it
      // named an offset of the old geometry (a resize changes every stop's offset, not only by
      // `delta`), and the release snapped to a card far from it (a carousel resized under a
      // finger spun through most of its cards: a new user's finding).
      if state.startStop != nil, let snapping, let provider = snapStopProvider {
        let axis = primaryAxis
        state.startStop = provider.nearestSnapStop(
          to: state.startOffset[axis], axis: axis, alignment: snapping.alignment)
      }
      drag = state
    }
    contentDidMove(by: delta)
    applyOffset(Point(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y))
  }

  /// Moves every running motion by `delta`.
  func shiftMotions(by delta: Point) {
    motionX.shift(by: delta.x)
    motionY.shift(by: delta.y)
  }
}
