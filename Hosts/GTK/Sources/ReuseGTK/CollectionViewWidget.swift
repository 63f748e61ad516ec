import CGtk
import CReuseGTK
import ReuseKit

/// A GTK widget that hosts a collection view (and so any control built on one): the host of
/// the core in a retained view tree.
///
/// - Its views' widgets are children of a `GtkFixed`: attached and detached (or shown and
///   hidden, with ``ReuseKit/AttachStrategy/hide``) as the core says, and placed each frame by
///   their layout attributes: position, size, transform (the carousel's scaled side cards),
///   opacity and z-order.
/// - Input is translated, never interpreted: a `GtkGestureDrag` becomes pointer events with
///   the events' own timestamps, a `GtkEventControllerScroll` wheel events (notches as lines,
///   touchpad pixels as points), and ``handleKey(_:)`` key presses; the core decides what
///   they mean (taps, drags, flings, captures, the key map).
/// - Time comes from the widget's frame clock: a tick callback runs only while the core
///   animates, so an idle host costs nothing.
/// - The viewport is the widget's size.
public final class CollectionViewWidget: CollectionViewHost {
  /// The collection view shown.
  public let collectionView: CollectionView
  /// The widget to put in a window: an overlay whose size is the viewport.
  public let widget: UnsafeMutablePointer<GtkWidget>
  /// The colour behind the views (red, green, blue, 0–1), or `nil` for the theme's.
  public var background: (red: Double, green: Double, blue: Double)? {
    didSet { gtk_widget_queue_draw(sizer) }
  }
  /// Called after every frame's placement (the gallery draws its status from it).
  public var didPlaceViews: (() -> Void)?
  /// Called when the widget's size changes, with the new viewport size, before the layout
  /// (a picker fits its items to it).
  public var didResize: ((Size) -> Void)?
  /// A control that keeps time of its own (a carousel's autoscroll): ticked instead of the
  /// collection view, and asked when it must be ticked next while nothing moves, so the host
  /// sleeps on a timer rather than ticking every frame.
  public var control:
    (
      tick: (Double) -> Void, isAnimating: () -> Bool, nextTickTime: () -> Double?
    )?
  {
    didSet { layoutAndPlace() }
  }
  /// What interprets the pointer, wheel and keys: the collection view, or a control that
  /// routes them itself (a picker routes drags between its rows and its column). Held weakly;
  /// `nil` means the collection view.
  public weak var interactive: (any PointerInteractive)?
  /// Hosts of the collection views inside displayed views (a picker's rows), by view.
  private var nested: [ObjectIdentifier: CollectionViewWidget] = [:]
  /// Views attached now (displayed, or pooled under the hide strategy).
  public private(set) var attachedCount = 0
  /// Where the pointer went down, and the grab's events' time base (event time to clock).
  private var dragStart: Point?
  private var eventClockOffset: Double?
  private let fixed: UnsafeMutablePointer<GtkWidget>
  /// The `GtkFixed` whose children are the views' widgets.
  public var fixedWidget: UnsafeMutablePointer<GtkWidget> { fixed }
  private let sizer: UnsafeMutablePointer<GtkWidget>
  /// Above the views: a drag box's outline (``ReuseKit/CollectionView/selectionDragBox``).
  private let boxLayer: UnsafeMutablePointer<GtkWidget>
  /// The box drawn last, in viewport coordinates.
  private var drawnBox: Rect?
  private var tickID: guint = 0
  private var wakeID: guint = 0
  private var dragGesture: OpaquePointer?
  private var scrollController: OpaquePointer?
  private var motionController: OpaquePointer?
  /// Where the pointer last moved over the host, in its coordinates.
  private var pointerLocation: Point?
  private var keyController: OpaquePointer?
  /// What a key does when the keyboard focus is in the host: a page's own keys first (an
  /// option bar selects with ← →); `nil` hands keys to the core's key map. Returns whether the
  /// key was used.
  public var keyHandler: ((KeyPress) -> Bool)?
  /// A press at a point (the host's coordinates) before the collection view sees it: returns
  /// whether the page took it (an outline's disclosure), which makes the rest of the press
  /// no drag and no tap. `nil`: every press goes to the collection view.
  public var pressHandler: ((Point) -> Bool)?
  private var topmost: [ObjectIdentifier] = []
  /// What assistive technology was told, and where the keyboard focus is
  /// (CollectionViewWidget+Accessibility.swift).
  var accessibility = HostAccessibility()
  private var scratch: [(view: ReusableView, attributes: LayoutAttributes)] = []

