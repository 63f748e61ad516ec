extension ScrollView {
  // MARK: Keeping the stop across a resize

  /// Notes the page or item the view rests on, with the geometry before the resize.
  func noteStopBeforeResize() {
    // An animation aimed at an item (a collection view's `scrollToItem`) re-aims by itself.
    guard stopBeforeResize == nil, !isTracking, !viewportSize.isEmpty, animationAim == nil
    else { return }
    let resting = restingContentOffset
    if anchorsToEnd && isAtEnd {
      // Chat mode at the end: the end stays in view at the new size.
      stopBeforeResize = .edge(atEnd: true)
    } else if isPagingEnabled {
      var pages = Point.zero
      for axis in Axis.allCases where viewportSize[axis] > 0 {
        pages[axis] = ((resting[axis] - minimumContentOffset[axis]) / viewportSize[axis]).rounded()
      }
      stopBeforeResize = .pages(pages)
    } else if let snapping {
      let axis = primaryAxis
      if resting[axis] <= minimumContentOffset[axis] {
        stopBeforeResize = .edge(atEnd: false)
      } else if resting[axis] >= maximumContentOffset[axis] {
        stopBeforeResize = .edge(atEnd: true)
      } else if let stop = snapStopBeforeResize(
        nearest: resting[axis], alignment: snapping.alignment)
      {
        stopBeforeResize = .item(stop.index)
      }
    }
  }

  /// Rests on the page or item noted before the resize, at the new geometry (a collection view
  /// calls it once its layout is prepared for the new size). A running motion stops: its
  /// target belonged to the old geometry.
  func restOnStopAfterResize() {
    // An empty viewport (a terminal too small to show the view) has no stops: the stop waits
    // for the next real size, where the view rests on it again.
    guard let stop = stopBeforeResize, !viewportSize.isEmpty else { return }
    stopBeforeResize = nil
    guard !isTracking else { return }
    var offset = contentOffset
    switch stop {
    case .pages(let pages):
      for axis in Axis.allCases where viewportSize[axis] > 0 {
        offset[axis] = minimumContentOffset[axis] + pages[axis] * viewportSize[axis]
      }
    case .item(let index):
      guard let snapping, let provider = snapStopProvider,
        let target = provider.snapStop(
          SnapStop(index: index, offset: 0), advancedBy: 0, axis: primaryAxis,
          alignment: snapping.alignment)
      else { return }
      offset[primaryAxis] = target.offset
    case .edge(let atEnd):
      offset[primaryAxis] =
        atEnd ? maximumContentOffset[primaryAxis] : minimumContentOffset[primaryAxis]
    }
    if offset != contentOffset || phase == .decelerating || phase == .animating {
      contentOffset = offset
    }
  }
}
