import CGtk
import CReuseGTK
import ReuseKit

extension CollectionViewWidget {
  // MARK: Frames

  /// Lays the collection view out and places every displayed view's widget: what a frame
  /// does (the tick callback and every input call it).
  ///
  /// - Complexity: O(k) for k displayed views; a widget is touched only where its place,
  ///   size, transform or opacity changed.
  public func layoutAndPlace() {
    collectionView.layoutIfNeeded()
    applyVisibility()
    let offset = collectionView.contentOffset
    scratch.removeAll(keepingCapacity: true)
    // The row that has the keyboard focus, if it was rebound to an item that is not the one
    // focused now (a long jump recycles it): its new texts wait until the focus has moved to
    // the right row, or a screen reader speaks them as a change on the focused row (another
    // item's place, before the target's).
    let keyboardFocus = gtk_widget_get_root(widget).flatMap { gtk_root_get_focus($0) }
    let focusTarget = collectionView.focusedIndexPath
    var waiting: (ReusableView, DrawingWidget, LayoutAttributes)?
    markScratch.removeAll(keepingCapacity: true)
    rowScratch.removeAll(keepingCapacity: true)
    collectionView.forEachDisplayedView { view, attributes in
      // The focused item shows its focus instead (the tint over it read as disabled).
      if let marksItem, attributes.supplementaryKind == nil,
        attributes.indexPath != collectionView.focusedIndexPath,
        marksItem(attributes.indexPath),
        collectionView.cellForItem(at: attributes.indexPath) === view
      {
        markScratch.append(attributes.frame.offsetBy(dx: -offset.x, dy: -offset.y))
      }
      if !nested.isEmpty, let inner = nested[ObjectIdentifier(view)] {
        if gtk_widget_get_visible(inner.widget) == 0 { gtk_widget_set_visible(inner.widget, 1) }
        inner.place(inner.box, attributes, offset: offset, in: fixed, widget: inner.widget)
        inner.layoutAndPlace()
        if attributes.zIndex <= 0 { rowScratch.append((attributes.frame, inner.widget)) }
      }
      guard let drawing = drawingWidget(of: view) else { return }
      // A displayed view's widget shows, whatever hid it: a swatch that moved between the
      // picker's rows (their pool is shared) kept the hidden state another row's host gave
      // it, and a row lacked that swatch until it scrolled (a new user's finding).
      if !drawing.isShown {
        pendingVisibility[ObjectIdentifier(view)] = nil
        drawing.setShown(true)
      }
      if !drawing.drawsWithCairo, let cell = view as? GTKWidgetCell { cell.syncState() }
      place(drawing, attributes, offset: offset, in: fixed, widget: drawing.widget)
      if attributes.zIndex > 0 {
        scratch.append((view, attributes))
      } else if nested.isEmpty || nested[ObjectIdentifier(view)] == nil {
        rowScratch.append((attributes.frame, drawing.widget))
      }
      if drawing.accessibleIsStale || drawing.accessibleItem != attributes.indexPath
        || drawing.accessibleRevision != collectionView.accessibilityRevision
      {
        // Rebound for the target itself (End, Home: the row with the keyboard focus recycled
        // for the item now focused), its new name went out before the focus moved, as a
        // change on the object a screen reader was on, and Orca said only the new place
        // ("1,000 of 1,000": a new user's finding).
        let rebound =
          drawing.accessibleItem != attributes.indexPath
          && accessibility.focusedItem != focusTarget
        if drawing.widget == keyboardFocus, attributes.indexPath != focusTarget || rebound {
          waiting = (view, drawing, attributes)
        } else {
          updateAccessible(view, drawing, attributes)
        }
      }
    }
    accessibility.rowToldAfterFocus = waiting?.1
    followFocus()
    accessibility.rowToldAfterFocus = nil
    hideFocusedRow()
    if let (view, drawing, attributes) = waiting { updateAccessible(view, drawing, attributes) }
    sayPendingAnnouncement()
    moveFocusability()
    if accessibility.containerRevision != collectionView.accessibilityRevision
      || accessibility.containerGridRow != collectionView.accessibilityGridRow?.row
    {
      nameContainer()
    }
    putRowsInReadingOrder()
    if emptyLabel != nil || emptyText != nil { placeEmptyText() }
    // Raised views (headers, a lifted item) go last among the fixed's children, lowest first.
    scratch.sort { $0.attributes.zIndex < $1.attributes.zIndex }
    if scratch.count != topmost.count
      || !zip(scratch, topmost).allSatisfy({ ObjectIdentifier($0.view) == $1 })
    {
      topmost = scratch.map { ObjectIdentifier($0.view) }
      for (view, _) in scratch {
        guard let drawing = (view as? any GTKDrawable)?.drawing else { continue }
        gtk_widget_insert_before(drawing.widget, fixed, nil)
      }
    }
    // A drag box, in viewport coordinates, redrawn when it changes.
    let box = collectionView.selectionDragBox.map {
      Rect(x: $0.minX - offset.x, y: $0.minY - offset.y, width: $0.width, height: $0.height)
    }
    // A swiped row's actions, where it uncovers them (nothing was drawn there: a new user's
    // finding, a row that deleted itself when its blank space was clicked).
    let revealed = collectionView.revealedSwipeActions
    let actions =
      revealed.isEmpty
      ? []
      : revealed.map {
        DrawnSwipeAction(
          frame: $0.frame.offsetBy(dx: -offset.x, dy: -offset.y), title: $0.action.title,
          isDestructive: $0.action.style == .destructive, isArmed: $0.isArmed)
      }
    if box != drawnBox || markScratch != drawnMarks || actions != drawnActions {
      drawnBox = box
      swap(&drawnMarks, &markScratch)
      drawnActions = actions
      // The layer shows only while it has something to draw: GTK measures, allocates and
      // snapshots a shown overlay child at every frame (a twentieth of a scroll frame).
      let shows = box != nil || !drawnMarks.isEmpty || !drawnActions.isEmpty
      if (gtk_widget_get_visible(boxLayer) != 0) != shows {
        gtk_widget_set_visible(boxLayer, shows ? 1 : 0)
      }
      gtk_widget_queue_draw(boxLayer)
    }
    didPlaceViews?()
    if scrollable != nil { updateAdjustments() }
    if isAnimating { startTicking() } else { scheduleWake() }
  }

