extension ScrollView {
  // MARK: Notifications

  /// A delegate callback that tells of a change (the one callback that asks a question,
  /// `scrollViewWillEndDragging`, is never held).
  enum Notification {
    case didScroll
    case willBeginDragging
    case didEndDragging(willDecelerate: Bool)
    case willBeginDecelerating
    case didEndDecelerating
    case didEndScrollingAnimation
  }

  /// Runs `body`, a change of state (a touch that stops a motion, a release that starts one),
  /// holding back the delegate's notifications until it has finished: a delegate that reacts
  /// (starting an animation when a deceleration ends, say) then always finds the scroll view
  /// whole, never half-way between two phases.
  @inline(__always)
  func transition<Result>(_ body: () -> Result) -> Result {
    transitionDepth += 1
    let result = body()
    transitionDepth -= 1
    if transitionDepth == 0 && !heldNotifications.isEmpty { deliverHeldNotifications() }
    return result
  }

  /// Tells the delegate now, or when the running transition ends.
  @inline(__always)
  func notify(_ notification: Notification) {
    if transitionDepth > 0 {
      heldNotifications.append(notification)
    } else {
      deliver(notification)
    }
  }

  func deliverHeldNotifications() {
    // A delegate that starts another transition while hearing one adds to this queue; it is
    // delivered here, in order.
    guard !isDeliveringHeldNotifications else { return }
    isDeliveringHeldNotifications = true
    var index = 0
    while index < heldNotifications.count {
      let notification = heldNotifications[index]
      index += 1
      deliver(notification)
    }
    heldNotifications.removeAll(keepingCapacity: true)
    isDeliveringHeldNotifications = false
  }

  func deliver(_ notification: Notification) {
    guard let delegate else { return }
    switch notification {
    case .didScroll: delegate.scrollViewDidScroll(self)
    case .willBeginDragging: delegate.scrollViewWillBeginDragging(self)
    case .didEndDragging(let decelerates):
      delegate.scrollViewDidEndDragging(self, willDecelerate: decelerates)
    case .willBeginDecelerating: delegate.scrollViewWillBeginDecelerating(self)
    case .didEndDecelerating: delegate.scrollViewDidEndDecelerating(self)
    case .didEndScrollingAnimation: delegate.scrollViewDidEndScrollingAnimation(self)
    }
  }
}
