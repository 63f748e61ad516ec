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
  /// A swipe action as the host draws it (``CollectionView/revealedSwipeActions``).
  struct DrawnSwipeAction: Equatable {
    var frame: Rect
    var title: String
    var isDestructive: Bool
    var isArmed: Bool
  }

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
  var nested: [ObjectIdentifier: CollectionViewWidget] = [:]
  /// Views attached now (displayed, or pooled under the hide strategy).
  public private(set) var attachedCount = 0
  /// Where the pointer went down, and the grab's events' time base (event time to clock).
  var dragStart: Point?
  var eventClockOffset: Double?
  let fixed: UnsafeMutablePointer<GtkWidget>
  /// The `GtkFixed` whose children are the views' widgets.
  public var fixedWidget: UnsafeMutablePointer<GtkWidget> { fixed }
  let sizer: UnsafeMutablePointer<GtkWidget>
  /// Above the views: a drag box's outline (``ReuseKit/CollectionView/selectionDragBox``).
  let boxLayer: UnsafeMutablePointer<GtkWidget>
  /// The box drawn last, in viewport coordinates.
  var drawnBox: Rect?
  /// Which items are marked (a find's matches): their cells get an amber tint and an amber
  /// bar at their leading edge, drawn above them (cairo cells and widget trees alike). `nil`,
  /// the default, marks none. A cell leaving in an update's animation is not marked, nor the
  /// focused item (its focus shows).
  public var marksItem: ((ItemPath) -> Bool)?
  /// What the host says, centred, while its collection view shows nothing at all (no item,
  /// header or footer on screen: no data, or a filter that left none); `nil`, the default,
  /// says nothing.
  public var emptyText: String? {
    didSet { placeEmptyText() }
  }
  /// Whether ``emptyText`` shows under headers over no item (a table's titles over a filter
  /// that left no row); `false`, the default: an empty section's header says enough.
  public var emptyTextShowsUnderHeaders = false
  /// The label of ``emptyText``, made when there first is one.
  var emptyLabel: UnsafeMutablePointer<GtkWidget>?
  /// The marked cells' frames drawn last, in viewport coordinates, and the next frame's.
  var drawnMarks: [Rect] = []
  var markScratch: [Rect] = []
  /// The swiped row's revealed actions, in viewport coordinates, as drawn last.
  var drawnActions: [DrawnSwipeAction] = []
  var tickID: guint = 0
  var wakeID: guint = 0
  var dragGesture: OpaquePointer?
  var scrollController: OpaquePointer?
  var motionController: OpaquePointer?
  /// Where the pointer last moved over the host, in its coordinates.
  var pointerLocation: Point?
  var keyController: OpaquePointer?
  var focusController: OpaquePointer?
  /// The keyboard focus came into the host (Tab from another widget, a click, a grab): a page
  /// with several hosts makes its model follow (the list's tag strip, a board's columns).
  public var focusEntered: (() -> Void)?
  /// What a key does when the keyboard focus is in the host: a page's own keys first (an
  /// option bar selects with ← →); `nil` hands keys to the core's key map. Returns whether the
  /// key was used.
  public var keyHandler: ((KeyPress) -> Bool)?
  /// A wheel or touchpad scroll (its delta in points) before the collection view sees it:
  /// returns whether the page took it (a board's drag scrolls the column under the pointer,
  /// while GTK gives the wheel to the column holding the press). `nil`: the collection view's.
  public var scrollHandler: ((Point) -> Bool)?
  /// A press at a point (the host's coordinates) before the collection view sees it: returns
  /// whether the page took it (an outline's disclosure), which makes the rest of the press
  /// no drag and no tap. `nil`: every press goes to the collection view.
  public var pressHandler: ((Point) -> Bool)?
  /// A double click on an item (its path), once the collection view has had both clicks: the
  /// page opens, expands or edits it, as GTK's lists activate a row on a double click (a
  /// double click only selected: a new user's finding). `nil`: a double click is two clicks.
  public var itemActivated: ((ItemPath) -> Void)?
  /// The last press that may begin a double click: when, where (the host's coordinates) and
  /// on which item.
  var lastPress: (time: Double, point: Point, item: ItemPath)?
  /// Whether the press under way is a double click's second, on this item.
  var doubleClickItem: ItemPath?
  /// Type-ahead, as GtkListView and file managers have it (CollectionViewWidget+TypeAhead.swift):
  /// made on the first printable key the page does not use, when the data source gives text.
  var typeAhead: TypeAhead?
  var typeAheadExpiryID: guint = 0
  /// Whether a printable key the page does not use begins a type-ahead prefix (a key the
  /// window binds, such as a page switch, should not). Every printable key by default; `nil`
  /// turns type-ahead off. Once a prefix is being typed, every printable key extends it but
  /// those ``typeAheadPassesOn`` names, and none after a prefix that matched nothing.
  public var typeAheadBegins: ((Character) -> Bool)? = { _ in true }
  /// The printable keys that go on to the page even while a prefix is being typed (an app's
  /// page keys: the gallery's digits); none by default.
  public var typeAheadPassesOn: ((Character) -> Bool)?
  var topmost: [ObjectIdentifier] = []
  /// What assistive technology was told, and where the keyboard focus is
  /// (CollectionViewWidget+Accessibility.swift).
  var accessibility = HostAccessibility()
  var scratch: [(view: ReusableView, attributes: LayoutAttributes)] = []
  /// The displayed rows (views not raised) this placement, and the order they were last put
  /// in among the fixed's children (``layoutAndPlace()``).
  var rowScratch: [(frame: Rect, widget: UnsafeMutablePointer<GtkWidget>)] = []
  var rowOrder: [UnsafeMutablePointer<GtkWidget>] = []

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
    gtk_widget_set_visible(boxLayer, 0)  // until there is a box or a find's marks to draw
    gtk_overlay_add_overlay(OpaquePointer(widget), boxLayer)
    // Widgets stay in the window and are hidden when pooled: a widget taken out of the window
    // loses its accessibility context (GTK 4.8 unrealises it on unroot), so a screen reader
    // would hear nothing from it when it comes back; showing and hiding also costs GTK less.
    collectionView.attachStrategy = attachStrategy
    collectionView.host = self
    registerStandardViews()
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
        guard let cr else { return }
        let host = host(data)
        // A swiped row's actions, in the space it uncovers: red for a destructive one, grey
        // for the others (deeper while a full swipe is armed), each titled.
        for action in host.drawnActions {
          let f = action.frame
          if action.isDestructive {
            cairo_set_source_rgb(cr, action.isArmed ? 0.75 : 0.86, 0.2, 0.22)
          } else {
            cairo_set_source_rgb(cr, 0.38, 0.43, action.isArmed ? 0.52 : 0.58)
          }
          cairo_rectangle(cr, f.minX, f.minY, f.width, f.height)
          cairo_fill(cr)
          let size = min(15, max(9, f.height * 0.4))
          let room = max(0, f.width - 8)
          guard room > size else { continue }
          let width = min(room, reusekit_text_width(cr, action.title, size, 1))
          cairo_set_source_rgb(cr, 1, 1, 1)
          reusekit_draw_text(
            cr, action.title, f.midX - width / 2, f.midY + size * 0.35, size, 1, room)
        }
        // A find's matches: a translucent amber tint and a bar at the leading edge.
        for mark in host.drawnMarks {
          cairo_set_source_rgba(cr, 0.88, 0.69, 0.41, 0.28)
          cairo_rectangle(cr, mark.minX, mark.minY, mark.width, mark.height)
          cairo_fill(cr)
          cairo_set_source_rgba(cr, 0.88, 0.62, 0.25, 0.95)
          cairo_rectangle(cr, mark.minX, mark.minY, 4, mark.height)
          cairo_fill(cr)
        }
        guard let box = host.drawnBox else { return }
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
    let focus = gtk_event_controller_focus_new()!
    Signal.plain(gpointer(focus), "enter", { _, data in host(data).focusDidEnter() }, data)
    gtk_widget_add_controller(widget, focus)
    focusController = focus
    gtk_widget_set_focusable(widget, 1)
  }

  deinit {
    // Nothing may call back into this host once it is gone.
    if tickID != 0 { gtk_widget_remove_tick_callback(widget, tickID) }
    if wakeID != 0 { g_source_remove(wakeID) }
    if typeAheadExpiryID != 0 { g_source_remove(typeAheadExpiryID) }
    if accessibility.refocusID != 0 { g_source_remove(accessibility.refocusID) }
    let data = Unmanaged.passUnretained(self).toOpaque()
    Signal.disconnectAll(gpointer(sizer), data: data)
    if let dragGesture { Signal.disconnectAll(gpointer(dragGesture), data: data) }
    if let scrollController { Signal.disconnectAll(gpointer(scrollController), data: data) }
    if let motionController { Signal.disconnectAll(gpointer(motionController), data: data) }
    if let keyController { Signal.disconnectAll(gpointer(keyController), data: data) }
    if let focusController { Signal.disconnectAll(gpointer(focusController), data: data) }
    if let scrollable {
      reuse_scrollable_set_scrolled_func(OpaquePointer(scrollable), nil, nil)
      g_object_unref(scrollable)
    }
    g_object_unref(widget)
  }

  var scrollable: UnsafeMutablePointer<GtkWidget>?
  /// What the adjustments were last told: content, viewport, offset.
  var told: (content: Size, viewport: Size, offset: Point)?
  /// Where this host's own widget was last placed by an outer host.
  let box = Placement()

  // MARK: Host

  /// Puts the view's widget (or its nested host's) in the fixed.
  public func collectionView(_ collectionView: CollectionView, attach view: ReusableView) {
    if let inner = nestedHost(for: view) {
      inner.box.placed = Rect(x: .nan, y: .nan, width: -1, height: -1)
      fixed.withMemoryRebound(to: GtkFixed.self, capacity: 1) {
        gtk_fixed_put($0, inner.widget, 0, 0)
      }
      attachedCount += 1
      topmost.removeAll()
    }
    guard let drawing = drawingWidget(of: view) else { return }
    drawing.placed = Rect(x: .nan, y: .nan, width: -1, height: -1)
    fixed.withMemoryRebound(to: GtkFixed.self, capacity: 1) {
      gtk_fixed_put($0, drawing.widget, 0, 0)
    }
    attachedCount += 1
    // A widget put in the fixed goes last, over the raised views (a pinned header): they are
    // raised again at the next placement (a row made after a resize was drawn over the
    // header, and stayed so while the raised views were the same).
    topmost.removeAll()
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
    guard let drawing = drawingWidget(of: view) else { return }
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
    guard drawingWidget(of: view) != nil || nested[ObjectIdentifier(view)] != nil else { return }
    // Applied once the pass is over (``applyVisibility()``): a view that leaves and is reused
    // in the same pass (every row of a jump) stays shown, and GTK sends assistive technology
    // no removal and addition for it (a table's jump sent hundreds, and Orca spoke the
    // focused cell seconds late).
    pendingVisibility[ObjectIdentifier(view)] = view
  }

  /// The views whose hidden state changed during the last pass.
  var pendingVisibility: [ObjectIdentifier: ReusableView] = [:]
  /// A view that left with its row holding the keyboard focus, hidden after the placement.
  var hidingFocusedRow: (ReusableView, DrawingWidget)?

  /// Shows or hides each view whose hidden state changed, where it differs from its widget's.
  func applyVisibility() {
    guard !pendingVisibility.isEmpty else { return }
    for view in pendingVisibility.values {
      // A nested host's widget (a picker's row) hides with its view too: pooled, it stayed
      // where its row last was, over the rows shown there (a new user's finding).
      if !nested.isEmpty, let inner = nested[ObjectIdentifier(view)],
        (gtk_widget_get_visible(inner.widget) != 0) == view.isHidden
      {
        gtk_widget_set_visible(inner.widget, view.isHidden ? 0 : 1)
      }
      guard let drawing = drawingWidget(of: view) else { continue }
      guard drawing.isShown == view.isHidden else { continue }
      // A row with the keyboard focus hides once the placement has moved the focus on
      // (``hideFocusedRow()``).
      if view.isHidden, gtk_widget_has_focus(drawing.widget) != 0 {
        hidingFocusedRow = (view, drawing)
        continue
      }
      if view.isHidden { (view as? GTKWidgetCell)?.leftScreen() }
      drawing.setShown(!view.isHidden)
    }
    pendingVisibility.removeAll(keepingCapacity: true)
  }

  /// Hides the row that had the keyboard focus as its view left, after the placement gave the
  /// focus to the focused item's row: hidden first, it gave the focus to the host, and a
  /// screen reader said the table's name between two cells (`h` on a cell's column: a new
  /// user's finding). Where no row took it, the host does before the row hides: GTK gave it to
  /// the next focusable widget, the status line, where it stayed once rows showed again (a
  /// new user's finding: a table's filter, whose first frame shows no row).
  func hideFocusedRow() {
    guard let (view, drawing) = hidingFocusedRow else { return }
    hidingFocusedRow = nil
    guard view.isHidden, drawing.isShown else { return }
    if gtk_widget_has_focus(drawing.widget) != 0 { focusHost() }
    (view as? GTKWidgetCell)?.leftScreen()
    drawing.setShown(false)
  }

  /// A view's widget, if it has one: cast to the host's two base classes first, which costs a
  /// few instructions, where a cast to the protocol looks through the conformance cache (300
  /// a view, at every frame).
  @inline(__always)
  func drawingWidget(of view: ReusableView) -> DrawingWidget? {
    if let cell = view as? GTKCell { return cell.drawing }
    if let supplementary = view as? GTKSupplementaryView { return supplementary.drawing }
    return (view as? any GTKDrawable)?.drawing
  }

  /// The host of a view's nested collection view, made the first time the view shows. It
  /// takes no input: the outer control routes the pointer.
  func nestedHost(for view: ReusableView) -> CollectionViewWidget? {
    guard let hosting = view as? any NestedCollectionViewHosting else { return nil }
    if let host = nested[ObjectIdentifier(view)] { return host }
    let host = CollectionViewWidget(collectionView: hosting.nestedCollectionView)
    gtk_widget_set_can_target(host.widget, 0)
    nested[ObjectIdentifier(view)] = host
    return host
  }

}

/// The host behind a signal's data pointer.
func host(_ data: gpointer?) -> CollectionViewWidget {
  Unmanaged<CollectionViewWidget>.fromOpaque(data!).takeUnretainedValue()
}