  // MARK: A GtkScrolledWindow

  /// The host as a `GtkScrollable`, to put in a `GtkScrolledWindow` instead of ``widget``:
  /// GTK's scrollbars (overlay or classic, as the theme says) show where the collection view
  /// is and drag it, and the wheel and touchpad scroll through the scrolled window's smooth and
  /// kinetic scrolling; drags, flings, keys and everything the engine does move the
  /// scrollbars with the content. Made the first time it is asked for; ``widget`` is then its
  /// child.
  ///
  /// ```swift
  /// let scrolled = gtk_scrolled_window_new()!
  /// gtk_scrolled_window_set_child(OpaquePointer(scrolled), host.scrollableWidget)
  /// ```
  public var scrollableWidget: UnsafeMutablePointer<GtkWidget> {
    if let scrollable { return scrollable }
    let made = reuse_scrollable_new(widget)!
    g_object_ref_sink(made)
    reuse_scrollable_set_scrolled_func(
      OpaquePointer(made),
      { x, y, data in
        Unmanaged<CollectionViewWidget>.fromOpaque(data!).takeUnretainedValue()
          .scrolledByAdjustments(to: Point(x: x, y: y))
      }, Unmanaged.passUnretained(self).toOpaque())
    scrollable = made
    updateAdjustments()
    return made
  }

  /// Tells the scrolled window's adjustments where the content is, when that changed.
  func updateAdjustments() {
    guard let scrollable else { return }
    let now = (
      content: collectionView.contentSize, viewport: collectionView.viewportSize,
      offset: collectionView.contentOffset
    )
    if let told, told.content == now.content, told.viewport == now.viewport,
      told.offset == now.offset
    {
      return
    }
    told = now
    reuse_scrollable_configure(
      OpaquePointer(scrollable), now.content.width, now.content.height, now.viewport.width,
      now.viewport.height, now.offset.x, now.offset.y)
  }

