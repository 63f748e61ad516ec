extension CollectionView {
  // MARK: Rails

  /// How far rail `section` of a ``RailsLayout`` is scrolled across the axis (0 for other
  /// layouts, grid sections and sections out of range).
  public func railOffset(ofSection section: Int) -> Double {
    collectionViewLayout.sectionScrolling?.railOffset(of: section) ?? 0
  }

  /// Scrolls rail `section` of a ``RailsLayout`` to `offset`, clamped to its content: at once,
  /// or animated on the host's clock (``ScrollView/tick(now:)``). A rail the finger holds is
  /// left to it; other layouts ignore this.
  public func setRailOffset(_ offset: Double, ofSection section: Int, animated: Bool = false) {
    rails.setOffset(offset, ofRail: section, animated: animated, in: self)
    if !animated { layoutIfNeeded() }
  }

  /// Whether a rail moves on its own (decelerating, paging or animating) or under the finger.
  public var isRailMoving: Bool { rails.isMoving || isDraggingRail }

  /// The rails' offsets where they are not 0, by section, for a saved position: where a
  /// moving rail is heading (its page or item), not where it happens to be.
  func savedRailOffsets() -> [Int: Double]? {
    guard let layout = collectionViewLayout.sectionScrolling else { return nil }
    var saved: [Int: Double] = [:]
    for (section, offset) in layout.railOffsets.enumerated() {
      let heading = rails.restingOffset(ofRail: section) ?? offset
      let resting = min(max(0, heading), layout.maximumRailOffset(of: section))
      if resting != 0 { saved[section] = resting }
    }
    return saved
  }

  /// Puts the rails where a saved position had them (rails it does not list at 0), stopping
  /// any that move.
  func restoreRailOffsets(_ saved: [Int: Double]?) {
    guard let saved, let layout = collectionViewLayout.sectionScrolling else { return }
    rails.stopAll()
    for section in layout.railOffsets.indices {
      layout.setRailOffset(0, of: section, clamped: true)
    }
    for (section, offset) in saved where offset.isFinite {
      layout.setRailOffset(offset, of: section, clamped: true)
    }
    setNeedsLayout()
  }
}

extension CollectionView {
  /// A sideways wheel over a rail scrolls it; `false` when no rail took it.
  func scrollRail(with event: WheelEvent, at location: Point) -> Bool {
    rails.handle(event, at: location, in: self)
  }

  /// Whether the touch drags a rail.
  var isDraggingRail: Bool { rails.isDraggingRail }

  /// The touch lets go of a rail it held: the rail settles.
  func releaseRail() { rails.release(in: self) }
}
