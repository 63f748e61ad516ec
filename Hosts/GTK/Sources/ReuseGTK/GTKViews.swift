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

/// The GTK widget a view owns, and where the host last put it.
public final class DrawingWidget: Placement {
  /// Every widget made, across hosts: what the tests and the status line count.
  nonisolated(unsafe) public static var created = 0

  /// The `GtkDrawingArea`, referenced by this object until it goes away.
  public let widget: UnsafeMutablePointer<GtkWidget>
  weak var owner: (any GTKDrawable)?

  override init() {
    widget = gtk_drawing_area_new()
    g_object_ref_sink(widget)
    gtk_widget_set_can_target(widget, 0)  // input goes to the host widget
    super.init()
    DrawingWidget.created += 1
    let draw:
      @convention(c) (
        UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?
      ) -> Void = { _, cr, width, height, data in
        guard let cr, let data else { return }
        let box = Unmanaged<DrawingWidget>.fromOpaque(data).takeUnretainedValue()
        box.owner?.draw(cr, width: Double(width), height: Double(height))
      }
    widget.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) { area in
      gtk_drawing_area_set_draw_func(
        area, draw, Unmanaged.passUnretained(self).toOpaque(), nil)
    }
  }

  deinit {
    widget.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) { area in
      gtk_drawing_area_set_draw_func(area, nil, nil, nil)
    }
    if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
    g_object_unref(widget)
  }

  /// Asks GTK to draw the content again (the view was configured for another item).
  public func setNeedsDisplay() { gtk_widget_queue_draw(widget) }
}

/// A cell with a GTK widget. Subclass it, override ``draw(_:width:height:)``, and call
/// ``setNeedsDisplay()`` when its content changes (the selection's and focus's changes redraw
/// by themselves).
open class GTKCell: CollectionViewCell, GTKDrawable {
  /// The cell's widget.
  public let drawing = DrawingWidget()

  /// Creates a cell and its widget (the collection view calls this).
  public required init() {
    super.init()
    drawing.owner = self
  }

  open override var isSelected: Bool {
    didSet { if isSelected != oldValue { setNeedsDisplay() } }
  }

  /// Redraws.
  public func setNeedsDisplay() { drawing.setNeedsDisplay() }

  open override func prepareForReuse() { setNeedsDisplay() }

  /// Draws the cell; the default fills nothing.
  open func draw(_ cr: OpaquePointer, width: Double, height: Double) {}
}

/// A header, footer or other supplementary view with a GTK widget.
open class GTKSupplementaryView: ReusableView, GTKDrawable {
  /// The view's widget.
  public let drawing = DrawingWidget()

  /// Creates a view and its widget (the collection view calls this).
  public required init() {
    super.init()
    drawing.owner = self
  }

  /// Redraws.
  public func setNeedsDisplay() { drawing.setNeedsDisplay() }

  open override func prepareForReuse() { setNeedsDisplay() }

  /// Draws the view; the default fills nothing.
  open func draw(_ cr: OpaquePointer, width: Double, height: Double) {}
}
