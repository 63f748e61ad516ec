import CGtk
import ReuseKit

/// A view the GTK host shows: it owns one GTK widget, a `GtkDrawingArea` that it draws with
/// cairo. The widget is created with the view, so the reuse pool's counters are the widget
/// counters: a widget is made only when the pool has no view to hand back.
public protocol GTKDrawable: AnyObject {
  /// The view's widget.
  var drawing: DrawingWidget { get }
  /// Draws the view's content, `width` × `height` pixels, with the cairo context `cr`.
  func draw(_ cr: OpaquePointer, width: Double, height: Double)
}

/// Where a host last put a widget (so a frame moves, resizes and restyles only what changed).
public class Placement {
  var placed = Rect(x: .nan, y: .nan, width: -1, height: -1)
  var transform = Transform.identity
  var alpha = 1.0
}

/// Something that draws a `GtkDrawingArea` with cairo.
public protocol AreaDrawing: AnyObject {
  /// Draws the area, `width` × `height` pixels, with the cairo context `cr`.
  func drawArea(_ cr: OpaquePointer, width: Double, height: Double)
}

/// Makes `area` (a `GtkDrawingArea`) draw through `drawer`, held unretained: the drawer
/// outlives the area's drawing, or clears it (``disconnectDrawing(_:)``).
public func connectDrawing(_ area: UnsafeMutablePointer<GtkWidget>, to drawer: any AreaDrawing) {
  let draw:
    @convention(c) (
      UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?
    ) -> Void = { _, cr, width, height, data in
      guard let cr, let data else { return }
      let drawer = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? any AreaDrawing
      drawer?.drawArea(cr, width: Double(width), height: Double(height))
    }
  area.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) {
    gtk_drawing_area_set_draw_func(
      $0, draw, Unmanaged.passUnretained(drawer as AnyObject).toOpaque(), nil)
  }
}

/// Stops `area` drawing.
public func disconnectDrawing(_ area: UnsafeMutablePointer<GtkWidget>) {
  area.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) {
    gtk_drawing_area_set_draw_func($0, nil, nil, nil)
  }
}

/// A `GtkDrawingArea` drawn by a closure (chrome: an indicator, a status line).
public final class DrawingArea: AreaDrawing {
  /// The area.
  public let widget: UnsafeMutablePointer<GtkWidget>
  private let draw: (OpaquePointer, Double, Double) -> Void

  /// An area drawn by `draw(cr, width, height)`.
  public init(draw: @escaping (OpaquePointer, Double, Double) -> Void) {
    widget = gtk_drawing_area_new()
    g_object_ref_sink(widget)
    self.draw = draw
    connectDrawing(widget, to: self)
  }

  deinit {
    disconnectDrawing(widget)
    g_object_unref(widget)
  }

  public func drawArea(_ cr: OpaquePointer, width: Double, height: Double) {
    draw(cr, width, height)
  }
}

/// The GTK widget a view owns, and where the host last put it.
public final class DrawingWidget: Placement, AreaDrawing {
  /// Every widget made, across hosts: what the tests and the status line count.
  nonisolated(unsafe) public static var created = 0
  /// Called once, the first time a cell or supplementary view draws with cairo: the first
  /// frame with rows, taken where the GtkListView peer takes its own (its first row's draw, in
  /// the frame's snapshot).
  nonisolated(unsafe) public static var firstDraw: (() -> Void)?

  /// The `GtkDrawingArea`, referenced by this object until it goes away.
  public let widget: UnsafeMutablePointer<GtkWidget>
  weak var owner: (any GTKDrawable)?
  /// The item whose accessible name, description and states the widget carries now (`nil`:
  /// none yet), whether they must be set again (the view's look changed in place), and the
  /// collection view's ``ReuseKit/CollectionView/accessibilityRevision`` they were set at.
  var accessibleItem: ItemPath?
  var accessibleIsStale = true
  /// Whether the widget is shown, as ``setShown(_:)`` last set it (a new widget is): read for
  /// every displayed view at every frame, where asking GTK costs a type check.
  private(set) var isShown = true
  var accessibleRevision = -1
  /// What the widget's accessible object was last told: only what differs is set again.
  /// GTK 4.8 sends a change event for an equal value too, and a screen reader speaks a
  /// description change of the focused row: the place was heard twice after each move.
  var told = AccessibleFacts()
  /// Whether the widget's AT context is realized since it was last put in a window. GTK 4.8
  /// keeps the changes made to an unrealized context and sends them all when it is realized,
  /// which its first focus does: the row's description was spoken again after its name.
  var contextIsRealized = false
  /// The rows' look from the theme's colours, added once to the display: a focus ring on the
  /// row that has the keyboard focus (after a key, as GTK's own `:focus-visible` says), and
  /// for widget-tree rows a hairline between rows, the selection tinted and the focused item
  /// marked at its leading edge (tinted as selected when it is: the cursor's row looked
  /// unselected, a new user's finding). Apps restyle the `reusekit-row` class with CSS of
  /// their own.
  nonisolated(unsafe) private static var styled = false
  static func installStyle() {
    guard !styled, let display = gdk_display_get_default() else { return }
    styled = true
    let css = """
      .reusekit-row:focus-visible {
        outline: 2px solid alpha(@theme_selected_bg_color, 0.9);
        outline-offset: -2px;
      }
      .reusekit-widget-row { border-bottom: 1px solid alpha(currentColor, 0.08); }
      .reusekit-widget-row:selected { background-color: alpha(@theme_selected_bg_color, 0.22); }
      .reusekit-widget-row.focused {
        background-color: alpha(@theme_selected_bg_color, 0.12);
        box-shadow: inset 4px 0 @theme_selected_bg_color;
      }
      .reusekit-widget-row.focused:selected {
        background-color: alpha(@theme_selected_bg_color, 0.22);
      }
      """
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(gpointer(provider))
  }

