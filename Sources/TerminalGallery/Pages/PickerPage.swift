import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// The `picker` page: a colour-and-size chooser on ``FourWayPicker``. Eight colours across (red, orange,
/// yellow, green, cyan, blue, purple and a random one), six sizes down (400 × 500, 200 × 300,
/// 300 × 300, 400 × 300, 500 × 400, 300 × 200, scaled to the terminal: each size row has its
/// own item size). Arrows or drags move: a horizontal move changes the colour in every row at
/// once, a vertical one the size; each drag moves one axis. A click picks a swatch.
final class PickerPage: SinglePanePage<SwatchModel<SwatchCell>>, OptionsPage, ModelPage {
  private var picker: FourWayPicker<PickerSwatch> { model.picker }

  init(options: GalleryOptions) {
    let model = SwatchModel(cell: SwatchCell.self)
    super.init(model, pane: .themed(model.picker.collectionView))
  }

  /// Sizes in terminal cells: the tallest row takes about 60 % of the pane, and a cell is
  /// about twice as tall as it is wide.
  private func applyScale() {
    model.fit(
      to: Size(width: Double(pane.frame.width), height: Double(pane.frame.height)), aspect: 2,
      minimum: Size(width: 4, height: 3))
  }

  // MARK: Page

  func layout(in frame: CellRect) {
    place(in: frame, bottom: 1)
    applyScale()
  }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    context.text(" " + model.headline, x: 0, y: 0, style: Theme.title)
    pane.draw(into: canvas)
    // The page's status line: the chosen model, then the latest callbacks.
    if frame.height > 2 {
      let used = context.text(
        " \(model.chosenLine) ", x: 0, y: frame.height - 1,
        style: TextStyle(foreground: Theme.selection))
      // The separator only before events to follow it (a bare "│" ended the line: a new
      // user's finding).
      if !model.events.isEmpty {
        context.text(
          "│ " + model.events.joined(separator: " · "), x: used, y: frame.height - 1,
          style: Theme.dim)
      }
    }
  }

  /// The mouse, translated for the picker's own interpreter (it routes drags between its
  /// rows and its column, and tells taps from drags).
  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    let frame = pane.frame
    let point = Point(
      x: Double(mouse.column - frame.x) + 0.5, y: Double(mouse.row - frame.y) + 0.5)
    switch mouse.kind {
    case .press:
      guard mouse.button == .left, pane.contains(column: mouse.column, row: mouse.row) else {
        return false
      }
      return picker.handle(PointerEvent(.began, at: point, time: time))
    case .drag:
      return picker.handle(PointerEvent(.moved, at: point, time: time))
    case .release:
      return picker.handle(PointerEvent(.ended, at: point, time: time))
    case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
      guard pane.contains(column: mouse.column, row: mouse.row) else { return false }
      let delta: Point
      switch mouse.kind {
      case .scrollUp: delta = Point(x: 0, y: -1)
      case .scrollDown: delta = Point(x: 0, y: 1)
      case .scrollLeft: delta = Point(x: -1, y: 0)
      default: delta = Point(x: 1, y: 0)
      }
      return picker.handle(WheelEvent(delta: delta, time: time))
    case .move:
      return false
    }
  }

  func tick(now: Double) { picker.tick(now: now) }

  var isAnimating: Bool { picker.isAnimating }

  var poolSizes: [String: Int] {
    var sizes = picker.collectionView.poolSizes
    sizes[SwatchCell.reuseIdentifier] = picker.itemPool.count(
      forReuseIdentifier: SwatchCell.reuseIdentifier)
    return sizes
  }

  // MARK: Kept across runs

  /// The centred swatch: its row as the focus's section, its column as the item (the rows'
  /// scroll position follows from them).
  func savedPosition() -> GalleryPositions.Page? {
    guard let position = picker.collectionView.savedScrollPosition() else { return nil }
    return GalleryPositions.Page(
      scroll: position,
      focus: ItemPath(section: picker.targetRow, item: picker.targetColumn))
  }

  func restorePosition(_ position: GalleryPositions.Page) {
    guard let centred = position.focus else { return }
    picker.scrollToRow(centred.section, animated: false)
    picker.scrollToColumn(centred.item, animated: false)
  }

  // MARK: Accessibility

  /// The centred swatch, in the centred row.
  var accessibilityFocus: AccessibilityElement? {
    let row = picker.targetRow
    guard
      let cell = picker.collectionView.cellForItem(at: ItemPath(section: 0, item: row))
        as? PickerRowCell
    else { return nil }
    return cell.rowView.accessibilityElement(
      forItemAt: ItemPath(section: 0, item: picker.targetColumn))
  }

  /// The centred swatch: its place in its row, within the row's place in the picker.
  var cursorPosition: (column: Int, row: Int)? {
    guard let swatch = accessibilityFocus,
      let row = picker.collectionView.accessibilityElement(
        forItemAt: ItemPath(section: 0, item: picker.targetRow))
    else { return nil }
    return pane.cursor(
      atViewportFrame: swatch.frame.offsetBy(dx: row.frame.minX, dy: row.frame.minY))
  }

  var announcingViews: [CollectionView] { [picker.collectionView] }
}
