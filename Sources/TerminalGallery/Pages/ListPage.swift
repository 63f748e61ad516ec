import GalleryKit
import ReuseKit
import ReuseTerminal

/// The `list` page: a sectioned vertical list with sticky headers, and a sectioned horizontal
/// strip whose headers pin to its left edge. Tab moves the focus between them.
///
/// With generated data, titles are computed from the item's index, so `--items 1000000` costs
/// no memory per item; with `--data`, the file's sections and items are shown.
final class ListPage: OptionsPage, GalleryPage {
  /// The page itself: its data, focus, keys and status (shared with other hosts).
  let model: ListModel
  var title: String { model.title }
  private var list: CollectionView { model.list }
  private var strip: CollectionView { model.strip }
  private let listPane: CollectionViewPane
  private let stripPane: CollectionViewPane
  private var frame = CellRect.zero

  init(options: GalleryOptions) {
    model = ListModel(options: options, metrics: .terminal)
    model.list.register(ListRowCell.self, forCellWithReuseIdentifier: ListModel.rowIdentifier)
    model.strip.register(ChipCell.self, forCellWithReuseIdentifier: ListModel.chipIdentifier)
    listPane = CollectionViewPane(collectionView: model.list)
    stripPane = CollectionViewPane(collectionView: model.strip)
    listPane.background = Theme.plain
    listPane.showsScrollIndicator = true
    listPane.scrollIndicatorStyle = Theme.scrollIndicator
    stripPane.background = Theme.plain
    listPane.showsSectionIndex = true
    listPane.sectionIndexWidth = options.data == nil ? 4 : 2
    listPane.sectionIndexStyle = Theme.sectionIndex
  }

  // MARK: Layout and drawing

  func layout(in frame: CellRect) {
    self.frame = frame
    // Whether the focused row is on screen now: only then does it stay in view after a
    // resize. Scrolled away from it (the wheel), the rows being read stay instead, as the
    // collection view keeps them (a new user's finding: a resize jumped back to the focus).
    let focusWasShown =
      list.focusedIndexPath.flatMap { list.layoutAttributesForItem(at: $0)?.frame }
      .map { $0.maxY > list.bounds.minY && $0.minY < list.bounds.maxY } ?? false
    // A narrow terminal keeps its columns for the rows' titles.
    let showsIndex = frame.width >= 40
    if listPane.showsSectionIndex != showsIndex { listPane.showsSectionIndex = showsIndex }
    model.isIndexShown = showsIndex
    model.isStripShown = frame.height >= 6
    let showsStrip = model.showsStrip
    let listHeight = max(0, frame.height - 1 - (showsStrip ? 2 : 0))
    listPane.frame = CellRect(x: frame.x, y: frame.y + 1, width: frame.width, height: listHeight)
    stripPane.frame =
      showsStrip
      ? CellRect(x: frame.x, y: frame.maxY - 1, width: frame.width, height: 1) : .zero
    // After a resize, a focused row that showed is still in view (clear of the pinned header).
    list.layoutIfNeeded()
    if focusWasShown { list.focusItem(at: list.focusedIndexPath) }
  }

  func draw(into canvas: Canvas) {
    canvas.fill(frame, style: Theme.plain)
    guard !frame.isEmpty else { return }
    let context = DrawContext(canvas: canvas, frame: frame, clip: frame)
    context.text(" " + model.heading, x: 0, y: 0, style: Theme.title)
    let focusNote = model.focusNote
    let noteWidth = CharacterWidth.of(focusNote)
    if frame.width > CharacterWidth.of(model.heading) + noteWidth + 4 {
      context.text(focusNote, x: frame.width - noteWidth - 1, y: 0, style: Theme.dim)
    }
    listPane.draw(into: canvas)
    // Sections with no items say so in their headers; only a list of no sections says it here.
    if model.rows.sectionCount == 0, listPane.frame.height > 0 {
      DrawContext(canvas: canvas, frame: listPane.frame, clip: listPane.frame).centeredText(
        "This list has no items.", y: listPane.frame.height / 2, style: Theme.dim)
    }
    if !stripPane.frame.isEmpty {
      context.text(" tags", x: 0, y: frame.height - 2, style: Theme.dim)
      stripPane.draw(into: canvas)
    }
  }

  // MARK: Input

  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    key.keyPress.map(model.handle) ?? false
  }

  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    for pane in [listPane, stripPane] {
      let pressedHere = pane.isPressed
      if pane.handle(mouse, at: time) {
        if mouse.kind == .press || pressedHere { model.pointerDidPress(in: pane.collectionView) }
        return true
      }
    }
    return false
  }

  // MARK: Time and state

  func tick(now: Double) {
    listPane.tick(now: now)
    stripPane.tick(now: now)
    model.advanceFind()
  }

  /// Ctrl-C stops the find while it looks (not the gallery).
  func cancelJob() -> Bool { model.findBar.cancelSearch() }

  var isAnimating: Bool {
    list.isAnimating || strip.isAnimating || model.find.map { !$0.isDone } ?? false
  }

  var isTyping: Bool { model.isTyping }

  func paste(_ text: String) -> Bool { model.paste(text) }

  var counters: ReuseCounters { list.reuseCounters }

  var restorableView: CollectionView? { list }

  var poolSizes: [String: Int] { list.poolSizes.merging(strip.poolSizes) { $0 + $1 } }

  var status: String { model.status }

  var keyHelp: [(String, String)] { model.keyHelp }

  // MARK: Accessibility

  /// The focused item of the view that has the keyboard: the list or the strip.
  var accessibilityFocus: AccessibilityElement? {
    let view = model.focusedView
    let element = view.focusedIndexPath.flatMap(view.accessibilityElement(forItemAt:))
    // The strip says it is the strip: "red, in the tag strip, 1 of 33".
    return model.focus == .list ? element : element?.inContainer("the tag strip")
  }

  var announcingViews: [CollectionView] { [list, strip] }

  var cursorPosition: (column: Int, row: Int)? {
    model.focus == .list ? listPane.focusCursor : stripPane.focusCursor
  }
}
