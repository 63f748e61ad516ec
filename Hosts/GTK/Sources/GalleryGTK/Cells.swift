import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

// The GTK gallery's cells: each draws with cairo what a page model hands it.

/// A list row: the title, the detail at the right, a bar when selected; the focused row
/// highlighted while its list has the keyboard focus.
final class RowCell: GTKCell, RowPresenting {
  var title = ""
  var detail = ""
  var colorIndex = 0
  var isStriped = false
  var expandedLines: [String] = [] {
    didSet { if expandedLines != oldValue { setNeedsDisplay() } }
  }
  var showsFocus = true {
    didSet { if showsFocus != oldValue { setNeedsDisplay() } }
  }
  func present(title: String, detail: String, colorIndex: Int, isStriped: Bool) {
    (self.title, self.detail, self.colorIndex, self.isStriped) = (
      title, detail, colorIndex, isStriped
    )
    accessibilityLabel = title
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let background =
      isFocused && showsFocus
      ? Palette.bar.mixed(Palette.accent, 0.25)
      : (isStriped ? Palette.bar.mixed(Palette.surface, 0.6) : Palette.surface)
    paint.fill(bounds(width, height), background)
    paint.fill(Rect(x: 0, y: height - 1, width: width, height: 1), Palette.background)
    paint.fill(
      Rect(x: 0, y: 0, width: 5, height: height),
      isSelected ? Palette.selection : Palette.swatches[colorIndex % Palette.swatches.count])
    let detailWidth = TextMeasure.width(detail, size: 12)
    // The first 44 pixels are the row; an expanded row shows its details below, as far as it
    // has grown.
    let line = expandedLines.isEmpty ? height / 2 + 5 : 27
    paint.text(
      title, x: 16, y: line, size: 14, Palette.text, bold: isSelected,
      maxWidth: max(1, width - detailWidth - 48))
    paint.text(detail, x: width - detailWidth - 16, y: line, size: 12, Palette.dim)
    for (index, text) in expandedLines.enumerated() where 44 + Double(index) * 22 + 16 < height {
      paint.text(
        text, x: 28, y: 44 + Double(index) * 22 + 14, size: 12, Palette.dim,
        maxWidth: max(1, width - 44))
    }
  }
}

/// A section header, pinned while its section scrolls: its title, and a count when it has one.
final class HeaderView: GTKSupplementaryView, CountedTitlePresenting {
  var title = "" {
    didSet { if title != oldValue { setNeedsDisplay() } }
  }
  var count = -1 {
    didSet { if count != oldValue { setNeedsDisplay() } }
  }
  /// What it draws: its title, and its count when it has one.
  var drawnText: String { count >= 0 ? "\(title) · \(count)" : title }
  override var accessibilityLabel: String? {
    get { count >= 0 ? "\(title), \(count) items" : title }
    set {}
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    paint.fill(bounds(width, height), Palette.bar)
    paint.text(
      drawnText, x: 12, y: height / 2 + 5, size: 13, Palette.accent, bold: true,
      maxWidth: max(1, width - 24))
  }
}

