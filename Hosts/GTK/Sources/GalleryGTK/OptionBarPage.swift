import CGtk
import GalleryKit
import ReuseControls
import ReuseGTK
import ReuseKit

/// The option bar (``CategoriesModel``) with GTK chrome: an indicator that slides under the
/// selected category, following the strip as it scrolls, and the selected category's items
/// below.
final class OptionBarScreen: GTKPage {
  let name = CategoriesModel.name
  let title: String
  let host: CollectionViewWidget
  let widget: UnsafeMutablePointer<GtkWidget>
  let model: CategoriesModel
  /// The bar's keys, the terminal's (F1 listed none: a new user's finding).
  var keyHelp: [(String, String)] { model.keyHelp }
  private var bar: OptionBar { model.bar }
  private var indicatorArea: DrawingArea!
  private var detailArea: DrawingArea!
  private var indicator: UnsafeMutablePointer<GtkWidget> { indicatorArea.widget }
  private var detail: UnsafeMutablePointer<GtkWidget> { detailArea.widget }
  /// Where the indicator is drawn (glides toward the selected column) and where it goes.
  private var drawn = Rect(x: 0, y: 0, width: 0, height: 0)
  private var target = Rect(x: 0, y: 0, width: 0, height: 0)
  private var glideID: guint = 0

  init(options: GalleryOptions) {
    model = CategoriesModel(
      options: options, metrics: .gtk, viewportSize: Size(width: 960, height: 52))
    title = model.title
    model.announcesSelection = true  // the keyboard focus stays on the strip
    model.bar.indicatorHeight = 4
    model.bar.register(
      CategoryCell.self, forCellWithReuseIdentifier: CategoriesModel.categoryIdentifier)
    host = CollectionViewWidget(collectionView: model.bar.collectionView)
    widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    indicatorArea = DrawingArea { [unowned self] cr, _, height in
      Painter(cr: cr).fill(
        Rect(x: drawn.minX, y: 0, width: drawn.width, height: height), Palette.accent, radius: 2)
    }
    detailArea = DrawingArea { [unowned self] cr, width, height in
      drawDetail(Painter(cr: cr), width: width, height: height)
    }
    gtk_widget_set_vexpand(detail, 1)
    gtk_widget_set_size_request(host.widget, -1, 52)
    gtk_widget_set_size_request(indicator, -1, 6)
    gtk_widget_set_vexpand(host.widget, 0)
    gtk_widget_set_vexpand(indicator, 0)
    widget.withMemoryRebound(to: GtkBox.self, capacity: 1) { box in
      gtk_box_append(box, host.widget)
      gtk_box_append(box, indicator)
      gtk_box_append(box, detail)
    }
    model.start()
    host.didPlaceViews = { [unowned self] in followSelection() }
  }

  /// The selected category's name, its items (the data file's, or demo headlines) and the
  /// delegate's latest calls.
  func drawDetail(_ paint: Painter, width: Double, height: Double) {
    paint.fill(Rect(x: 0, y: 0, width: width, height: height), Palette.background)
    let selected = bar.selectedIndex
    let colour = Palette.swatches[(selected ?? 0) % Palette.swatches.count]
    paint.fill(Rect(x: 40, y: 40, width: 12, height: 44), colour, radius: 4)
    paint.text(
      selected.map(model.name) ?? "nothing selected", x: 64, y: 74, size: 30, Palette.text,
      bold: true)
    // The delegate's log beside the items in a wide window, below them in a narrow one (it
    // was drawn over them below about 700 points).
    let logBeside = width >= 720
    let itemsWidth = max(40, (logBeside ? width - 340 : width) - 56)
    var y = 120.0
    if let selected {
      let items = model.items(ofColumn: selected, count: 8)
      if items.isEmpty {
        paint.text("This section has no items.", x: 40, y: y, size: 14, Palette.dim)
        y += 28
      }
      for item in items where y < height - 20 {
        paint.text("• " + item.title, x: 40, y: y, size: 15, Palette.text, maxWidth: itemsWidth)
        if let detail = item.detail {
          paint.text(detail, x: 56, y: y + 20, size: 12, Palette.dim, maxWidth: itemsWidth - 16)
        }
        y += item.detail == nil ? 28 : 46
      }
    }
    for (index, line) in model.log.prefix(12).enumerated() {
      if logBeside {
        paint.text(line, x: width - 340, y: 120 + Double(index) * 20, size: 12, Palette.dim)
      } else {
        paint.text(
          line, x: 40, y: y + 12 + Double(index) * 20, size: 12, Palette.dim,
          maxWidth: max(40, width - 56))
      }
    }
  }

  /// The gallery takes `didPlaceViews` for its status line: the indicator follows it too.
  func reconnectIndicator() {
    let status = host.didPlaceViews
    host.didPlaceViews = { [unowned self] in
      followSelection()
      status?()
    }
  }

  var status: String { model.status }

  func handleKey(_ key: KeyPress) -> Bool {
    let used = model.handle(key)
    host.layoutAndPlace()
    return used
  }

  /// The indicator's target is under the selected column, where the strip shows it now.
  private func followSelection() {
    gtk_widget_queue_draw(detail)
    let offset = bar.collectionView.contentOffset.x
    target = bar.indicatorFrame.map { $0.offsetBy(dx: -offset, dy: 0) } ?? .zero
    guard target != drawn, glideID == 0 else { return }
    if drawn.width == 0 || bar.collectionView.isDragging {
      drawn = target  // the first time, and while the strip is dragged: no lag
      gtk_widget_queue_draw(indicator)
      return
    }
    let tick:
      @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?)
        -> gboolean = { _, _, data in
          let page = Unmanaged<OptionBarScreen>.fromOpaque(data!).takeUnretainedValue()
          return page.glide() ? 1 : 0
        }
    glideID = gtk_widget_add_tick_callback(
      indicator, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  /// One frame of the slide: a third of the way each frame; true while it moves.
  private func glide() -> Bool {
    func step(_ from: Double, _ to: Double) -> Double {
      abs(to - from) < 0.5 ? to : from + (to - from) / 3
    }
    drawn = Rect(
      x: step(drawn.minX, target.minX), y: 0, width: step(drawn.width, target.width), height: 0)
    gtk_widget_queue_draw(indicator)
    if drawn.minX == target.minX && drawn.width == target.width {
      glideID = 0
      return false
    }
    return true
  }
}
