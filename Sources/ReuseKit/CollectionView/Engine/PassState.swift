extension CollectionView {
  /// Whether a layout pass is needed or running, and what the next one must do.
  struct PassState {
    /// Something changed (offset, viewport, data, layout): the next `layoutIfNeeded()` runs.
    var needsLayout = true
    /// Every displayed view must be replaced (after `reloadData()`).
    var needsReconfigureAll = false
    /// A pass (or a data-source callback treated as one) is running: updates wait.
    var isInPass = false
    /// A reload was asked for during a pass: it runs when the pass ends.
    var reloadRequested = false
    /// The viewport size the layout was last prepared for.
    var preparedViewportSize: Size?
  }
}