  /// Performs what assistive technology asks of the widget's item; set by the host.
  var accessibilityActionHandler: ((AccessibilityAction) -> Void)?
  /// The widget's actions over AT-SPI (GTK 4.8 lists a plain widget's own parameterless
  /// actions): `row.activate`, `row.expand`, `row.collapse`, each enabled when its item
  /// allows it.
  private var actions: [(action: AccessibilityAction, gAction: OpaquePointer)] = []

  /// Whether the widget is a drawing area drawn by its owner (not a widget tree).
  let drawsWithCairo: Bool

  /// A widget with the accessible role `role`, drawn by `owner`.
  convenience init(role: GtkAccessibleRole, owner: any GTKDrawable) {
    self.init(role: role)
    self.owner = owner
  }

  /// A widget with the accessible role `role` (fixed for its life, as GTK 4's roles are).
  init(role: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_WIDGET) {
    Self.installStyle()
    widget = reusekit_drawing_area_new_with_role(role)
    drawsWithCairo = true
    g_object_ref_sink(widget)
    gtk_widget_add_css_class(widget, "reusekit-row")
    gtk_widget_set_can_target(widget, 0)  // input goes to the host widget
    // Not focusable until it shows the focused item: the host makes that one row focusable
    // (a roving focus), so that Tab and Shift-Tab enter the collection at its focused item.
    super.init()
    installActions()
    DrawingWidget.created += 1
    connectDrawing(widget, to: self)
  }

  /// A widget tree: `content` (made by a cell's set-up) in a box with the role `role`, which
  /// the host places. Its widgets take the pointer (a check button toggles; a press
  /// elsewhere in the row goes on to the host, which taps and scrolls).
  init(content: UnsafeMutablePointer<GtkWidget>, role: GtkAccessibleRole) {
    Self.installStyle()
    widget = reusekit_box_new_with_role(role)
    drawsWithCairo = false
    g_object_ref_sink(widget)
    gtk_widget_add_css_class(widget, "reusekit-row")
    gtk_widget_add_css_class(widget, "reusekit-widget-row")
    gtk_widget_set_hexpand(content, 1)
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)  // nothing drawn past the row
    widget.withMemoryRebound(to: GtkBox.self, capacity: 1) { gtk_box_append($0, content) }
    // Focusable only while it shows the focused item (the host's roving focus).
    super.init()
    installActions()
    DrawingWidget.created += 1
  }

  public func drawArea(_ cr: OpaquePointer, width: Double, height: Double) {
    if let first = Self.firstDraw {
      Self.firstDraw = nil
      first()
    }
    owner?.draw(cr, width: width, height: height)
  }

  private func installActions() {
    let group = g_simple_action_group_new()!
    let data = Unmanaged.passUnretained(self).toOpaque()
    for action in [AccessibilityAction.activate, .expand, .collapse] {
      let name: String
      switch action {
      case .expand: name = "expand"
      case .collapse: name = "collapse"
      default: name = "activate"
      }
      let gAction = g_simple_action_new(name, nil)!
      g_simple_action_set_enabled(gAction, 0)
      let handler: ActionHandler = { gAction, _, data in
        guard let data, let gAction else { return }
        let drawing = Unmanaged<DrawingWidget>.fromOpaque(data).takeUnretainedValue()
        guard let entry = drawing.actions.first(where: { $0.gAction == gAction }) else { return }
        drawing.accessibilityActionHandler?(entry.action)
      }
      Signal.actionActivated(gAction, handler, data)
      g_action_map_add_action(OpaquePointer(group), gAction)
      actions.append((action, gAction))
    }
    gtk_widget_insert_action_group(widget, "row", OpaquePointer(group))
    g_object_unref(gpointer(group))
  }

  /// Enables the actions `available` allows, disables the others.
  func enableActions(_ available: AccessibilityActions) {
    for entry in actions {
      let enabled: gboolean = available.contains(entry.action.option) ? 1 : 0
      if g_action_get_enabled(entry.gAction) != enabled {
        g_simple_action_set_enabled(entry.gAction, enabled)
      }
    }
  }

  deinit {
    let data = Unmanaged.passUnretained(self).toOpaque()
    for entry in actions {
      Signal.disconnectAll(gpointer(entry.gAction), data: data)
      g_object_unref(gpointer(entry.gAction))
    }
    if drawsWithCairo { disconnectDrawing(widget) }
    if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
    g_object_unref(widget)
  }

  /// Asks GTK to draw the content again (the view was configured for another item), and the
  /// host to give the widget its item's accessible texts and states again.
  public func setNeedsDisplay() {
    gtk_widget_queue_draw(widget)
    accessibleIsStale = true
  }

  /// A widget for `owner`, kept in `slot`: a view's widget, made the first time it is asked.
  static func make(
    in slot: inout DrawingWidget?, role: GtkAccessibleRole, owner: any GTKDrawable
  ) -> DrawingWidget {
    let made = DrawingWidget(role: role, owner: owner)
    slot = made
    return made
  }

  /// Shows or hides the widget. Every host shows and hides its views' widgets through this,
  /// so ``isShown`` is what GTK has.
  func setShown(_ shown: Bool) {
    isShown = shown
    gtk_widget_set_visible(widget, shown ? 1 : 0)
  }
}
