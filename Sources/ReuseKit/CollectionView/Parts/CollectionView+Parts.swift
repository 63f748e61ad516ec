extension CollectionView {
  /// Every part of a collection view, each the one owner of its feature's state, and the list
  /// the engine tells about its events (``CollectionViewPart``). A new part is one `let` here
  /// and one entry in ``all``: no engine file changes.
  ///
  /// Stored inline in the collection view (a struct of references), so reaching a part costs
  /// what a stored property does.
  struct Parts {
    /// Items growing or shrinking in place (``CollectionView/animateSizeChange(at:)``).
    let sizes = SizeChangeAnimator()
    /// Batch updates being collected, and the running update animation.
    let updates = BatchUpdater()
    /// The selected items, the anchor of a range.
    let selection = SelectionController()
    /// A drag that selects what it covers (a box, a slide).
    let selectionDrag = SelectionDrag()
    /// The focused item.
    let focus = FocusController()
    /// Items reported to the prefetch data source.
    let prefetcher = Prefetcher()
    /// Chat mode and loading more at either end.
    let endAnchoring = EndAnchoring()
    /// Items moved between collection views: drag and drop.
    let dragAndDrop = DragAndDropPart()
    /// The item the user moves.
    let movement = MovementController()
    /// The rails of a layout with ``CollectionViewLayout/sectionScrolling``: drags, wheels
    /// and focus moves that scroll them.
    let rails = RailController()
    /// The row swiped open.
    let swipe = SwipeController()
    /// A `scrollToItem` animation's target, and scratch for snap-stop queries.
    let targeting = ScrollTargeting()
    /// What a pointer press captured (content, scroll thumb, section index, grip).
    let gestures = GestureInterpreter()
    /// Accessibility: the roles a control gives, adjustment, announcements.
    let accessibility = AccessibilityController()
    /// Items that load a page at a time (``PagedDataSource``).
    let paging = PagingPart()

    /// The parts in the order they hear events: sizes and updates tick before the gestures
    /// that lay out after them; the selection follows an update before focus and drags do.
    let all: [any CollectionViewPart]

    init() {
      all = [
        sizes, updates, selection, selectionDrag, focus, prefetcher, endAnchoring, dragAndDrop,
        movement, rails, swipe, targeting, gestures, accessibility, paging,
      ]
    }
  }
}

extension CollectionView.Parts {
  /// Whether a part animates on the host's clock: each part that can is asked by its own
  /// test, directly (this runs several times a frame; a part that animates adds itself here).
  @inline(__always)
  func needTicks(in view: CollectionView) -> Bool {
    sizes.isAnimating || updates.isAnimating || dragAndDrop.needsTicks(in: view)
      || movement.needsTicks(in: view) || rails.isMoving || swipe.needsTicks
      || selectionDrag.needsTicks(in: view) || paging.needsTicks(in: view)
  }

  /// One tick for every part that animates, in ``all``'s order.
  @inline(__always)
  func advance(to time: Double, in view: CollectionView) {
    sizes.advance(to: time, in: view)
    updates.advance(to: time, in: view)
    selectionDrag.advance(to: time, in: view)
    dragAndDrop.advance(to: time, in: view)
    movement.advance(to: time, in: view)
    rails.advance(to: time, in: view)
    swipe.advance(to: time)
    paging.advance(in: view)
  }

  /// The content moved under the viewport by `delta`: what parts hold in content
  /// coordinates moves with it (an animation's starts, a grabbed thumb, a selecting drag's
  /// press).
  @inline(__always)
  func contentDidMove(by delta: Point, in view: CollectionView) {
    updates.contentDidMove(by: delta, in: view)
    gestures.contentDidMove(by: delta, in: view)
    selectionDrag.contentDidMove(by: delta, in: view)
  }
}

extension CollectionView {
  var sizes: SizeChangeAnimator { parts.sizes }
  var updates: BatchUpdater { parts.updates }
  var selection: SelectionController { parts.selection }
  var selectionDrag: SelectionDrag { parts.selectionDrag }
  var focus: FocusController { parts.focus }
  var prefetcher: Prefetcher { parts.prefetcher }
  var endAnchoring: EndAnchoring { parts.endAnchoring }
  var dragAndDrop: DragAndDropPart { parts.dragAndDrop }
  var movement: MovementController { parts.movement }
  var rails: RailController { parts.rails }
  var swipe: SwipeController { parts.swipe }
  var targeting: ScrollTargeting { parts.targeting }
  var gestures: GestureInterpreter { parts.gestures }
  var accessibility: AccessibilityController { parts.accessibility }
  var paging: PagingPart { parts.paging }
}