/// A task of the data-source page: its colour bar (the reorder grip), a box, its title and
/// its tag.
final class TaskCell: GTKCell, TaskPresenting {
  override var accessibilityLabel: String? {
    get { spokenTitle }
    set {}
  }
  override var accessibilityValue: String? {
    get { spokenDetail }
    set {}
  }
  var task: TaskItem?
  var texts = TaskTexts()
  var isDone = false {
    didSet { if isDone != oldValue { setNeedsDisplay() } }
  }
  func configure(with item: TaskItem, at indexPath: ItemPath) {
    task = item
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    guard let task else { return }
    let paint = Painter(cr: cr)
    paint.fill(
      bounds(width, height), isFocused ? Palette.bar.mixed(Palette.accent, 0.3) : Palette.surface)
    paint.fill(Rect(x: 0, y: height - 1, width: width, height: 1), Palette.background)
    paint.fill(
      Rect(x: 0, y: 0, width: 8, height: height),
      Palette.swatches[abs(task.id) % Palette.swatches.count])
    paint.text(isDone ? "☑" : "☐", x: 18, y: height / 2 + 5, size: 14, Palette.text)
    let tag = "#" + texts.tag(of: task) + (task.edits > 0 ? " ✎\(task.edits)" : "")
    // The tag takes at most a third of the row; the title what is left, cut with "…".
    let tagWidth = min(TextMeasure.width(tag, size: 12), width / 3)
    paint.text(
      texts.title(of: task), x: 42, y: height / 2 + 5, size: 14,
      isDone ? Palette.dim : Palette.text, bold: isSelected,
      maxWidth: max(1, width - tagWidth - 42 - 32))
    paint.text(
      tag, x: width - tagWidth - 16, y: height / 2 + 5, size: 12, Palette.dim,
      maxWidth: tagWidth + 1)
  }
}

/// A photo tile: a gradient in the item's colours, its title and likes on a band at the
/// bottom; a new one (the last page loaded) marked.
final class PhotoCell: GTKCell, PhotoPresenting {
  var title = ""
  var likes = 0
  var colorIndex = 0
  var isNew = false
  func present(title: String, likes: Int, colorIndex: Int, isNew: Bool) {
    (self.title, self.likes, self.colorIndex, self.isNew) = (title, likes, colorIndex, isNew)
    accessibilityLabel = title
    accessibilityValue = "\(likes) likes"
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let colours = Palette.swatches
    let top = colours[colorIndex % colours.count]
    let bottom = colours[(colorIndex * 3 + 2) % colours.count].mixed(Palette.background, 0.4)
    let frame = Rect(x: 3, y: 3, width: width - 6, height: height - 6)
    paint.gradient(frame, top, bottom, radius: 8)
    if isFocused {
      paint.fill(Rect(x: 3, y: 3, width: 4, height: height - 6), Palette.accent)
    }
    paint.fill(Rect(x: 3, y: height - 27, width: width - 6, height: 24), Palette.background)
    let likes = "♥ \(self.likes)" + (isNew ? " · new" : "")
    let likesWidth = TextMeasure.width(likes, size: 11)
    paint.text(
      title, x: 10, y: height - 10, size: 12, isSelected ? Palette.selection : Palette.text,
      maxWidth: max(1, width - likesWidth - 28))
    paint.text(likes, x: width - likesWidth - 10, y: height - 10, size: 11, Palette.dim)
  }
}

/// A carousel card: a large gradient with its title, caption and number.
final class CardCell: GTKCell, CardPresenting {
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_GROUP }
  var title = ""
  var caption = ""
  var number = 0
  var count = 0
  var colorIndex = 0
  var isChosen = false {
    didSet { if isChosen != oldValue { setNeedsDisplay() } }
  }
  func present(
    title: String, caption: String, number: Int, count: Int, colorIndex: Int, isChosen: Bool
  ) {
    (self.title, self.caption, self.number, self.count) = (title, caption, number, count)
    self.colorIndex = colorIndex
    self.isChosen = isChosen
    accessibilityLabel = title
    accessibilityValue = caption
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let colours = Palette.swatches
    paint.gradient(
      bounds(width, height), colours[colorIndex % colours.count],
      colours[(colorIndex + 3) % colours.count].mixed(Palette.background, 0.5), radius: 16)
    paint.text("\(number + 1) / \(count)", x: 20, y: 32, size: 13, Palette.ink)
    if isChosen { paint.text("✓ selected", x: width - 110, y: 32, size: 13, Palette.ink) }
    paint.text(
      title, x: 20, y: height - 48, size: 22, Palette.ink, bold: true,
      maxWidth: max(1, width - 40))
    paint.text(
      caption, x: 20, y: height - 22, size: 13, Palette.ink, maxWidth: max(1, width - 40))
  }
}

