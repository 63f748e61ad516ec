extension CollectionView {
  /// Whether a layout pass is needed or running, and what the next one must do.
  struct PassState {
    /// Something changed (offset, viewport, data, layout): the next `layoutIfNeeded()` runs.
    var needsLayout = true
    /// Every displayed view must be replaced (after `reloadData()`).
    var needsReconfigureAll = false
    /// A reload is telling the parts the data changed: the data source has new data and the
    /// displayed views still show the old (a running animation ending then is checked
    /// against neither).
    var isReloading = false

    /// Whether the displayed views may show other data than the data source's now: between
    /// a reload's start and the next pass.
    var displayedViewsAreStale: Bool { needsReconfigureAll || isReloading }
    /// A pass (or a data-source callback treated as one) is running: updates wait.
    var isInPass = false
    /// A `layoutIfNeeded()` is running passes: from its first pass until it tells the layout
    /// observers it has finished (``CollectionViewLayoutObserver/collectionViewDidLayout(_:)``
    /// always follows).
    var isLayingOut = false
    /// A reload was asked for during a pass: it runs when the pass ends.
    var reloadRequested = false
    /// The viewport size the layout was last prepared for.
    var preparedViewportSize: Size?
    /// The item kept in view across a new viewport size, noted with the geometry before it
    /// (``CollectionView/noteAnchorBeforeResize()``).
    var resizeAnchor: ResizeAnchor?
  }

  /// What a new viewport size keeps in view: the focused item, whole, when it was on screen;
  /// else the first item on screen, where it was.
  struct ResizeAnchor {
    var anchor: ScrollAnchor
    /// Whether the item is the focused one (brought fully into view, not only kept in place).
    var isFocus: Bool
  }
}
