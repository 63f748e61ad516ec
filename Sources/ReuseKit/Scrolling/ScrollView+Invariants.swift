extension ScrollView {
  /// Checks that the phase, the touch and the motions agree, and that nothing is NaN.
  /// Compiled in only with `REUSEKIT_CHECKS`; called at the end of every input and tick.
  func _checkScrollInvariants() {
    #if REUSEKIT_CHECKS
      let label = debugLabel.isEmpty ? "" : "[\(debugLabel)] "
      precondition(contentOffset.isFinite, label + "content offset \(contentOffset) is not finite")
      precondition(
        contentSize.isFinite && contentSize.width >= 0 && contentSize.height >= 0,
        label + "content size \(contentSize) is invalid")
      precondition(
        (phase == .dragging) == (drag != nil), label + "phase \(phase) disagrees with the touch")
      let moving = !motionX.isIdle || !motionY.isIdle
      switch phase {
      case .idle, .dragging:
        precondition(!moving, label + "motions run in phase \(phase)")
      case .decelerating, .animating:
        precondition(moving, label + "phase \(phase) without a motion")
      }
      if let target = motionX.restingPosition {
        precondition(target.isFinite, label + "x target NaN")
      }
      if let target = motionY.restingPosition {
        precondition(target.isFinite, label + "y target NaN")
      }
    #endif
  }
}
