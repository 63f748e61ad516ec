import CGtk
import ReuseKit

/// The standard cell in GTK: `ListContent` drawn with cairo and Pango (the symbol, the text,
/// the secondary text dimmed, the accessories at the end), the focused row marked at its
/// leading edge and the selection tinted, in the system's dark or light look. A
/// ``CollectionViewWidget`` registers it in place of the core's headless `ListContentCell`, so
/// a declared collection with standard content shows in a window unchanged.
public final class GTKListContentCell: ListContentCell, GTKDrawable {
  /// The cell's widget, made when the host first shows the cell.
  public private(set) lazy var drawing = DrawingWidget(
    role: GTK_ACCESSIBLE_ROLE_LIST_ITEM, owner: self)

  public required init() { super.init() }

  public override var isSelected: Bool {
    didSet { if isSelected != oldValue { setNeedsDisplay() } }
  }

  /// Queues a draw of the widget.
  public override func setNeedsDisplay() { drawing.setNeedsDisplay() }

  /// Draws the content.
  public func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let look = StandardLook.current
    if isSelected || isHighlighted {
      look.selection.fill(cr, x: 0, y: 0, width: width, height: height)
    }
    if isFocused { look.accent.fill(cr, x: 0, y: 0, width: 4, height: height) }
    StandardLook.draw(content, in: cr, width: width, height: height, look: look, bold: false)
  }
}

/// The standard header or footer in GTK: its text, bold, in the accent colour.
public final class GTKListContentSupplementaryView: ListContentSupplementaryView, GTKDrawable {
  /// The view's widget, made when the host first shows it.
  public private(set) lazy var drawing = DrawingWidget(
    role: GTK_ACCESSIBLE_ROLE_HEADING, owner: self)

  public required init() { super.init() }

  /// Queues a draw of the widget.
  public override func setNeedsDisplay() { drawing.setNeedsDisplay() }

  /// Draws the content, on the background: a pinned header covers the rows under it.
  public func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let look = StandardLook.current
    look.background.fill(cr, x: 0, y: 0, width: width, height: height)
    guard !content.text.isEmpty else { return }
    StandardLook.draw(content, in: cr, width: width, height: height, look: look, bold: true)
  }
}

/// The colours and metrics standard content is drawn with.
struct StandardLook {
  struct Colour {
    var r, g, b: Double
    init(_ hex: UInt32) {
      r = Double((hex >> 16) & 0xFF) / 255
      g = Double((hex >> 8) & 0xFF) / 255
      b = Double(hex & 0xFF) / 255
    }
    func fill(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
      cairo_set_source_rgb(cr, r, g, b)
      cairo_rectangle(cr, x, y, width, height)
      cairo_fill(cr)
    }
    func use(_ cr: OpaquePointer) { cairo_set_source_rgb(cr, r, g, b) }
  }

  var text: Colour
  var dim: Colour
  var accent: Colour
  var selection: Colour
  /// Behind headers and footers (a pinned header hides what scrolls under it).
  var background: Colour

  /// The dark or light look, as the system prefers.
  static var current: StandardLook {
    reusekit_prefers_dark() != 0
      ? StandardLook(
        text: Colour(0xC0CAF5), dim: Colour(0x7A88B8), accent: Colour(0x7AA2F7),
        selection: Colour(0x2F3549), background: Colour(0x1A1B26))
      : StandardLook(
        text: Colour(0x1F2335), dim: Colour(0x5A6384), accent: Colour(0x2E5BD8),
        selection: Colour(0xD5DEF5), background: Colour(0xE9EBF2))
  }

  /// What an accessory shows.
  static func text(for accessory: ListContent.Accessory) -> String {
    switch accessory {
    case .disclosure: "›"
    case .checkmark: "✓"
    case .badge(let text): text
    case .toggle(let isOn): isOn ? "On" : "Off"
    case .reorder: "≡"
    }
  }

  /// One line: the symbol and text from the leading edge, the accessories (and before them the
  /// secondary text) from the trailing edge, each cut with "…" rather than overlapping.
  static func draw(
    _ content: ListContent, in cr: OpaquePointer, width: Double, height: Double,
    look: StandardLook, bold: Bool
  ) {
    let size = min(15, max(9, height * 0.45))
    let baseline = height / 2 + size * 0.35
    var trailing = width - 12
    for accessory in content.accessories.reversed() {
      let label = text(for: accessory)
      let labelWidth = reusekit_text_width(cr, label, size, 0)
      guard trailing - labelWidth > width / 2 else { break }
      trailing -= labelWidth
      (accessory == .checkmark ? look.accent : look.dim).use(cr)
      reusekit_draw_text(cr, label, trailing, baseline, size, 0, 0)
      trailing -= 10
    }
    if let secondary = content.secondaryText, !secondary.isEmpty {
      let room = min(reusekit_text_width(cr, secondary, size, 0), (trailing - 12) / 3)
      if room > size {
        trailing -= room
        look.dim.use(cr)
        reusekit_draw_text(cr, secondary, trailing, baseline, size, 0, room)
        trailing -= 12
      }
    }
    var x = 12.0
    if let outline = content.outline {
      // 18 points a level, then the triangle (or room for one).
      x += 18 * Double(min(max(0, outline.level), 32))
      if outline.hasChildren {
        look.dim.use(cr)
        reusekit_draw_text(cr, outline.isExpanded ? "▾" : "▸", x, baseline, size, 0, 0)
      }
      x += size + 6
    }
    if let symbol = content.symbol, !symbol.isEmpty {
      look.text.use(cr)
      reusekit_draw_text(cr, symbol, x, baseline, size, 0, 0)
      x += reusekit_text_width(cr, symbol, size, 0) + 8
    }
    (bold ? look.accent : look.text).use(cr)
    reusekit_draw_text(cr, content.text, x, baseline, size, bold ? 1 : 0, max(1, trailing - x))
  }
}

extension CollectionViewWidget {
  /// Registers the GTK standard cell and header and footer views in place of the core's
  /// headless ones (unless a class of the app's own is registered for cells).
  func registerStandardViews() {
    let registered = collectionView.cellRegistration(
      forReuseIdentifier: ListContentCell.reuseIdentifier)
    var isOurs = registered == nil
    if case .type(let type) = registered, type == ListContentCell.self { isOurs = true }
    if isOurs {
      collectionView.register(
        GTKListContentCell.self, forCellWithReuseIdentifier: ListContentCell.reuseIdentifier)
    }
    for kind in [SupplementaryKind.header, .footer] {
      collectionView.register(
        GTKListContentSupplementaryView.self, forSupplementaryViewOfKind: kind,
        withReuseIdentifier: "\(ListContentSupplementaryView.reuseIdentifier).\(kind.rawValue)")
    }
  }
}
