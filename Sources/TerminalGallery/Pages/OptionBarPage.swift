import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// The `optionbar` page: a strip of categories (``OptionBar``) with variable widths (each
/// name's width in terminal columns, CJK names counting two per character) and an indicator
/// under the selected one that follows while the strip scrolls. Below it, the selected
/// category's headlines and a log of the bar's delegate calls (selections with their origin:
/// tap, slide or code; reloads; cells shown and hidden).
///
/// `--items N` is the number of categories (the first ones are named, the rest numbered: try
/// 100,000); `--data` uses the file's section titles.
final class OptionBarPage: OptionsPage, ModelPage {
  /// The page itself: the categories, the delegate's log, keys and status (shared with other
  /// hosts).
  let model: CategoriesModel
  let pane: CollectionViewPane
  var frame = CellRect.zero

  init(options: GalleryOptions) {
    model = CategoriesModel(
      options: options, metrics: .terminal, viewportSize: Size(width: 80, height: 1))
    model.bar.register(
      CategoryCell.self, forCellWithReuseIdentifier: CategoriesModel.categoryIdentifier)
    pane = CollectionViewPane(collectionView: model.bar.collectionView)
    pane.background = TextStyle(foreground: Theme.text, background: Theme.bar)
    model.start()
  }

  private func name(_ index: Int) -> String { model.name(index) }

  // MARK: Page

  func layout(in frame: CellRect) { place(in: frame, height: 1) }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    context.text(" " + model.headline, x: 0, y: 0, style: Theme.title)
    pane.draw(into: canvas)
    guard frame.height > 2 else { return }
    // The indicator: under the selected column, where the strip has scrolled it.
    let indicatorRow = frame.y + 2
    canvas.fill(
      CellRect(x: frame.x, y: indicatorRow, width: frame.width, height: 1), style: Theme.plain)
    if let indicator = model.bar.indicatorFrame {
      let left = Int((indicator.minX - model.bar.collectionView.contentOffset.x).rounded())
      let width = Int(indicator.width.rounded())
      let rect = CellRect(x: pane.frame.x + left, y: indicatorRow, width: width, height: 1)
        .intersection(pane.frame.offsetBy(dx: 0, dy: 1))
      canvas.fill(rect, style: TextStyle(foreground: Theme.accent), character: "━")
    }
    drawBody(into: canvas)
  }

  private func drawBody(into canvas: Canvas) {
    let top = frame.y + 4
    let height = frame.y + frame.height - top
    guard height > 0 else { return }
    let logWidth = min(40, frame.width / 2)
    let left = DrawContext(
      canvas: canvas,
      frame: CellRect(x: frame.x, y: top, width: frame.width - logWidth, height: height),
      clip: frame)
    let right = DrawContext(
      canvas: canvas,
      frame: CellRect(x: frame.x + frame.width - logWidth, y: top, width: logWidth, height: height),
      clip: frame)
    if let selected = model.bar.selectedIndex {
      left.text(" \(name(selected))", x: 0, y: 0, style: Theme.title)
      drawItems(ofColumn: selected, into: left, rows: height - 2)
    } else {
      left.text(
        " Nothing selected: ← → or a click selects a category.", x: 0, y: 0, style: Theme.dim)
    }
    right.fill(TextStyle(background: Theme.surface))
    right.text(
      " delegate · shown \(model.displayed) · hidden \(model.ended)", x: 0, y: 0,
      style: TextStyle(foreground: Theme.dimText, background: Theme.surface))
    for (row, line) in model.log.prefix(max(0, height - 1)).enumerated() {
      right.text(
        " \(line)", x: 0, y: row + 1,
        style: TextStyle(foreground: Theme.text, background: Theme.surface))
    }
  }

  /// The selected category's items from `--data` (a title and its detail; taller items get
  /// their rows), or demo headlines; an empty section says so.
  private func drawItems(ofColumn column: Int, into context: DrawContext, rows: Int) {
    guard rows > 0 else { return }
    let items = model.items(ofColumn: column, count: rows)
    if items.isEmpty {
      context.text(" This section has no items.", x: 0, y: 2, style: Theme.dim)
      return
    }
    var y = 2
    for item in items {
      guard y < rows + 2 else { break }
      context.text(" • \(item.title)", x: 0, y: y, style: TextStyle(foreground: Theme.text))
      if let detail = item.detail, item.height > 1, y + 1 < rows + 2 {
        context.text("   \(detail)", x: 0, y: y + 1, style: Theme.dim)
      } else if let detail = item.detail {
        let used = CharacterWidth.of(" • \(item.title)")
        context.text(" · \(detail)", x: used, y: y, style: Theme.dim)
      }
      y += max(1, item.height)
    }
  }

  var restorableSelection: Int? {
    get { model.restorableSelection }
    set { model.restorableSelection = newValue }
  }

  /// A category.
  var restorableSelectionNoun: String { "category" }

  // MARK: Accessibility

  /// The selected category, named even before its column shows (End scrolls to it: its
  /// place was said first, "1,000 of 1,000, selected", then again with its name, as the
  /// column came in: a new user's finding).
  var accessibilityFocus: AccessibilityElement? {
    model.bar.selectedIndex.flatMap { index in
      var element = model.bar.collectionView.accessibilityElement(
        forItemAt: ItemPath(section: 0, item: index))
      if element?.label.isEmpty == true { element?.label = model.name(index) }
      return element
    }
  }
}