  /// A scrollbar or the scrolled window moved the adjustments: the content goes there (a
  /// fling or an animation in progress stops, as under a finger), to the whole pixel nearest
  /// (within the content's bounds). The views are placed at whole pixels: at the adjustments'
  /// own value (GTK's smooth wheel left 645.9999999999998) a row 2 × 10⁻¹³ pixels on screen was
  /// displayed, and told to assistive technology as a row shown, while its widget sat above the
  /// list.
  func scrolledByAdjustments(to value: Point) {
    guard value.isFinite else { return }
    let offset = collectionView.clampedContentOffset(
      Point(x: value.x.rounded(), y: value.y.rounded()))
    guard offset != collectionView.contentOffset else { return }
    told = (collectionView.contentSize, collectionView.viewportSize, offset)
    collectionView.setContentOffset(offset, animated: false)
    layoutAndPlace()
  }

  /// The displayed rows first among the fixed's children, top to bottom and left to right: a
  /// screen reader walks the widgets in child order, and reused rows kept the order they were
  /// made in (Cobalt, Brisk, Amber…: a new user's finding). Only when that order changed.
  private func putRowsInReadingOrder() {
    rowScratch.sort { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
    let unchanged =
      rowScratch.count == rowOrder.count
      && zip(rowScratch, rowOrder).allSatisfy({ $0.widget == $1 })
    guard !unchanged else { return }
    rowOrder.removeAll(keepingCapacity: true)
    var previous: UnsafeMutablePointer<GtkWidget>?
    for (_, widget) in rowScratch {
      if gtk_widget_get_prev_sibling(widget) != previous {
        gtk_widget_insert_after(widget, fixed, previous)
      }
      previous = widget
      rowOrder.append(widget)
    }
  }

  /// Whether frames must keep coming: the collection view (or its control) moves.
  private var isAnimating: Bool {
    (control.map { $0.isAnimating() } ?? collectionView.isAnimating)
      || typeAhead?.isSearching == true
  }

  /// Ticks the collection view, or the control that owns it.
  func tick(_ time: Double) {
    if let control { control.tick(time) } else { collectionView.tick(now: time) }
    if let typeAhead, typeAhead.isSearching { advanceTypeAhead(typeAhead) }
  }

  /// While nothing moves, a control's next due time (an autoscroll) wakes the host once.
  func scheduleWake() {
    guard tickID == 0, wakeID == 0, let due = control?.nextTickTime() else { return }
    let now = Double(g_get_monotonic_time()) / 1_000_000
    let wake: GSourceFunc = { data in
      let host = host(data)
      host.wakeID = 0
      host.tick(Double(g_get_monotonic_time()) / 1_000_000)
      host.layoutAndPlace()
      return 0  // G_SOURCE_REMOVE
    }
    wakeID = g_timeout_add(
      guint(max(1, ((due - now) * 1_000).rounded(.up))), wake,
      Unmanaged.passUnretained(self).toOpaque())
  }

  /// How many displayed views (in nested hosts too) have a hidden widget: 0 after every
  /// placement (the end-to-end tests read it from the status file).
  public var hiddenDisplayedViewCount: Int {
    var count = 0
    collectionView.forEachDisplayedView { view, _ in
      if let drawing = (view as? any GTKDrawable)?.drawing,
        gtk_widget_get_visible(drawing.widget) == 0
      {
        count += 1
      }
      if let inner = nested[ObjectIdentifier(view)] { count += inner.hiddenDisplayedViewCount }
    }
    return count
  }

  /// How many of the fixed's shown children (in nested hosts too) are no displayed view's:
  /// pooled views' widgets left on screen, over the rows shown there. 0 after every placement
  /// (the end-to-end tests read it from the status file).
  public var strayShownWidgetCount: Int {
    var displayed = Set<UnsafeMutablePointer<GtkWidget>>()
    var count = 0
    collectionView.forEachDisplayedView { view, _ in
      if let drawing = (view as? any GTKDrawable)?.drawing { displayed.insert(drawing.widget) }
      if let inner = nested[ObjectIdentifier(view)] {
        displayed.insert(inner.widget)
        count += inner.strayShownWidgetCount
      }
    }
    var child = gtk_widget_get_first_child(fixed)
    while let widget = child {
      if gtk_widget_get_visible(widget) != 0 && !displayed.contains(widget) { count += 1 }
      child = gtk_widget_get_next_sibling(widget)
    }
    return count
  }

  func place(
    _ drawing: Placement, _ attributes: LayoutAttributes, offset: Point,
    in fixed: UnsafeMutablePointer<GtkWidget>, widget: UnsafeMutablePointer<GtkWidget>
  ) {
    let frame = attributes.frame.offsetBy(dx: -offset.x, dy: -offset.y)
    guard frame.isFinite else { return }
    let width = Int32(max(0, frame.width.rounded()))
    let height = Int32(max(0, frame.height.rounded()))
    if drawing.placed.size != frame.size {
      gtk_widget_set_size_request(widget, width, height)
    }
    if drawing.placed.origin != frame.origin || drawing.transform != attributes.transform {
      fixed.withMemoryRebound(to: GtkFixed.self, capacity: 1) { fixed in
        if attributes.transform.isIdentity {
          gtk_fixed_move(fixed, widget, frame.minX.rounded(), frame.minY.rounded())
        } else {
          // Scaled around its centre, then translated, as the layout's transform says.
          let t = attributes.transform
          var center = graphene_point_t(
            x: Float(frame.midX + t.translationX), y: Float(frame.midY + t.translationY))
          var back = graphene_point_t(x: Float(-frame.width / 2), y: Float(-frame.height / 2))
          var transform = gsk_transform_translate(nil, &center)
          transform = gsk_transform_scale(transform, Float(t.scaleX), Float(t.scaleY))
          transform = gsk_transform_translate(transform, &back)
          gtk_fixed_set_child_transform(fixed, widget, transform)
          gsk_transform_unref(transform)
        }
      }
    }
    if drawing.alpha != attributes.alpha {
      gtk_widget_set_opacity(widget, attributes.alpha)
      drawing.alpha = attributes.alpha
    }
    drawing.placed = frame
    drawing.transform = attributes.transform
  }

  /// Installs the tick callback while the core animates; it removes itself when it stops.
  func startTicking() {
    guard tickID == 0 else { return }
    let tick: TickHandler = { _, clock, data in
      let host = host(data)
      let time = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
      host.tick(time)
      host.layoutAndPlace()
      guard host.isAnimating else {
        host.tickID = 0
        host.scheduleWake()
        return 0  // G_SOURCE_REMOVE
      }
      return 1
    }
    tickID = gtk_widget_add_tick_callback(
      widget, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  func resize(width: Double, height: Double) {
    didResize?(Size(width: width, height: height))
    collectionView.viewportSize = Size(width: width, height: height)
    layoutAndPlace()
  }
}

extension CollectionViewWidget {
  /// ``emptyText`` over the host while nothing (or, ``emptyTextShowsUnderHeaders``, no cell)
  /// is displayed, hidden otherwise. Its label is
  /// made only once it shows: a host that always has views has no other child for a screen
  /// reader to meet.
  func placeEmptyText() {
    let shows =
      emptyText != nil
      && !(emptyTextShowsUnderHeaders
        ? collectionView.displaysAnyCell : collectionView.displaysAnyView)
    guard let text = emptyText, shows || emptyLabel != nil else {
      if let emptyLabel { gtk_widget_set_visible(emptyLabel, 0) }
      return
    }
    let label: UnsafeMutablePointer<GtkWidget>
    if let emptyLabel {
      label = emptyLabel
    } else {
      label = gtk_label_new(nil)
      gtk_widget_set_halign(label, GTK_ALIGN_CENTER)
      gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
      gtk_widget_set_can_target(label, 0)
      gtk_widget_add_css_class(label, "dim-label")
      gtk_overlay_add_overlay(OpaquePointer(widget), label)
      emptyLabel = label
    }
    gtk_label_set_text(OpaquePointer(label), text)
    gtk_widget_set_visible(label, shows ? 1 : 0)
  }
}
