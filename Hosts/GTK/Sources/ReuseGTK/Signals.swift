import CGtk

// The one place that connects GLib signals. `g_signal_connect` and `G_CALLBACK` are macros,
// and the compiler does not check a handler against its signal's signature: each signal the
// adapter uses gets a typed handler here, and nothing else casts to `GCallback`.

/// `drag-begin` (start x, y) and `drag-update` / `drag-end` (offset x, y) of a `GtkGestureDrag`.
typealias DragHandler = @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> Void
/// `scroll` of a `GtkEventControllerScroll` (dx, dy); returns whether it was handled.
typealias ScrollHandler = @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> gboolean
/// `key-pressed` of a `GtkEventControllerKey` (keyval, keycode, modifiers).
public typealias KeyHandler =
  @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean
/// `resize` of a `GtkDrawingArea` (width, height).
typealias ResizeHandler = @convention(c) (OpaquePointer?, Int32, Int32, gpointer?) -> Void
/// A widget's tick callback: every frame of its frame clock while installed.
typealias TickHandler =
  @convention(c) (
    UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?
  ) -> gboolean
/// `pressed` of a `GtkGestureClick` (press count, x, y).
public typealias ClickHandler =
  @convention(c) (OpaquePointer?, Int32, Double, Double, gpointer?)
  -> Void
/// `activate` of a `GSimpleAction` (its parameter, none here).
typealias ActionHandler = @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void
/// `notify::PROPERTY` of any object (the object, the property's spec).
public typealias NotifyHandler = @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void
/// A signal with no arguments (`toggled` of a `GtkCheckButton`, `clicked` of a `GtkButton`).
public typealias PlainHandler = @convention(c) (OpaquePointer?, gpointer?) -> Void
/// `items-changed` of a `GListModel` (position, removed, added).
typealias ItemsChangedHandler =
  @convention(c) (OpaquePointer?, guint, guint, guint, gpointer?) -> Void
/// `close-request` of a `GtkWindow`; returns whether to keep the window open.
public typealias CloseHandler = @convention(c) (OpaquePointer?, gpointer?) -> gboolean

/// Connects `handler` to `signal` of `instance`, with `data` for the handler.
@discardableResult
private func connect(
  _ instance: gpointer, _ signal: String, _ callback: GCallback, _ data: gpointer?
)
  -> gulong
{
  g_signal_connect_data(instance, signal, callback, data, nil, GConnectFlags(rawValue: 0))
}

/// Typed connections, one per signal the hosts use.
public enum Signal {
  static func drag(
    _ gesture: OpaquePointer, _ signal: String, _ handler: DragHandler, _ data: gpointer?
  ) {
    connect(gpointer(gesture), signal, unsafeBitCast(handler, to: GCallback.self), data)
  }

  /// `motion` (x, y) of a `GtkEventControllerMotion`.
  static func motion(_ controller: OpaquePointer, _ handler: DragHandler, _ data: gpointer?) {
    connect(gpointer(controller), "motion", unsafeBitCast(handler, to: GCallback.self), data)
  }

  static func scroll(_ controller: OpaquePointer, _ handler: ScrollHandler, _ data: gpointer?) {
    connect(gpointer(controller), "scroll", unsafeBitCast(handler, to: GCallback.self), data)
  }

  /// Connects a signal without arguments (`toggled`, `clicked`) of `instance`.
  public static func plain(
    _ instance: gpointer, _ signal: String, _ handler: PlainHandler, _ data: gpointer?
  ) {
    connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), data)
  }

  /// Connects `items-changed` of a list model; returns the handler's id.
  static func itemsChanged(
    _ model: OpaquePointer, _ handler: ItemsChangedHandler, _ data: gpointer?
  ) -> gulong {
    connect(gpointer(model), "items-changed", unsafeBitCast(handler, to: GCallback.self), data)
  }

  /// Connects `notify::property` of `object`: told each time the property changes.
  public static func notify(
    _ object: gpointer, property: String, _ handler: NotifyHandler, _ data: gpointer?
  ) {
    connect(object, "notify::" + property, unsafeBitCast(handler, to: GCallback.self), data)
  }

  /// Connects `key-pressed` of a key controller.
  public static func keyPressed(
    _ controller: OpaquePointer, _ handler: KeyHandler, _ data: gpointer?
  ) {
    connect(gpointer(controller), "key-pressed", unsafeBitCast(handler, to: GCallback.self), data)
  }

  static func resize(
    _ area: UnsafeMutablePointer<GtkWidget>, _ handler: ResizeHandler, _ data: gpointer?
  ) {
    connect(area, "resize", unsafeBitCast(handler, to: GCallback.self), data)
  }

  /// Connects `close-request` of a window.
  public static func closeRequest(
    _ window: UnsafeMutablePointer<GtkWidget>, _ handler: CloseHandler, _ data: gpointer?
  ) {
    connect(window, "close-request", unsafeBitCast(handler, to: GCallback.self), data)
  }

  /// Connects `pressed` of a click gesture.
  public static func clicked(_ gesture: OpaquePointer, _ handler: ClickHandler, _ data: gpointer?) {
    connect(gpointer(gesture), "pressed", unsafeBitCast(handler, to: GCallback.self), data)
  }

  static func actionActivated(
    _ action: OpaquePointer, _ handler: ActionHandler, _ data: gpointer?
  ) {
    connect(gpointer(action), "activate", unsafeBitCast(handler, to: GCallback.self), data)
  }

  /// Disconnects every handler connected with `data` (before `data`'s owner goes away).
  public static func disconnectAll(_ instance: gpointer, data: gpointer) {
    g_signal_handlers_disconnect_matched(instance, G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, data)
  }
}