/// A swatch of the picker: its colour, its names and size; the centred one framed, the
/// chosen one marked.
final class SwatchCell: GTKCell, ConfigurableCell {
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_GRID_CELL }
  var swatch: PickerSwatch?
  func configure(with item: PickerSwatch, at indexPath: ItemPath) {
    swatch = item
    accessibilityLabel = "\(item.localName) \(item.colorName)"
    accessibilityValue = item.size
    setNeedsDisplay()
  }
  /// The centred swatch changes as rows and the column move: draw again when placed.
  override func apply(_ layoutAttributes: LayoutAttributes) { setNeedsDisplay() }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    guard let swatch else { return }
    let paint = Painter(cr: cr)
    let colour = RGB(swatch.rgb)
    let ink =
      colour.r * 0.3 + colour.g * 0.59 + colour.b * 0.11 > 0.5 ? RGB(0x111111) : RGB(0xF5F5F5)
    paint.fill(Rect(x: 6, y: 6, width: width - 12, height: height - 12), colour, radius: 10)
    if swatch.isCentred {
      cairo_set_source_rgb(cr, ink.r, ink.g, ink.b)
      cairo_set_line_width(cr, 3)
      cairo_rectangle(cr, 9, 9, width - 18, height - 18)
      cairo_stroke(cr)
    }
    paint.text(
      "\(swatch.localName) \(swatch.colorName)", x: 16, y: height / 2, size: 13, ink, bold: true,
      maxWidth: max(1, width - 24))
    paint.text(swatch.size, x: 16, y: height / 2 + 18, size: 12, ink)
    if swatch.isChosen { paint.text("✓ chosen", x: 16, y: height - 18, size: 12, ink, bold: true) }
  }
}

/// A category of the option bar: bold and accented when selected.
final class CategoryCell: GTKCell, TitlePresenting {
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_TAB }
  var title = "" {
    didSet {
      accessibilityLabel = title
      if title != oldValue { setNeedsDisplay() }
    }
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    paint.fill(bounds(width, height), Palette.bar)
    let textWidth = min(TextMeasure.width(title, bold: isSelected), width - 8)
    paint.text(
      title, x: (width - textWidth) / 2, y: height / 2 + 5, size: 14,
      isSelected ? Palette.accent : Palette.text, bold: isSelected, maxWidth: textWidth + 1)
  }
}

/// A row of the outline page: indented by its level, a disclosure triangle (pointing right
/// when closed, down when open) when it has children, its name, and what it holds at the
/// right; a tree item to assistive technology, which the host tells its level, place among
/// its siblings and expansion.
final class OutlineRowCell: GTKCell, OutlinePresenting {
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_TREE_ITEM }
  var name = ""
  var detail = ""
  var level = 0
  var hasChildren = false
  var isExpanded = false
  /// Whether it shows stuck over the rows (a parent of the rows at the top).
  var isStuck = false {
    didSet { if isStuck != oldValue { setNeedsDisplay() } }
  }

  /// Stuck rows draw on top, above 40 (the layout's stacked headers).
  override func apply(_ layoutAttributes: LayoutAttributes) {
    super.apply(layoutAttributes)
    isStuck = layoutAttributes.zIndex >= 40
  }

  /// The indentation of a level, and the disclosure's box (for clicks): from the row's left.
  static let indent = 22.0
  static func disclosureBox(level: Int) -> ClosedRange<Double> {
    let left = 10 + indent * Double(level)
    return left...(left + 20)
  }

  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let background =
      isFocused
      ? Palette.bar.mixed(Palette.accent, 0.25)
      : (isSelected
        ? Palette.selection.mixed(Palette.surface, 0.75)
        : (isStuck ? Palette.bar.mixed(Palette.surface, 0.5) : Palette.surface))
    paint.fill(bounds(width, height), background)
    paint.fill(
      Rect(x: 0, y: height - 1, width: width, height: 1),
      isStuck ? Palette.accent.mixed(Palette.background, 0.6) : Palette.background)
    let box = Self.disclosureBox(level: level)
    if hasChildren {
      // A small triangle: ▸ closed, ▾ open.
      let centre = (x: box.lowerBound + 8, y: height / 2)
      let points =
        isExpanded
        ? [(centre.x - 5, centre.y - 3), (centre.x + 5, centre.y - 3), (centre.x, centre.y + 4)]
        : [(centre.x - 3, centre.y - 5), (centre.x - 3, centre.y + 5), (centre.x + 4, centre.y)]
      cairo_move_to(cr, points[0].0, points[0].1)
      for point in points.dropFirst() { cairo_line_to(cr, point.0, point.1) }
      cairo_close_path(cr)
      let color = Palette.accent
      cairo_set_source_rgb(cr, color.r, color.g, color.b)
      cairo_fill(cr)
    }
    let mark = isSelected ? "✓ " : ""
    let detailWidth = TextMeasure.width(detail, size: 12)
    paint.text(
      mark + name, x: box.upperBound + 4, y: height / 2 + 5, size: 14, Palette.text,
      bold: level == 0 || isSelected, maxWidth: max(1, width - box.upperBound - detailWidth - 36))
    paint.text(detail, x: width - detailWidth - 16, y: height / 2 + 5, size: 12, Palette.dim)
  }
}

