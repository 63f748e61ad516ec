import CGtk
import GalleryCore
import ReuseControls
import ReuseGTK
import ReuseKit

/// The waterfall: photo tiles of their own heights in three columns, the next page loading
/// near the end.
final class WaterfallPage: GTKPage, CollectionViewDataSource {
  let name = "waterfall"
  let title = "Waterfall"
  let host: CollectionViewWidget
  var widget: UnsafeMutablePointer<GtkWidget> { host.widget }
  private let waterfall: WaterfallView
  private let titles: [String]
  private var count: Int

  init(content: GalleryContent) {
    titles = content.titles.isEmpty ? ["Photo"] : content.titles
    count = min(titles.count, 60)
    let layout = WaterfallLayout(
      columns: .fixed(3),
      itemHeight: .perItem { path, width in width * Double(70 + (path.item &* 37) % 90) / 100 },
      columnSpacing: 0, itemSpacing: 0)
    waterfall = WaterfallView(layout: layout)
    waterfall.collectionView.diagnostics.handler = nil
    waterfall.collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
    host = CollectionViewWidget(collectionView: waterfall.collectionView)
    waterfall.collectionView.dataSource = self
    waterfall.loadMoreHandler = { [unowned self] view in
      let more = min(titles.count, count + 60)
      guard more > count else { return }
      let paths = (count..<more).map { ItemPath(section: 0, item: $0) }
      count = more
      view.collectionView.insertItems(at: paths)
      view.resetLoadMore()
    }
  }

  var status: String {
    "\(count) of \(titles.count) photos · visible \(waterfall.collectionView.reuseCounters.visible)"
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { count }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      PhotoCell.self, withReuseIdentifier: "photo", for: indexPath)
    cell.index = indexPath.item
    cell.title = titles[indexPath.item % titles.count]
    cell.setNeedsDisplay()
    return cell
  }
}

/// The carousel: cards with their neighbours peeking, scaled down at the sides; wraps, and
/// moves on by itself every 3 s (`w` and `a` toggle them).
final class CarouselPage: GTKPage, CarouselDataSource {
  let name = "carousel"
  let title = "Carousel"
  let host: CollectionViewWidget
  var widget: UnsafeMutablePointer<GtkWidget> { host.widget }
  let carousel: Carousel
  private let titles: [String]

  init(content: GalleryContent, autoscroll: Bool = true) {
    titles = Array(content.titles.prefix(12))
    carousel = Carousel(layout: CarouselLayout(peekInset: 90, spacing: 24, verticalInset: 40))
    carousel.collectionView.diagnostics.handler = nil
    carousel.register(CardCell.self, forCellWithReuseIdentifier: "card")
    host = CollectionViewWidget(collectionView: carousel.collectionView)
    carousel.dataSource = self
    carousel.wraps = true
    carousel.autoscrollInterval = autoscroll ? 3 : nil
    host.control = (
      { [unowned carousel] time in carousel.tick(now: time) },
      { [unowned carousel] in carousel.collectionView.isAnimating },
      { [unowned carousel] in carousel.nextTickTime }
    )
  }

  var status: String {
    "card \(carousel.targetIndex + 1) of \(titles.count) · wrap "
      + (carousel.wraps ? "on" : "off") + " · autoscroll "
      + (carousel.autoscrollInterval == nil ? "off" : "every 3 s")
  }

  func handleKey(_ keyval: guint) -> Bool {
    switch keyval {
    case KeyValue.left: carousel.step(by: -1)
    case KeyValue.right: carousel.step(by: 1)
    case 0x77: carousel.wraps.toggle()  // w
    case 0x61: carousel.autoscrollInterval = carousel.autoscrollInterval == nil ? 3 : nil  // a
    default: return false
    }
    host.layoutAndPlace()
    return true
  }

  func numberOfItems(in carousel: Carousel) -> Int { titles.count }
  func carousel(_ carousel: Carousel, cellForItemAt index: Int, slot: Int) -> CollectionViewCell {
    let cell = carousel.dequeueReusableCell(
      CardCell.self, withReuseIdentifier: "card", forSlot: slot)
    cell.index = index
    cell.title = titles[index]
    cell.caption = "a photo essay · \(3 + (index * 7) % 12) min read"
    cell.setNeedsDisplay()
    return cell
  }
}

/// A colour swatch of the picker: the colour, inset more the smaller the size row, and its name.
final class SwatchCell: GTKCell, ConfigurableCell {
  var swatch = Swatch(colour: 0, size: 0)
  func configure(with item: Swatch, at indexPath: ItemPath) {
    swatch = item
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let inset = 6.0 + Double(swatch.size) * 3
    paint.fill(
      Rect(x: inset, y: inset, width: width - 2 * inset, height: height - 2 * inset),
      Palette.swatches[swatch.colour % 8], radius: 10)
    paint.text(
      PickerPage.names[swatch.colour % 8], x: inset + 8, y: height - inset - 8, size: 12,
      Palette.background, bold: true)
  }
}

/// One model of the picker: a colour in a size.
struct Swatch: Hashable {
  var colour: Int
  var size: Int
}

/// The four-direction picker: rows of sizes, columns of colours; a drag moves one axis and
/// snaps; ← → change the colour in every row at once, ↑ ↓ the size.
final class PickerPage: GTKPage, FourWayPickerDelegate {
  static let names = ["red", "orange", "amber", "lime", "teal", "sky", "blue", "violet"]
  let name = "picker"
  let title = "Picker"
  let host: CollectionViewWidget
  var widget: UnsafeMutablePointer<GtkWidget> { host.widget }
  let picker: FourWayPicker<Swatch>
  private var chosen: Swatch?

  init() {
    let rows = (0..<4).map { size in (0..<8).map { Swatch(colour: $0, size: size) } }
    picker = FourWayPicker(
      rows: rows, cell: SwatchCell.self, itemSize: .fixed(Size(width: 140, height: 140)))
    picker.collectionView.diagnostics.handler = nil
    host = CollectionViewWidget(collectionView: picker.collectionView)
    picker.delegate = self
    host.control = (
      { [unowned picker] time in _ = picker.tick(now: time) },
      { [unowned picker] in picker.isAnimating }, { nil }
    )
    host.interactive = picker
  }

  var status: String {
    let model = picker.currentModel
    return "size \((model?.size ?? 0) + 1) of 4 · colour \(Self.names[model?.colour ?? 0])"
      + " · chosen: \(chosen.map { Self.names[$0.colour] } ?? "none")"
  }

  func handleKey(_ keyval: guint) -> Bool { host.handleKey(keyval) }

  func fourWayPicker(_ picker: FourWayPicker<Swatch>, didSelect model: Swatch) { chosen = model }
}
