import CGtk
import GalleryCore
import ReuseControls
import ReuseGTK
import ReuseKit

/// A category of the option bar.
final class CategoryCell: GTKCell {
  var title = ""
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    paint.fill(bounds(width, height), Palette.bar)
    paint.text(
      title, x: 12, y: height / 2 + 5, size: 14, isSelected ? Palette.accent : Palette.text,
      bold: isSelected)
  }
}

/// The option bar: categories of their own widths in a strip; a click or ← → selects, and the
/// indicator slides under the selected one, following the strip as it scrolls.
final class OptionBarPage: GTKPage, OptionBarDataSource, OptionBarDelegate {
  let name = "optionbar"
  let title = "Option bar"
  let host: CollectionViewWidget
  let widget: UnsafeMutablePointer<GtkWidget>
  let bar: OptionBar
  private let categories: [String]
  private let indicator: UnsafeMutablePointer<GtkWidget>
  private let detail: UnsafeMutablePointer<GtkWidget>
  /// Where the indicator is drawn (glides toward the selected column) and where it goes.
  private var drawn = Rect(x: 0, y: 0, width: 0, height: 0)
  private var target = Rect(x: 0, y: 0, width: 0, height: 0)
  private var glideID: guint = 0

  init(content: GalleryContent) {
    let tags = DemoData.tagGroups.flatMap(\.1)
    categories = content.isFromFile ? content.sections.map(\.title) : tags
    bar = OptionBar()
    bar.collectionView.diagnostics.handler = nil
    bar.indicatorHeight = 4
    bar.register(CategoryCell.self, forCellWithReuseIdentifier: "category")
    host = CollectionViewWidget(collectionView: bar.collectionView)
    widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    indicator = gtk_drawing_area_new()
    detail = gtk_drawing_area_new()
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
    let draw:
      @convention(c) (
        UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?
      ) -> Void = { _, cr, _, height, data in
        guard let cr, let data else { return }
        let page = Unmanaged<OptionBarPage>.fromOpaque(data).takeUnretainedValue()
        Painter(cr: cr).fill(
          Rect(x: page.drawn.minX, y: 0, width: page.drawn.width, height: Double(height)),
          Palette.accent, radius: 2)
      }
    indicator.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) {
      gtk_drawing_area_set_draw_func($0, draw, Unmanaged.passUnretained(self).toOpaque(), nil)
    }
    let drawDetail:
      @convention(c) (
        UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?
      ) -> Void = { _, cr, width, height, data in
        guard let cr, let data else { return }
        let page = Unmanaged<OptionBarPage>.fromOpaque(data).takeUnretainedValue()
        let paint = Painter(cr: cr)
        paint.fill(
          Rect(x: 0, y: 0, width: Double(width), height: Double(height)), Palette.background)
        let selected = page.bar.selectedIndex
        let colour = Palette.swatches[(selected ?? 0) % Palette.swatches.count]
        paint.fill(Rect(x: 40, y: 40, width: 120, height: 120), colour, radius: 16)
        paint.text(
          selected.map { page.categories[$0] } ?? "nothing selected", x: 190, y: 110, size: 36,
          Palette.text, bold: true)
        paint.text(
          "click a category, drag the strip, or press ← →", x: 190, y: 145, size: 14, Palette.dim)
      }
    detail.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) {
      gtk_drawing_area_set_draw_func($0, drawDetail, Unmanaged.passUnretained(self).toOpaque(), nil)
    }
    bar.dataSource = self
    bar.delegate = self
    host.didPlaceViews = { [unowned self] in followSelection() }
    bar.select(0, animated: false)
  }

  /// The gallery takes `didPlaceViews` for its status line: the indicator follows it too.
  func reconnectIndicator() {
    let status = host.didPlaceViews
    host.didPlaceViews = { [unowned self] in
      followSelection()
      status?()
    }
  }

  var status: String {
    (bar.selectedIndex.map { "selected \(categories[$0])" } ?? "nothing selected")
      + " · \(categories.count) categories"
  }

  func handleKey(_ keyval: guint) -> Bool {
    let current = bar.selectedIndex ?? 0
    switch keyval {
    case KeyValue.left: bar.select(max(0, current - 1), animated: true)
    case KeyValue.right: bar.select(min(categories.count - 1, current + 1), animated: true)
    default: return false
    }
    host.layoutAndPlace()
    return true
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
          let page = Unmanaged<OptionBarPage>.fromOpaque(data!).takeUnretainedValue()
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

  func numberOfColumns(in optionBar: OptionBar) -> Int { categories.count }
  func optionBar(_ optionBar: OptionBar, cellForColumnAt index: Int) -> CollectionViewCell {
    let cell = optionBar.dequeueReusableCell(
      CategoryCell.self, withReuseIdentifier: "category", forColumnAt: index)
    cell.title = categories[index]
    cell.setNeedsDisplay()
    return cell
  }
  func optionBar(_ optionBar: OptionBar, widthForColumnAt index: Int) -> Double {
    24 + 8.5 * Double(categories[index].count)
  }
}