/// A row of the GTK model page made of GTK's own widgets (a `GTKWidgetCell`): a check button,
/// the word in a label that ellipsizes, and its place in a dimmed label; GTK's theme styles
/// them. Set up once per cell; bound by the page's cell provider; a toggle reports the bound
/// row through `onToggle`.
final class WordRowCell: GTKWidgetCell {
  private(set) var check: UnsafeMutablePointer<GtkWidget>!
  private(set) var label: UnsafeMutablePointer<GtkWidget>!
  private(set) var place: UnsafeMutablePointer<GtkWidget>!
  /// Told (row, checked) when the user toggles the check button.
  var onToggle: ((ItemPath, Bool) -> Void)?
  private var isBinding = false

  override func setUp() -> UnsafeMutablePointer<GtkWidget> {
    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)!
    gtk_widget_set_margin_start(row, 12)
    gtk_widget_set_margin_end(row, 16)
    check = gtk_check_button_new()
    label = gtk_label_new("")
    place = gtk_label_new("")
    gtk_widget_set_hexpand(label, 1)
    gtk_widget_set_valign(row, GTK_ALIGN_CENTER)
    gtk_label_set_xalign(OpaquePointer(label), 0)
    gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
    gtk_widget_add_css_class(place, "dim-label")
    row.withMemoryRebound(to: GtkBox.self, capacity: 1) { box in
      for widget in [check!, label!, place!] { gtk_box_append(box, widget) }
    }
    Signal.plain(
      gpointer(check),
      "toggled",
      { button, data in
        let cell = Unmanaged<WordRowCell>.fromOpaque(data!).takeUnretainedValue()
        guard !cell.isBinding, let row = cell.boundIndexPath else { return }
        cell.onToggle?(row, gtk_check_button_get_active(UnsafeMutablePointer(button)) != 0)
      }, Unmanaged.passUnretained(self).toOpaque())
    return row
  }

  /// Binds the row to a word.
  func bind(word: String, place number: Int, checked: Bool, at indexPath: ItemPath) {
    isBinding = true
    defer { isBinding = false }
    bound(to: indexPath)
    gtk_label_set_text(OpaquePointer(label), word)
    gtk_label_set_text(OpaquePointer(place), "#\(number)")
    check.withMemoryRebound(to: GtkCheckButton.self, capacity: 1) {
      gtk_check_button_set_active($0, checked ? 1 : 0)
    }
    accessibilityLabel = word
    accessibilityValue = checked ? "checked" : nil
  }

  /// The word shown (for tests).
  var word: String {
    String(cString: gtk_label_get_text(OpaquePointer(label)))
  }

  override func tearDown() {
    Signal.disconnectAll(gpointer(check), data: Unmanaged.passUnretained(self).toOpaque())
  }
}

