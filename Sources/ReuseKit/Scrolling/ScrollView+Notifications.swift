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
    held.depth += 1
    let result = body()
    held.depth -= 1
    if held.depth == 0 && !held.queue.isEmpty { deliverHeldNotifications() }
    return result
  }

  /// Tells the delegate now, or when the running transition ends.
  @inline(__always)
  func notify(_ notification: Notification) {
    if held.depth > 0 {
      held.queue.append(notification)
    } else {
      deliver(notification)
    }
  }

  func deliverHeldNotifications() {
    // A delegate that starts another transition while hearing one adds to this queue; it is
    // delivered here, in order.
    guard !held.isDelivering else { return }
    held.isDelivering = true
    var index = 0
    while index < held.queue.count {
      let notification = held.queue[index]
      index += 1
      deliver(notification)
    }
    held.queue.removeAll(keepingCapacity: true)
    held.isDelivering = false
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
