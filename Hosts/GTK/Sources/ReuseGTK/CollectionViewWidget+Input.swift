import CGtk
import CReuseGTK
import ReuseKit

extension CollectionViewWidget {
  // MARK: Input

  /// An event's time on the frame clock's base, from its own timestamp (milliseconds on the
  /// display server's clock), so that velocities come from when the events happened.
  func eventTime(_ controller: OpaquePointer?) -> Double {
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
  func pressesOwnWidget(at point: Point) -> Bool {
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
  var target: any PointerInteractive { interactive ?? collectionView }

  func dragBegan(at point: Point, gesture: OpaquePointer?) {
    if pressesOwnWidget(at: point) || pressHandler?(point) == true {
      dragStart = nil  // taken: the rest of this press is not a drag
      layoutAndPlace()
      return
    }
    dragStart = point
    let time = eventTime(gesture)
    noteForDoubleClick(at: point, time: time)
    target.handle(PointerEvent(.began, at: point, time: time, modifiers: modifiers(gesture)))
    layoutAndPlace()
  }

  /// GTK's defaults for a double click (`gtk-double-click-time`, `-distance`).
  static let doubleClickTime = 0.4
  static let doubleClickDistance = 5.0

  /// A press: the second of a double click when it comes soon after the last, near it, on the
  /// same item (with no modifier: Control and Shift clicks select).
  private func noteForDoubleClick(at point: Point, time: Double) {
    doubleClickItem = nil
    guard itemActivated != nil else { return }
    let offset = collectionView.contentOffset
    guard
      let item = collectionView.indexPathForDrawnItem(
        at: Point(x: point.x + offset.x, y: point.y + offset.y))
    else {
      lastPress = nil
      return
    }
    if let last = lastPress, last.item == item, time - last.time <= Self.doubleClickTime,
      abs(point.x - last.point.x) <= Self.doubleClickDistance,
      abs(point.y - last.point.y) <= Self.doubleClickDistance,
      modifiers(dragGesture).isEmpty
    {
      doubleClickItem = item
      lastPress = nil  // a third click begins a new pair
    } else {
      lastPress = (time, point, item)
    }
  }

  /// The modifier keys held at the controller's event.
  func modifiers(_ controller: OpaquePointer?) -> KeyModifiers {
    guard let controller else { return [] }
    return KeyModifiers(gtk_event_controller_get_current_event_state(controller))
  }

  /// Lets go of the press under way, as a page leaving the screen does: the collection view's
  /// drag, lift or box cancelled (nothing dropped), and GTK's gesture reset, so that its
  /// release, wherever it comes, does nothing here.
  public func cancelPointer() {
    dragStart = nil
    collectionView.cancelPointer()
    if let dragGesture { gtk_event_controller_reset(dragGesture) }
    layoutAndPlace()
  }

  func dragMoved(by delta: Point, gesture: OpaquePointer?, ended: Bool) {
    guard let start = dragStart else { return }
    let point = Point(x: start.x + delta.x, y: start.y + delta.y)
    if ended { dragStart = nil }
    // A press that travels is a drag, not a click of a pair.
    if max(abs(delta.x), abs(delta.y)) > Self.doubleClickDistance {
      doubleClickItem = nil
      lastPress = nil
    }
    target.handle(
      PointerEvent(
        ended ? .ended : .moved, at: point, time: eventTime(gesture),
        modifiers: modifiers(gesture)))
    layoutAndPlace()
    if ended, let item = doubleClickItem {
      doubleClickItem = nil
      itemActivated?(item)
      layoutAndPlace()
    }
  }

  func scrolled(dx: Double, dy: Double, controller: OpaquePointer?) -> gboolean {
    // In a scrolled window the wheel and the touchpad are the window's (its smooth and
    // kinetic scrolling); its adjustments move the content.
    if scrollable != nil { return 0 }
    var unit = GDK_SCROLL_UNIT_WHEEL
    if let controller {
      unit = gtk_event_controller_scroll_get_unit(controller)
    }
    // A wheel notch is one line; a touchpad reports pixels.
    let scale = unit == GDK_SCROLL_UNIT_WHEEL ? collectionView.lineLength : 1
    if let scrollHandler, scrollHandler(Point(x: dx * scale, y: dy * scale)) {
      layoutAndPlace()
      return 1
    }
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
  func keyPressed(_ keyval: guint, _ modifiers: GdkModifierType) -> Bool {
    // The last announcement was heard: the focused row's next facts go without it.
    accessibility.focusedRow?.told.announcement = nil
    Self.keysPressed &+= 1
    if let key = KeyPress(keyval: keyval, state: modifiers), key.key == .tab {
      leaveFocus(forward: !key.modifiers.contains(.shift))
      return true
    }
    guard let key = KeyPress(keyval: keyval, state: modifiers) else { return false }
    // A prefix being typed takes every printable key, and Escape ends it.
    if typeAheadTakes(key, beginning: false) { return true }
    // Any other key (an arrow, a page key) ends the prefix: the next letter starts a new one,
    // as in GTK's and macOS's lists (Down then "l" searched "kinl": a new user's finding).
    endTypeAhead()
    let used = keyHandler.map { $0(key) } ?? handleKey(key)
    if used { layoutAndPlace() }
    if !used && typeAheadTakes(key, beginning: true) { return true }
    return used || collectionView.keyMap.action(for: key) != nil
  }

  /// Moves the keyboard focus to the next (or previous) widget outside the host.
  func leaveFocus(forward: Bool) {
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
      // What was said while the host held the focus for this row goes with its focus event.
      carryPendingAnnouncement(to: drawing)
      gtk_widget_grab_focus(drawing.widget)
    } else {
      focusHost()
      sayPendingAnnouncement()
    }
  }

  /// The keyboard focus came into the host from outside it. Tab (or code) bringing it to a
  /// collection view whose focused item was scrolled away shows that item, as GtkListView
  /// does, and gives its row the focus: the focus ring was nowhere, and only the status line
  /// named the row (a new user's finding). A press is left alone: it puts the focus where it
  /// lands.
  func focusDidEnter() {
    if let focused = collectionView.focusedIndexPath,
      dragGesture.map({ gtk_gesture_is_active($0) == 0 }) ?? true,
      !collectionView.indexPathsForVisibleItems.contains(focused)
    {
      collectionView.focusItem(at: focused)  // scrolls as a key's move would
      layoutAndPlace()
      grabKeyboardFocusWhenIdle()
    }
    focusEntered?()
  }

  /// ``grabKeyboardFocus()`` once GTK has finished the focus change under way: inside one (a
  /// focus-enter handler), a grab is undone by the change itself. Only while the focus is
  /// still in `ancestor` (the host itself by default; a board of several hosts when the keys
  /// move from one to another).
  public func grabKeyboardFocusWhenIdle(ifWithin ancestor: UnsafeMutablePointer<GtkWidget>? = nil) {
    guard accessibility.refocusID == 0 else { return }
    accessibility.refocusAncestor = ancestor
    accessibility.refocusID = g_idle_add(
      { data in
        let host = host(data)
        host.accessibility.refocusID = 0
        let within = GTK_STATE_FLAG_FOCUS_WITHIN.rawValue
        let ancestor = host.accessibility.refocusAncestor ?? host.widget
        host.accessibility.refocusAncestor = nil
        if gtk_widget_get_state_flags(ancestor).rawValue & within != 0 {
          host.grabKeyboardFocus()
        }
        return 0  // G_SOURCE_REMOVE
      }, Unmanaged.passUnretained(self).toOpaque())
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