/// A cell of the table page: its text (numbers to the right), a dot while its row loads, the
/// cursor and the selection; a hairline at its bottom.
final class TableTextCell: GTKCell, TableCellPresenting {
  /// A grid cell for assistive technology.
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_GRID_CELL }
  var text: String?
  var isNumeric = false
  func present(text: String?, isNumeric: Bool) {
    self.text = text
    self.isNumeric = isNumeric
    setNeedsDisplay()
  }
  /// As wide as its text and a margin on each side: a fitting column grows to the widest cell
  /// it has shown.
  override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    Size(width: TextMeasure.width(text ?? "", size: 13) + 20, height: proposedSize.height)
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let background =
      isFocused
      ? Palette.accent
      : (isSelected ? Palette.selection.mixed(Palette.surface, 0.7) : Palette.surface)
    paint.fill(bounds(width, height), background)
    paint.fill(Rect(x: 0, y: height - 1, width: width, height: 1), Palette.background)
    let color = isFocused ? Palette.ink : Palette.text
    guard let text else {
      paint.text("·", x: 10, y: height / 2 + 5, size: 13, Palette.dim)
      return
    }
    let room = max(1, width - 20)
    let textWidth = TextMeasure.width(text, size: 13)
    let x = isNumeric && textWidth < room ? 10 + room - textWidth : 10
    paint.text(text, x: x, y: height / 2 + 5, size: 13, color, bold: isFocused, maxWidth: room)
  }
}

/// A column header of the table page: bold on the bar colour, ↑ or ↓ when the table is sorted
/// by it, a grip line at its right edge (where a drag resizes the column).
final class TableHeaderCell: GTKSupplementaryView, TableHeaderPresenting {
  /// A column header for assistive technology.
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_COLUMN_HEADER }
  var title = ""
  var sortedAscending: Bool?
  var isNumeric = false
  func present(title: String, sortedAscending: Bool?, isNumeric: Bool) {
    (self.title, self.sortedAscending, self.isNumeric) = (title, sortedAscending, isNumeric)
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    paint.fill(bounds(width, height), Palette.bar)
    paint.fill(Rect(x: width - 2, y: 6, width: 1, height: height - 12), Palette.dim)
    let label = title + (sortedAscending.map { $0 ? " ↑" : " ↓" } ?? "")
    let room = max(1, width - 20)
    let labelWidth = TextMeasure.width(label, size: 13, bold: true)
    let x = isNumeric && labelWidth < room ? 10 + room - labelWidth : 10
    paint.text(
      label, x: x, y: height / 2 + 5, size: 13, Palette.accent, bold: true, maxWidth: room)
  }
}

/// A card of the board page: a colour mark for its topic, its title and its topic; faded while
/// a drag carries it.
final class BoardCardGTKCell: GTKCell, BoardCardPresenting {
  var card: BoardCard?
  var showsFocus = true
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    guard let shown = card else { return }
    let isFocused = isFocused && showsFocus
    let (id, title, topic) = (shown.id, shown.title, shown.topic)
    let paint = Painter(cr: cr)
    let card = Rect(x: 4, y: 3, width: max(0, width - 8), height: max(0, height - 6))
    paint.fill(bounds(width, height), Palette.background)
    let fill =
      isDragged
      ? Palette.background.mixed(Palette.surface, 0.4)
      : isFocused
        ? Palette.bar.mixed(Palette.accent, 0.3)
        : (isSelected ? Palette.surface.mixed(Palette.selection, 0.18) : Palette.surface)
    paint.fill(card, fill, radius: 6)
    let mark = Palette.swatches[id % Palette.swatches.count]
    paint.fill(Rect(x: 4, y: 3, width: 5, height: card.height), isDragged ? Palette.dim : mark)
    let color = isDragged ? Palette.dim : Palette.text
    let check = isSelected ? "✓ " : ""
    let topicWidth = min(TextMeasure.width("#" + topic, size: 11), card.width / 3)
    paint.text(
      check + title, x: 16, y: height / 2 + 5, size: 13, color, bold: isSelected,
      maxWidth: max(1, card.width - topicWidth - 28))
    paint.text(
      "#" + topic, x: card.maxX - topicWidth - 8, y: height / 2 + 5, size: 11,
      isDragged ? Palette.dim : mark, maxWidth: topicWidth + 1)
  }
}

