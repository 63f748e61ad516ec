import CGtk
import CReuseGTK
import ReuseGTK
import ReuseKit

/// Scrolls the current page's collection view `frames` frames of 7 points each (back and
/// forth across the middle of the content, after 400 frames of warm-up) and times each
/// frame: the core's layout pass plus the widget moves (`layoutAndPlace`), and apart from it
/// GTK's allocation of the moved widgets (`gtk_widget_size_allocate` of the host, what
/// `Benchmarks/peers/gtk/listview.c` times for a `GtkListView`: the offset set and the rows
/// allocated). The main loop's pending events are processed after each and timed apart; GTK
/// paints on its frame clock, which this does not wait for. Returns a report: a line for
/// people, then `key=value` lines for `Benchmarks/peers/gtk.sh`.
public func measureScrollFrames(_ gallery: GTKGallery, frames: Int) -> String {
  let host = gallery.currentPage.host
  let view = host.collectionView
  view.contentOffset = Point(x: 0, y: view.contentSize.height / 2)
  host.layoutAndPlace()
  while g_main_context_iteration(nil, 0) != 0 {}
  var step = 7.0
  /// Moves the offset for `frame`: 7 points, turning every 200 frames.
  func advance(_ frame: Int) {
    if frame % 200 == 199 { step = -step }
    view.contentOffset.y += step
  }
  // Warm up both ways first: the pool holds what the viewport needs at any offset.
  for frame in 0..<400 {
    advance(frame)
    host.layoutAndPlace()
    while g_main_context_iteration(nil, 0) != 0 {}
  }
  let widgetsBefore = DrawingWidget.created
  var core: [Double] = []
  var allocated: [Double] = []
  var gtk: [Double] = []
  var allocation = GtkAllocation()
  gtk_widget_get_allocation(host.widget, &allocation)
  for frame in 0..<frames {
    let start = g_get_monotonic_time()
    advance(frame)
    host.layoutAndPlace()
    let placed = g_get_monotonic_time()
    gtk_widget_size_allocate(host.widget, &allocation, -1)
    let sized = g_get_monotonic_time()
    while g_main_context_iteration(nil, 0) != 0 {}
    core.append(Double(placed - start))
    allocated.append(Double(sized - start))
    gtk.append(Double(g_get_monotonic_time() - sized))
  }
  // The baseline, in the same run: the same frames with the core's pass alone.
  var alone: [Double] = []
  for frame in 0..<frames {
    let start = g_get_monotonic_time()
    advance(frame)
    view.layoutIfNeeded()
    alone.append(Double(g_get_monotonic_time() - start))
  }
  host.layoutAndPlace()
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  func p90(_ values: [Double]) -> Double { values.sorted()[values.count * 9 / 10] }
  func p99(_ values: [Double]) -> Double { values.sorted()[values.count * 99 / 100] }
  let items = (0..<view.numberOfSections).reduce(0) { $0 + view.numberOfItems(inSection: $1) }
  let ratio = median(alone) > 0 ? median(core) / median(alone) : 0
  return "\(frames) frames at \(items) items: core pass + widget moves median "
    + "\(median(core)) µs (p90 \(p90(core)) µs); the core's pass alone (baseline, same run) "
    + "median \(median(alone)) µs, ratio \((ratio * 10).rounded() / 10)×; main loop after each "
    + "frame median \(median(gtk)) µs; widgets created \(DrawingWidget.created - widgetsBefore)"
    + "\nscroll_frame_allocated_us median=\(median(allocated)) p90=\(p90(allocated)) "
    + "p99=\(p99(allocated))\nwidgets_created=\(DrawingWidget.created)"
}

/// What ``countInstructions(_:kind:frames:)`` repeats.
public enum MeasuredFrame: String, Sendable {
  /// A scroll frame: 7 points on (back and forth), as ``measureScrollFrames(_:frames:)``.
  case scroll
  /// A jump: the offset set far away (the same sequence of places in the peer), all new rows.
  case jump
}

/// Runs `frames` frames of `kind` inside `reusekit_measured` (what callgrind counts with
/// `--toggle-collect=reusekit_measured`): each sets the offset, lays out and places the
/// widgets (`layoutAndPlace`), lets GTK allocate the host, and paints the window's content into
/// an image (a snapshot drawn with cairo, as a frame's paint does). The GtkListView peer
/// (`Benchmarks/peers/gtk/listview.c --count FRAMES`) does the same to its list view. Returns
/// how many frames ran.
public func countInstructions(_ gallery: GTKGallery, kind: MeasuredFrame, frames: Int) -> Int {
  let state = MeasuredFrames(gallery, kind)
  let view = state.host.collectionView
  view.contentOffset = Point(x: 0, y: view.contentSize.height / 2)
  state.host.layoutAndPlace()
  while g_main_context_iteration(nil, 0) != 0 {}
  let context = Unmanaged.passUnretained(state).toOpaque()
  for _ in 0..<frames {
    reusekit_measured(
      { context in Unmanaged<MeasuredFrames>.fromOpaque(context!).takeUnretainedValue().run() },
      context)
  }
  return state.frame
}

/// The state of ``countInstructions(_:kind:frames:)``'s frames.
private final class MeasuredFrames {
  let host: CollectionViewWidget
  let window: UnsafeMutablePointer<GtkWidget>
  let kind: MeasuredFrame
  let cr: OpaquePointer
  var allocation = GtkAllocation()
  var frame = 0
  var step = 7.0
  init(_ gallery: GTKGallery, _ kind: MeasuredFrame) {
    host = gallery.currentPage.host
    window = gallery.window
    self.kind = kind
    let surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, gtk_widget_get_width(window), gtk_widget_get_height(window))
    cr = cairo_create(surface)
    cairo_surface_destroy(surface)
    gtk_widget_get_allocation(host.widget, &allocation)
  }
  deinit { cairo_destroy(cr) }
  func run() {
    let view = host.collectionView
    let top = max(0, view.contentSize.height - view.viewportSize.height)
    switch kind {
    case .scroll:
      if frame % 200 == 199 { step = -step }
      view.contentOffset.y += step
    case .jump:
      // Far places in a fixed sequence: 0.37 of the way on each time, around the content.
      view.contentOffset.y = (Double(frame + 1) * 0.37).truncatingRemainder(dividingBy: 1) * top
    }
    host.layoutAndPlace()
    gtk_widget_size_allocate(host.widget, &allocation, -1)
    reusekit_render_child(window, cr)
    frame += 1
  }
}
