import CGtk
import GalleryCore
import ReuseControls
import ReuseGTK
import ReuseKit

/// One page of the GTK gallery: a widget with a collection view (or a control) in it.
public protocol GTKPage: AnyObject {
  /// The page's name on the command line (`--demo`), as in the terminal gallery.
  var name: String { get }
  var title: String { get }
  /// The page's root widget.
  var widget: UnsafeMutablePointer<GtkWidget> { get }
  /// The main collection view's host.
  var host: CollectionViewWidget { get }
  /// Handles a key the window got; returns whether it was used.
  func handleKey(_ keyval: guint) -> Bool
  /// A line about the page's state, for the status bar.
  var status: String { get }
}

extension GTKPage {
  /// The host's keys: arrows, pages, Home, End, Enter.
  public func handleKey(_ keyval: guint) -> Bool { host.handleKey(keyval) }
}

/// What the pages show: the `--data` file's sections, or generated demo data.
public struct GalleryContent {
  /// Sections of items: a title and a detail each.
  public var sections: [(title: String, items: [(title: String, detail: String)])]
  /// Whether the content came from a `--data` file.
  public var isFromFile = false

  /// The file's sections, or `itemCount` demo items in sections of 50.
  public init(data: GalleryData?, itemCount: Int) {
    if let data, !data.sections.isEmpty {
      sections = data.sections.map { section in
        (section.title, section.items.map { ($0.title, $0.detail ?? "") })
      }
      isFromFile = true
      return
    }
    let count = max(0, itemCount)
    sections = stride(from: 0, to: count, by: DemoData.sectionSize).map { start in
      let section = start / DemoData.sectionSize
      let items = (start..<min(count, start + DemoData.sectionSize)).map {
        (DemoData.title(forItem: $0), "#\($0 + 1)")
      }
      return (DemoData.sectionTitle(section, itemCount: count), items)
    }
  }

  /// Every item's title, in order.
  var titles: [String] { sections.flatMap { $0.items.map(\.title) } }
}

// MARK: Cells

/// A list row: the title, the detail at the right, a bar when selected.
final class RowCell: GTKCell {
  var title = ""
  var detail = ""
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let background = isFocused ? Palette.bar.mixed(Palette.accent, 0.25) : Palette.surface
    paint.fill(bounds(width, height), background)
    paint.fill(Rect(x: 0, y: height - 1, width: width, height: 1), Palette.background)
    if isSelected { paint.fill(Rect(x: 0, y: 0, width: 5, height: height), Palette.selection) }
    paint.text(title, x: 16, y: height / 2 + 5, size: 14, Palette.text, bold: isSelected)
    paint.text(detail, x: width - 80, y: height / 2 + 5, size: 12, Palette.dim)
  }
}

/// A section header, pinned while its section scrolls.
final class HeaderView: GTKSupplementaryView {
  var title = ""
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    paint.fill(bounds(width, height), Palette.bar)
    paint.text(title, x: 12, y: height / 2 + 5, size: 13, Palette.accent, bold: true)
  }
}

/// A photo tile: a gradient in the item's colours, its title on a band at the bottom.
final class PhotoCell: GTKCell {
  var index = 0
  var title = ""
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let colours = Palette.swatches
    let top = colours[index % colours.count]
    let bottom = colours[(index * 3 + 2) % colours.count].mixed(Palette.background, 0.4)
    let frame = Rect(x: 3, y: 3, width: width - 6, height: height - 6)
    paint.gradient(frame, top, bottom, radius: 8)
    paint.fill(Rect(x: 3, y: height - 27, width: width - 6, height: 24), Palette.background)
    paint.text(
      title, x: 10, y: height - 10, size: 12, isSelected ? Palette.selection : Palette.text)
  }
}

/// A carousel card: a large gradient with its title and caption.
final class CardCell: GTKCell {
  var index = 0
  var title = ""
  var caption = ""
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let colours = Palette.swatches
    paint.gradient(
      bounds(width, height), colours[index % colours.count],
      colours[(index + 3) % colours.count].mixed(Palette.background, 0.5), radius: 16)
    paint.text(title, x: 20, y: height - 48, size: 22, Palette.background, bold: true)
    paint.text(caption, x: 20, y: height - 22, size: 13, Palette.background)
  }
}