  /// Hosts `collectionView`, which this widget drives from now on, attaching views by
  /// `attachStrategy`: ``ReuseKit/AttachStrategy/hide`` by default (see below).
  public init(collectionView: CollectionView, attachStrategy: AttachStrategy = .hide) {
    self.collectionView = collectionView
    // The host is the collection view to assistive technology: a list, a grid, a tab list…
    widget = reusekit_overlay_new_with_role(collectionView.accessibilityRole.gtkRole)
    g_object_ref_sink(widget)
    sizer = gtk_drawing_area_new()
    boxLayer = gtk_drawing_area_new()
    fixed = gtk_fixed_new()
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    gtk_widget_set_hexpand(sizer, 1)
    gtk_widget_set_vexpand(sizer, 1)
    // The fixed passes the pointer on (cairo rows take none of it); a widget-tree cell's
    // widgets take it (a check button toggles).
    gtk_widget_set_can_target(fixed, 1)
    gtk_overlay_set_child(OpaquePointer(widget), sizer)
    gtk_overlay_add_overlay(OpaquePointer(widget), fixed)
    gtk_widget_set_can_target(boxLayer, 0)
    gtk_overlay_add_overlay(OpaquePointer(widget), boxLayer)
    // Widgets stay in the window and are hidden when pooled: a widget taken out of the window
    // loses its accessibility context (GTK 4.8 unrealises it on unroot), so a screen reader
    // would hear nothing from it when it comes back; showing and hiding also costs GTK less.
    collectionView.attachStrategy = attachStrategy
    collectionView.host = self
    if collectionView.accessibilityAnnouncementHandler == nil {
      collectionView.accessibilityAnnouncementHandler = { [weak self] in self?.announce($0) }
    }
    nameContainer()
    // A collection view that laid out before it had this host (a picker's row) has views it
    // believes attached: attach their widgets now.
    collectionView.forEachDisplayedView { view, _ in
      if view.isAttached { self.collectionView(collectionView, attach: view) }
    }
    let data = Unmanaged.passUnretained(self).toOpaque()
    let paint:
      @convention(c) (
        UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?
      ) -> Void = { _, cr, _, _, data in
        guard let cr, let colour = host(data).background else { return }
        cairo_set_source_rgb(cr, colour.red, colour.green, colour.blue)
        cairo_paint(cr)
      }
    sizer.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) {
      gtk_drawing_area_set_draw_func($0, paint, data, nil)
    }
    let paintBox:
      @convention(c) (
        UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?
      ) -> Void = { _, cr, _, _, data in
        guard let cr, let box = host(data).drawnBox else { return }
        // A translucent fill and a dashed edge, in the theme's accent (GTK's rubber band).
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.15)
        cairo_rectangle(cr, box.minX, box.minY, box.width, box.height)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.9)
        cairo_set_line_width(cr, 1)
        var dash = [4.0, 3.0]
        cairo_set_dash(cr, &dash, 2, 0)
        cairo_stroke(cr)
      }
    boxLayer.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) {
      gtk_drawing_area_set_draw_func($0, paintBox, data, nil)
    }
    Signal.resize(
      sizer,
      { _, width, height, data in
        host(data).resize(width: Double(width), height: Double(height))
      }, data)
    let drag = gtk_gesture_drag_new()!
    Signal.drag(
      drag, "drag-begin",
      { gesture, x, y, data in
        host(data).dragBegan(at: Point(x: x, y: y), gesture: gesture)
      }, data)
    Signal.drag(
      drag, "drag-update",
      { gesture, dx, dy, data in
        host(data).dragMoved(by: Point(x: dx, y: dy), gesture: gesture, ended: false)
      }, data)
    Signal.drag(
      drag, "drag-end",
      { gesture, dx, dy, data in
        host(data).dragMoved(by: Point(x: dx, y: dy), gesture: gesture, ended: true)
      }, data)
    let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
    Signal.scroll(
      scroll,
      { controller, dx, dy, data in
        host(data).scrolled(dx: dx, dy: dy, controller: controller)
      }, data)
    // Where the pointer is, for a wheel over a rail (GTK's scroll events carry no place).
    let motion = gtk_event_controller_motion_new()!
    Signal.motion(motion, { _, x, y, data in host(data).pointerLocation = Point(x: x, y: y) }, data)
    gtk_widget_add_controller(widget, drag)
    gtk_widget_add_controller(widget, scroll)
    gtk_widget_add_controller(widget, motion)
    dragGesture = drag
    scrollController = scroll
    motionController = motion
    // Keys reach the host while the keyboard focus is in it (on a row, or on the host
    // itself): no app needs to forward them.
    let keys = gtk_event_controller_key_new()!
    Signal.keyPressed(
      keys, { _, keyval, _, modifiers, data in host(data).keyPressed(keyval, modifiers) ? 1 : 0 },
      data)
    gtk_widget_add_controller(widget, keys)
    keyController = keys
    gtk_widget_set_focusable(widget, 1)
  }

  deinit {
    // Nothing may call back into this host once it is gone.
    if tickID != 0 { gtk_widget_remove_tick_callback(widget, tickID) }
    if wakeID != 0 { g_source_remove(wakeID) }
    if accessibility.refocusID != 0 { g_source_remove(accessibility.refocusID) }
    let data = Unmanaged.passUnretained(self).toOpaque()
    Signal.disconnectAll(gpointer(sizer), data: data)
    if let dragGesture { Signal.disconnectAll(gpointer(dragGesture), data: data) }
    if let scrollController { Signal.disconnectAll(gpointer(scrollController), data: data) }
    if let motionController { Signal.disconnectAll(gpointer(motionController), data: data) }
    if let keyController { Signal.disconnectAll(gpointer(keyController), data: data) }
    if let scrollable {
      reuse_scrollable_set_scrolled_func(OpaquePointer(scrollable), nil, nil)
      g_object_unref(scrollable)
    }
    g_object_unref(widget)
  }

  // MARK: Host

  /// Puts the view's widget (or its nested host's) in the fixed.
  public func collectionView(_ collectionView: CollectionView, attach view: ReusableView) {
    if let inner = nestedHost(for: view) {
      inner.box.placed = Rect(x: .nan, y: .nan, width: -1, height: -1)
      fixed.withMemoryRebound(to: GtkFixed.self, capacity: 1) {
        gtk_fixed_put($0, inner.widget, 0, 0)
      }
      attachedCount += 1
    }
    guard let drawing = (view as? any GTKDrawable)?.drawing else { return }
    drawing.placed = Rect(x: .nan, y: .nan, width: -1, height: -1)
    fixed.withMemoryRebound(to: GtkFixed.self, capacity: 1) {
      gtk_fixed_put($0, drawing.widget, 0, 0)
    }
    attachedCount += 1
    if drawing.accessibilityActionHandler == nil {
      // Through `self`, weakly: the parameter `collectionView` captured here would make a
      // cycle (the view holds the cell, the cell its widget, the widget this closure).
      drawing.accessibilityActionHandler = { [weak self, weak drawing] action in
        guard let self, let item = drawing?.accessibleItem else { return }
        self.collectionView.performAccessibilityAction(action, forItemAt: item)
        self.layoutAndPlace()
      }
    }
  }

  /// Removes the view's widget from the fixed.
  public func collectionView(_ collectionView: CollectionView, detach view: ReusableView) {
    if let widget = nested[ObjectIdentifier(view)]?.widget {
      fixed.withMemoryRebound(to: GtkFixed.self, capacity: 1) { gtk_fixed_remove($0, widget) }
      attachedCount -= 1
    }
    guard let drawing = (view as? any GTKDrawable)?.drawing else { return }
    (view as? GTKWidgetCell)?.leftScreen()
    fixed.withMemoryRebound(to: GtkFixed.self, capacity: 1) {
      gtk_fixed_remove($0, drawing.widget)
    }
    drawing.contextIsRealized = false  // out of the window: GTK unrealizes it
    attachedCount -= 1
  }

  /// Shows or hides the widget (the hide strategy).
  public func collectionView(
    _ collectionView: CollectionView, didChangeHiddenStateOf view: ReusableView
  ) {
    guard (view as? any GTKDrawable)?.drawing != nil else { return }
    // Applied once the pass is over (``applyVisibility()``): a view that leaves and is reused
    // in the same pass (every row of a jump) stays shown, and GTK sends assistive technology
    // no removal and addition for it (a table's jump sent hundreds, and Orca spoke the
    // focused cell seconds late).
    pendingVisibility[ObjectIdentifier(view)] = view
  }

  /// The views whose hidden state changed during the last pass.
  private var pendingVisibility: [ObjectIdentifier: ReusableView] = [:]

  /// Shows or hides each view whose hidden state changed, where it differs from its widget's.
  private func applyVisibility() {
    guard !pendingVisibility.isEmpty else { return }
    for view in pendingVisibility.values {
      guard let drawing = (view as? any GTKDrawable)?.drawing else { continue }
      let visible: gboolean = view.isHidden ? 0 : 1
      guard gtk_widget_get_visible(drawing.widget) != visible else { continue }
      if view.isHidden { (view as? GTKWidgetCell)?.leftScreen() }
      gtk_widget_set_visible(drawing.widget, visible)
    }
    pendingVisibility.removeAll(keepingCapacity: true)
  }

  /// The host of a view's nested collection view, made the first time the view shows. It
  /// takes no input: the outer control routes the pointer.
  private func nestedHost(for view: ReusableView) -> CollectionViewWidget? {
    guard let hosting = view as? any NestedCollectionViewHosting else { return nil }
    if let host = nested[ObjectIdentifier(view)] { return host }
    let host = CollectionViewWidget(collectionView: hosting.nestedCollectionView)
    gtk_widget_set_can_target(host.widget, 0)
    nested[ObjectIdentifier(view)] = host
    return host
  }

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
    collectionView.forEachDisplayedView { view, attributes in
      if !nested.isEmpty, let inner = nested[ObjectIdentifier(view)] {
        inner.place(inner.box, attributes, offset: offset, in: fixed, widget: inner.widget)
        inner.layoutAndPlace()
      }
      guard let drawing = (view as? any GTKDrawable)?.drawing else { return }
      if !drawing.drawsWithCairo, let cell = view as? GTKWidgetCell { cell.syncState() }
      place(drawing, attributes, offset: offset, in: fixed, widget: drawing.widget)
      if attributes.zIndex > 0 { scratch.append((view, attributes)) }
      if drawing.accessibleIsStale || drawing.accessibleItem != attributes.indexPath
        || drawing.accessibleRevision != collectionView.accessibilityRevision
      {
        if drawing.widget == keyboardFocus, attributes.indexPath != focusTarget {
          waiting = (view, drawing, attributes)
        } else {
          updateAccessible(view, drawing, attributes)
        }
      }
    }
    followFocus()
    if let (view, drawing, attributes) = waiting { updateAccessible(view, drawing, attributes) }
    moveFocusability()
    if accessibility.containerRevision != collectionView.accessibilityRevision { nameContainer() }
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
    if box != drawnBox {
      drawnBox = box
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

  private var scrollable: UnsafeMutablePointer<GtkWidget>?
  /// What the adjustments were last told: content, viewport, offset.
  private var told: (content: Size, viewport: Size, offset: Point)?

  /// Tells the scrolled window's adjustments where the content is, when that changed.
  private func updateAdjustments() {
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
  /// fling or an animation in progress stops, as under a finger).
  private func scrolledByAdjustments(to offset: Point) {
    guard offset.isFinite, offset != collectionView.contentOffset else { return }
    told = (collectionView.contentSize, collectionView.viewportSize, offset)
    collectionView.setContentOffset(offset, animated: false)
    layoutAndPlace()
  }


  /// Whether frames must keep coming: the collection view (or its control) moves.
  private var isAnimating: Bool {
    control.map { $0.isAnimating() } ?? collectionView.isAnimating
  }

  /// Ticks the collection view, or the control that owns it.
  private func tick(_ time: Double) {
    if let control { control.tick(time) } else { collectionView.tick(now: time) }
  }

  /// While nothing moves, a control's next due time (an autoscroll) wakes the host once.
  private func scheduleWake() {
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

  /// Where this host's own widget was last placed by an outer host.
  private let box = Placement()

  private func place(
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
  private func startTicking() {
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

  private func resize(width: Double, height: Double) {
    didResize?(Size(width: width, height: height))
    collectionView.viewportSize = Size(width: width, height: height)
    layoutAndPlace()
  }

  // MARK: Input

  /// An event's time on the frame clock's base, from its own timestamp (milliseconds on the
  /// display server's clock), so that velocities come from when the events happened.
  private func eventTime(_ controller: OpaquePointer?) -> Double {
    let now = Double(g_get_monotonic_time()) / 1_000_000
    guard let controller else { return now }
    let stamp = Double(gtk_event_controller_get_current_event_time(controller)) / 1_000
    guard stamp > 0 else { return now }
    if eventClockOffset == nil { eventClockOffset = now - stamp }
    return stamp + eventClockOffset!
  }

  /// Whether a press at `point` lands on a widget of its own inside a widget-tree cell (a
  /// check button, a button, an entry: anything focusable below the cell's root), which takes
  /// the press itself: the row is then neither tapped nor dragged, as in `GtkListView`.
  private func pressesOwnWidget(at point: Point) -> Bool {
    guard var picked = gtk_widget_pick(widget, point.x, point.y, GTK_PICK_DEFAULT) else {
      return false
    }
    while let parent = gtk_widget_get_parent(picked), parent != fixed, picked != widget {
      if gtk_widget_get_focusable(picked) != 0 { return true }
      picked = parent
    }
    return false
  }

  /// What takes the input: ``interactive``, or the collection view.
  private var target: any PointerInteractive { interactive ?? collectionView }

  private func dragBegan(at point: Point, gesture: OpaquePointer?) {
    if pressesOwnWidget(at: point) || pressHandler?(point) == true {
      dragStart = nil  // taken: the rest of this press is not a drag
      layoutAndPlace()
      return
    }
    dragStart = point
    target.handle(
      PointerEvent(.began, at: point, time: eventTime(gesture), modifiers: modifiers(gesture)))
    layoutAndPlace()
  }

  /// The modifier keys held at the controller's event.
  private func modifiers(_ controller: OpaquePointer?) -> KeyModifiers {
    guard let controller else { return [] }
    let state = gtk_event_controller_get_current_event_state(controller).rawValue
    var modifiers: KeyModifiers = []
    if state & GDK_SHIFT_MASK.rawValue != 0 { modifiers.insert(.shift) }
    if state & GDK_CONTROL_MASK.rawValue != 0 { modifiers.insert(.control) }
    if state & GDK_ALT_MASK.rawValue != 0 { modifiers.insert(.alt) }
    return modifiers
  }

  private func dragMoved(by delta: Point, gesture: OpaquePointer?, ended: Bool) {
    guard let start = dragStart else { return }
    let point = Point(x: start.x + delta.x, y: start.y + delta.y)
    if ended { dragStart = nil }
    target.handle(
      PointerEvent(
        ended ? .ended : .moved, at: point, time: eventTime(gesture),
        modifiers: modifiers(gesture)))
    layoutAndPlace()
  }

  private func scrolled(dx: Double, dy: Double, controller: OpaquePointer?) -> gboolean {
    // In a scrolled window the wheel and the touchpad are the window's (its smooth and
    // kinetic scrolling); its adjustments move the content.
    if scrollable != nil { return 0 }
    var unit = GDK_SCROLL_UNIT_WHEEL
    if let controller {
      unit = gtk_event_controller_scroll_get_unit(controller)
    }
    // A wheel notch is one line; a touchpad reports pixels.
    let scale = unit == GDK_SCROLL_UNIT_WHEEL ? collectionView.lineLength : 1
    let used = target.handle(
      WheelEvent(
        delta: Point(x: dx * scale, y: dy * scale), time: eventTime(controller),
        modifiers: modifiers(controller), location: pointerLocation))
    layoutAndPlace()
    return used ? 1 : 0
  }

  /// A key pressed while the keyboard focus is in the host. Tab and Shift-Tab leave it (to the
  /// next widget outside, as GtkListView does, not from row to row); the navigation keys the
  /// key map binds stay in it even where nothing moves (↑ on the first row), so GTK does not
  /// move the keyboard focus to another widget; other keys the page does not use go on to the
  /// window.
  private func keyPressed(_ keyval: guint, _ modifiers: GdkModifierType) -> Bool {
    if keyval == KeyValue.tab || keyval == KeyValue.leftTab {
      let shifted = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
      leaveFocus(forward: keyval == KeyValue.tab && !shifted)
      return true
    }
    guard let key = KeyPress(keyval: keyval, state: modifiers) else { return false }
    let used = keyHandler.map { $0(key) } ?? handleKey(key)
    if used { layoutAndPlace() }
    return used || collectionView.keyMap.action(for: key) != nil
  }

  /// Moves the keyboard focus to the next (or previous) widget outside the host.
  private func leaveFocus(forward: Bool) {
    guard let root = gtk_widget_get_root(widget) else { return }
    gtk_widget_set_can_focus(widget, 0)  // the host and its rows sit this move out
    gtk_widget_child_focus(
      UnsafeMutablePointer(root), forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD)
    gtk_widget_set_can_focus(widget, 1)
  }

  /// Gives the keyboard focus to the host: to the focused item's row when it shows (screen
  /// readers announce it), else to the host itself.
  public func grabKeyboardFocus() {
    layoutAndPlace()
    if let focused = collectionView.focusedIndexPath,
      let drawing = (collectionView.cellForItem(at: focused) as? any GTKDrawable)?.drawing
    {
      gtk_widget_grab_focus(drawing.widget)
    } else {
      gtk_widget_grab_focus(widget)
    }
  }

  /// Hands a key to the core's key map (``KeyPress/init(keyval:state:)`` translates GDK's);
  /// returns whether it was used.
  @discardableResult
  public func handleKey(_ key: KeyPress) -> Bool {
    let used = target.handle(key)
    layoutAndPlace()
    return used
  }
}

extension KeyPress {
  /// The core's name for a GDK keyval with the modifiers of `state` (Shift, Control, Alt),
  /// printable keys as characters; `nil` for keys the core has no name for (function keys).
  public init?(keyval: guint, state: GdkModifierType = GdkModifierType(0)) {
    var modifiers: KeyModifiers = []
    if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { modifiers.insert(.shift) }
    if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { modifiers.insert(.control) }
    if state.rawValue & GDK_ALT_MASK.rawValue != 0 { modifiers.insert(.alt) }
    if let key = KeyPress.Key(keyval: keyval) {
      self.init(key, modifiers: modifiers)
      return
    }
    switch keyval {
    case KeyValue.tab: self.init(.tab, modifiers: modifiers)
    case KeyValue.leftTab: self.init(.tab, modifiers: modifiers.union(.shift))
    case 0xFF08: self.init(.backspace, modifiers: modifiers)
    case 0xFFFF: self.init(.delete, modifiers: modifiers)
    case KeyValue.escape: self.init(.escape, modifiers: modifiers)
    default:
      let code = gdk_keyval_to_unicode(keyval)
      guard code > 0x20, let scalar = Unicode.Scalar(code) else { return nil }
      // A printable character carries its Shift in itself ("S", "<"); Control and Alt stay.
      modifiers.remove(.shift)
      self.init(.character(Character(scalar)), modifiers: modifiers)
    }
  }
}

extension KeyPress.Key {
  /// The core's name for a GDK keyval, if it has one.
  public init?(keyval: guint) {
    switch keyval {
    case KeyValue.up: self = .up
    case KeyValue.down: self = .down
    case KeyValue.left: self = .left
    case KeyValue.right: self = .right
    case KeyValue.pageUp: self = .pageUp
    case KeyValue.pageDown: self = .pageDown
    case KeyValue.home: self = .home
    case KeyValue.end: self = .end
    case KeyValue.enter: self = .enter
    case KeyValue.space: self = .space
    default: return nil
    }
  }
}

/// The host behind a signal's data pointer.
func host(_ data: gpointer?) -> CollectionViewWidget {
  Unmanaged<CollectionViewWidget>.fromOpaque(data!).takeUnretainedValue()
}

extension AccessibilityRole {
  /// The GTK role for an element with this role (GTK 4.8's set: no tree item, slide or
  /// carousel of its own; a carousel is a group of groups).
  public var gtkRole: GtkAccessibleRole {
    switch self {
    case .list: GTK_ACCESSIBLE_ROLE_LIST
    case .listItem: GTK_ACCESSIBLE_ROLE_LIST_ITEM
    case .grid: GTK_ACCESSIBLE_ROLE_GRID
    case .row: GTK_ACCESSIBLE_ROLE_ROW
    case .gridCell: GTK_ACCESSIBLE_ROLE_GRID_CELL
    case .tree: GTK_ACCESSIBLE_ROLE_TREE
    case .treeItem: GTK_ACCESSIBLE_ROLE_TREE_ITEM
    case .tabList: GTK_ACCESSIBLE_ROLE_TAB_LIST
    case .tab: GTK_ACCESSIBLE_ROLE_TAB
    case .carousel, .slide: GTK_ACCESSIBLE_ROLE_GROUP
    case .header, .footer: GTK_ACCESSIBLE_ROLE_HEADING
    }
  }
}