/// A tile of the store page: a featured card (a gradient, its title and story line), an app
/// (a rounded icon, its name, its line and stars), an app two columns wide, or a banner across
/// the grid; the focused one framed in the accent.
final class StoreTileCell: GTKCell, StorePresenting {
  override class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_GRID_CELL }
  var tile = StoreTile()
  var showsFocus = true {
    didSet { if showsFocus != oldValue { setNeedsDisplay() } }
  }

  func present(_ tile: StoreTile) {
    self.tile = tile
    accessibilityLabel = tile.title
    setNeedsDisplay()
  }

  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    let colours = Palette.swatches
    let colour = colours[tile.colorIndex % colours.count]
    let frame = bounds(width, height)
    switch tile.kind {
    case .feature:
      paint.gradient(
        frame, colour,
        colours[(tile.colorIndex + 3) % colours.count].mixed(Palette.background, 0.5),
        radius: 18)
      paint.fill(Rect(x: 20, y: 18, width: 92, height: 24), Palette.ink, radius: 12)
      paint.text("FEATURED", x: 31, y: 35, size: 11, colours[2], bold: true)
      paint.text(
        (isSelected ? "✓ " : "") + tile.title, x: 20, y: height - 44, size: 24, Palette.ink,
        bold: true, maxWidth: max(1, width - 40))
      paint.text(tile.subtitle, x: 20, y: height - 18, size: 13, Palette.ink)
    case .banner:
      paint.gradient(
        frame, colour.mixed(Palette.surface, 0.3), colour.mixed(Palette.background, 0.6), radius: 14
      )
      paint.text(
        (isSelected ? "✓ " : "") + tile.title, x: 22, y: height / 2 - 2, size: 18, Palette.ink,
        bold: true, maxWidth: max(1, width - 44))
      paint.text(tile.subtitle, x: 22, y: height / 2 + 20, size: 12, Palette.ink)
    case .app, .wideApp:
      paint.fill(frame, Palette.surface, radius: 14)
      let icon = min(56, height - 24)
      paint.fill(Rect(x: 12, y: 12, width: icon, height: icon), colour, radius: icon / 4)
      paint.text(
        String(tile.title.first ?? " "), x: 12 + icon / 2 - 8, y: 12 + icon / 2 + 8, size: 22,
        Palette.ink, bold: true)
      let x = tile.kind == .wideApp ? 24 + icon : 12.0
      let top = tile.kind == .wideApp ? 30.0 : 12 + icon + 18
      paint.text(
        (isSelected ? "✓ " : "") + tile.title, x: x, y: top, size: 13,
        isSelected ? Palette.selection : Palette.text, bold: true,
        maxWidth: max(1, width - x - 10))
      if tile.kind == .wideApp || height > top + 30 {
        paint.text(
          tile.subtitle, x: x, y: top + 18, size: 11, Palette.dim,
          maxWidth: max(1, width - x - 10))
      }
      let stars = String(repeating: "★", count: tile.rating / 10)
      paint.text(
        "\(stars) \(tile.rating / 10).\(tile.rating % 10)",
        x: tile.kind == .wideApp ? x : width - 74, y: tile.kind == .wideApp ? top + 36 : 12 + 14,
        size: 11, colours[2])
    }
    if isFocused && showsFocus {
      cairo_set_source_rgb(cr, Palette.accent.r, Palette.accent.g, Palette.accent.b)
      cairo_set_line_width(cr, 3)
      cairo_rectangle(cr, 1.5, 1.5, width - 3, height - 3)
      cairo_stroke(cr)
    }
  }
}
