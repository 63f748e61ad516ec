import ReuseKit

/// Shows a collection view in a rectangle of the terminal: it is the collection view's host.
///
/// The pane sizes the collection view's viewport to its frame (one layout point per column and
/// per row), draws the displayed views in z-order, and turns mouse input into the collection
/// view's drags, taps and wheel scrolls, with timestamps.
public final class CollectionViewPane: CollectionViewHost {
  /// The collection view shown.
  public let collectionView: CollectionView
  /// Where the pane is on the screen.
  public var frame: CellRect = .zero {
    didSet {
      updateViewportSize()
      if frame != oldValue { keepHeldPointerInside() }
    }
  }
  /// Where the held pointer was last (a press or a drag), for ``keepHeldPointerInside()``.
  var heldPointer: (column: Int, row: Int, time: Double, modifiers: KeyModifiers)?
  /// Whether the pane draws a scroll indicator in its last column (a vertical collection
  /// view) or row (a horizontal one). The collection view's viewport leaves that column free.
  /// Dragging the thumb scrolls; a press elsewhere on the track jumps there.
  public var showsScrollIndicator = false {
    didSet { updateViewportSize() }
  }
  /// Whether a vertical pane draws the collection view's section index
  /// (`CollectionView.indexTitles`) in ``sectionIndexWidth`` columns beside the scroll
  /// indicator. A press or a drag on a title jumps to its section (the collection view's
  /// interpreter does it, and tells its delegate). The titles spread over the pane's height
  /// like the scroll bar; with more titles than rows, each row shows the title it jumps to.
  public var showsSectionIndex = false {
    didSet { updateViewportSize() }
  }
  /// The columns the section index takes; longer titles are cut.
  public var sectionIndexWidth = 2 {
    didSet {
      sectionIndexWidth = max(1, sectionIndexWidth)
      updateViewportSize()
    }
  }
  /// How the section index's titles are drawn.
  public var sectionIndexStyle = TextStyle(foreground: Color(hex: 0x7AA2F7))
  /// How the indicator's track and thumb are drawn.
  public var scrollIndicatorStyle = (
    track: TextStyle(foreground: Color(hex: 0x3B4058)),
    thumb: TextStyle(foreground: Color(hex: 0x9AA5CE))
  )
  /// What shows where no view is drawn.
  public var background: TextStyle = .plain
  /// What the pane says, centred, while its collection view shows nothing at all (no item,
  /// header or footer on screen: no data, or a filter that left none); `nil`, the default,
  /// says nothing.
  public var emptyText: String?
  /// Whether ``emptyText`` shows while headers do, over no item: for a table, whose column
  /// titles stay over a filter that left no row. `false`, the default: an empty section's
  /// header says enough.
  public var emptyTextShowsUnderHeaders = false
  /// How ``emptyText`` is drawn.
  public var emptyTextStyle = TextStyle(foreground: Color(hex: 0x7C83A8))
  /// How a drag box's outline is drawn (`CollectionView.selectionDragBox`).
  public var selectionBoxStyle = TextStyle(foreground: Color(hex: 0xE0AF68))
  /// Decides whether a press lifts the item under it to reorder it: the collection view's
  /// `reorderGrip` (given the item's path and the pressed point in its frame, in cells from its
  /// top-left corner, `true` for a grip).
  public var liftsItem: ((ItemPath, Point) -> Bool)? {
    get { collectionView.reorderGrip }
    set { collectionView.reorderGrip = newValue }
  }
  /// How revealed swipe actions are drawn (`CollectionView.revealedSwipeActions`), by style.
  public var swipeActionStyles = (
    normal: TextStyle(foreground: Color(hex: 0x1A1B26), background: Color(hex: 0x7AA2F7)),
    destructive: TextStyle(foreground: Color(hex: 0x1A1B26), background: Color(hex: 0xF7768E))
  )
  /// Which items are marked (a find's matches, say): a marked item's cell is restyled with
  /// ``markStyle`` after it draws, unless it is the focused item (its cursor shows instead).
  /// `nil`, the default, marks none. For cells that draw their own marks, leave it `nil`.
  public var marksItem: ((ItemPath) -> Bool)?
  /// Whether the focused item is marked too (for cells that draw no cursor), with
  /// ``focusedMarkStyle``.
  public var marksFocusedItem = false
  /// How the focused item is restyled when ``marksFocusedItem`` marks it: the match the find
  /// is on, orange and bold.
  public var focusedMarkStyle: (inout TextStyle) -> Void = { style in
    style.background = Color(hex: 0xFF9E64)
    style.foreground = Color(hex: 0x1A1B26)
    style.attributes.formUnion([.underline, .bold])
  }
  /// How a marked cell is restyled: amber behind dark text, underlined (the underline stays
  /// where colours are off).
  public var markStyle: (inout TextStyle) -> Void = { style in
    style.background = Color(hex: 0xE0AF68)
    style.foreground = Color(hex: 0x1A1B26)
    style.attributes.insert(.underline)
  }
  /// Columns (or rows) per wheel notch.
  public var wheelStep = 3.0
  /// Views currently attached (displayed, or pooled under the hide strategy).
  public private(set) var attachedViewCount = 0
  /// Whether a touch that started in this pane is down.
  public var isPressed: Bool { collectionView.hasPointerCapture }

  /// Scratch draw orders, one per nesting depth, kept between frames (no allocation).
  private var drawOrders: [[(view: ReusableView, attributes: LayoutAttributes)]] = []

  /// Creates a pane for `collectionView` and makes itself its host. Terminal hosts use a drag
  /// slop of one cell.
  public init(collectionView: CollectionView) {
    self.collectionView = collectionView
    collectionView.host = self
    collectionView.dragSlop = 1
  }

  private func updateViewportSize() {
    var size = Size(width: Double(frame.width), height: Double(frame.height))
    if showsScrollIndicator {
      if collectionView.collectionViewLayout.scrollDirection == .vertical {
        size.width = max(0, size.width - 1)
      } else {
        size.height = max(0, size.height - 1)
      }
    }
    size.width = max(0, size.width - Double(indexColumns))
    collectionView.viewportSize = size
    // The chrome beside the content, in viewport coordinates, for the pointer.
    func local(_ rect: CellRect) -> Rect? {
      guard !rect.isEmpty else { return nil }
      return Rect(
        x: Double(rect.x - frame.x), y: Double(rect.y - frame.y), width: Double(rect.width),
        height: Double(rect.height))
    }
    collectionView.pointerRegions = PointerRegions(
      scrollIndicator: showsScrollIndicator ? local(indicatorFrame) : nil,
      sectionIndex: indexColumns > 0 ? local(sectionIndexFrame) : nil, snapsToWholePoints: true)
  }

  // MARK: Host

  /// Counts an attached view.
  public func collectionView(_ collectionView: CollectionView, attach view: ReusableView) {
    attachedViewCount += 1
  }

  /// Counts a detached view.
  public func collectionView(_ collectionView: CollectionView, detach view: ReusableView) {
    attachedViewCount -= 1
  }

  // MARK: Drawing

  /// Lays the collection view out and draws it into `canvas`. A view that hosts a nested
  /// collection view (`NestedCollectionViewHosting`, as a picker row does) has the nested
  /// view's views drawn inside its frame, clipped to it.
  public func draw(into canvas: Canvas) {
    collectionView.layoutIfNeeded()
    canvas.fill(frame, style: background)
    guard !frame.isEmpty else { return }
    let content = contentFrame
    drawSwipeActions(clip: content, into: canvas)
    drawViews(
      of: collectionView, originX: Double(frame.x), originY: Double(frame.y), clip: content,
      depth: 0, into: canvas)
    drawSelectionBox(clip: content, into: canvas)
    if let emptyText, !content.isEmpty,
      !(emptyTextShowsUnderHeaders
        ? collectionView.displaysAnyCell : collectionView.displaysAnyView)
    {
      DrawContext(canvas: canvas, frame: content, clip: content).centeredText(
        emptyText, y: content.height / 2, style: emptyTextStyle)
    }
    if showsScrollIndicator { drawScrollIndicator(into: canvas) }
    if indexColumns > 0 { drawSectionIndex(into: canvas) }
  }

  /// A drag box's outline, over the content, clipped to it.
  private func drawSelectionBox(clip: CellRect, into canvas: Canvas) {
    guard let box = collectionView.selectionDragBox, box.isFinite else { return }
    let offset = collectionView.contentOffset
    func cell(_ value: Double, _ origin: Double, _ base: Int) -> Int {
      base + Int(max(-1e6, min(1e6, value - origin)).rounded(.down))
    }
    // Across, the outline stops at the pane's edges, where the box does: a box dragged past
    // them (into the next column of a board) showed no right edge (a new user's finding).
    let left = max(clip.x, cell(box.minX, offset.x, clip.x))
    let right = min(clip.maxX - 1, cell(box.maxX, offset.x, clip.x))
    let top = cell(box.minY, offset.y, clip.y)
    let bottom = cell(box.maxY, offset.y, clip.y)
    let context = DrawContext(canvas: canvas, frame: clip, clip: clip)
    // Strides, not ranges: a box beyond the clip gives an empty one.
    for x in stride(from: max(left, clip.x - 1), through: min(right, clip.maxX), by: 1) {
      context.text("┄", x: x - clip.x, y: top - clip.y, style: selectionBoxStyle)
      context.text("┄", x: x - clip.x, y: bottom - clip.y, style: selectionBoxStyle)
    }
    for y in stride(from: max(top, clip.y - 1), through: min(bottom, clip.maxY), by: 1) {
      context.text("┆", x: left - clip.x, y: y - clip.y, style: selectionBoxStyle)
      context.text("┆", x: right - clip.x, y: y - clip.y, style: selectionBoxStyle)
    }
  }

  /// The part of the frame the collection view's content shows in (all of it but the
  /// indicator's column or row).
  public var contentFrame: CellRect {
    let vertical = collectionView.collectionViewLayout.scrollDirection == .vertical
    let indicator = showsScrollIndicator ? 1 : 0
    return vertical
      ? CellRect(
        x: frame.x, y: frame.y, width: max(0, frame.width - indicator - indexColumns),
        height: frame.height)
      : CellRect(
        x: frame.x, y: frame.y, width: max(0, frame.width - indexColumns),
        height: max(0, frame.height - indicator))
  }

  /// The indicator's cells on the screen: the last column or row.
  var indicatorFrame: CellRect {
    collectionView.collectionViewLayout.scrollDirection == .vertical
      ? CellRect(x: frame.maxX - 1, y: frame.y, width: 1, height: frame.height)
      : CellRect(x: frame.x, y: frame.maxY - 1, width: frame.width, height: 1)
  }

  var trackLength: Int {
    collectionView.collectionViewLayout.scrollDirection == .vertical ? frame.height : frame.width
  }

  /// The thumb, in whole cells of the track, or `nil` when everything fits.
  var thumbCells: (start: Int, length: Int)? {
    guard
      let thumb = collectionView.scrollThumb(
        trackLength: Double(trackLength), roundedToWholePoints: true)
    else { return nil }
    return (Int(thumb.offset), Int(thumb.length))
  }

  private func drawScrollIndicator(into canvas: Canvas) {
    let track = indicatorFrame
    guard !track.isEmpty, let thumb = thumbCells else { return }
    let vertical = collectionView.collectionViewLayout.scrollDirection == .vertical
    for index in 0..<trackLength {
      let isThumb = index >= thumb.start && index < thumb.start + thumb.length
      let character: Character = vertical ? (isThumb ? "┃" : "│") : (isThumb ? "━" : "─")
      canvas.draw(
        String(character), column: vertical ? track.x : track.x + index,
        row: vertical ? track.y + index : track.y,
        style: isThumb ? scrollIndicatorStyle.thumb : scrollIndicatorStyle.track)
    }
  }

  // MARK: Section index

  /// The columns the section index takes: none unless shown on a vertical pane.
  var indexColumns: Int {
    showsSectionIndex && collectionView.collectionViewLayout.scrollDirection == .vertical
      ? sectionIndexWidth : 0
  }

  /// The section index's cells on the screen: beside the indicator.
  var sectionIndexFrame: CellRect {
    CellRect(
      x: frame.maxX - (showsScrollIndicator ? 1 : 0) - indexColumns, y: frame.y,
      width: indexColumns, height: frame.height)
  }

  /// The title a row of the index jumps to (the collection view's rule, shared with its
  /// pointer interpreter), or `nil` for an empty index.
  private func indexTitle(atRow row: Int) -> Int? {
    collectionView.indexTitle(atPosition: Double(row), trackLength: Double(frame.height))
  }

  /// Whether `row` shows its title: the first row of each title's share of the height.
  private func showsIndexTitle(atRow row: Int) -> Bool {
    guard let index = indexTitle(atRow: row) else { return false }
    return row == 0 || indexTitle(atRow: row - 1) != index
  }

  private func drawSectionIndex(into canvas: Canvas) {
    let titles = collectionView.indexTitles
    let area = sectionIndexFrame
    guard !area.isEmpty, !titles.isEmpty else { return }
    let context = DrawContext(canvas: canvas, frame: area, clip: area)
    for row in 0..<area.height where showsIndexTitle(atRow: row) {
      guard let index = indexTitle(atRow: row) else { continue }
      let title = TextLayout.truncate(titles[index], toWidth: area.width)
      let pad = area.width - CharacterWidth.of(title)
      var style = sectionIndexStyle
      if index == collectionView.pressedIndexTitle { style.attributes.insert(.reverse) }
      context.text(title, x: max(0, pad), y: row, style: style)
    }
  }

  /// The screen cell where the collection view's focused item begins (its first visible
  /// column and row, clear of the pane's edges), or `nil` when nothing focused is on screen:
  /// where a scene puts the terminal's cursor (``Canvas/cursor``) for screen readers that
  /// follow it.
  public var focusCursor: (column: Int, row: Int)? {
    guard let focused = collectionView.focusedIndexPath,
      let itemFrame = collectionView.frameForItem(at: focused)
    else { return nil }
    let offset = collectionView.contentOffset
    return cursor(atViewportFrame: itemFrame.offsetBy(dx: -offset.x, dy: -offset.y))
  }

  /// The first cell on screen of `viewportFrame` (in the collection view's viewport
  /// coordinates, as an `AccessibilityElement`'s frame is), within the pane, or
  /// `nil` where none of it shows: where a page whose view has no focused item (a carousel's
  /// centred card, an option bar's selected column) puts the terminal's cursor.
  public func cursor(atViewportFrame viewportFrame: Rect) -> (column: Int, row: Int)? {
    let rect = CellRect(
      snapping: viewportFrame.offsetBy(dx: Double(frame.x), dy: Double(frame.y))
    ).intersection(frame)
    return rect.isEmpty ? nil : (rect.x, rect.y)
  }

  /// Draws the actions a swiped row uncovers, under the views: each filled in its style,
  /// its title centred (bold once a full swipe is armed).
  private func drawSwipeActions(clip: CellRect, into canvas: Canvas) {
    guard collectionView.swipeOffset != 0 else { return }
    let offset = collectionView.contentOffset
    for revealed in collectionView.revealedSwipeActions {
      let rect = CellRect(
        snapping: revealed.frame.offsetBy(
          dx: Double(frame.x) - offset.x, dy: Double(frame.y) - offset.y))
      guard !rect.isEmpty else { continue }
      var style =
        revealed.action.style == .destructive
        ? swipeActionStyles.destructive : swipeActionStyles.normal
      if revealed.isArmed { style.attributes.insert(.bold) }
      let context = DrawContext(canvas: canvas, frame: rect, clip: clip)
      context.fill(style)
      let width = CharacterWidth.of(revealed.action.title)
      context.text(
        revealed.action.title, x: max(0, (rect.width - width) / 2), y: rect.height / 2,
        style: style, maxWidth: rect.width)
    }
  }

  /// Draws `collectionView`'s displayed views in z-order, its content origin at
  /// (`originX`, `originY`) on the screen, clipped to `clip`.
  private func drawViews(
    of collectionView: CollectionView, originX: Double, originY: Double, clip: CellRect,
    depth: Int, into canvas: Canvas
  ) {
    if drawOrders.count <= depth { drawOrders.append([]) }
    var drawOrder = drawOrders[depth]
    drawOrders[depth] = []  // no copy-on-write while it is filled
    defer { drawOrders[depth] = drawOrder }
    drawOrder.removeAll(keepingCapacity: true)
    collectionView.forEachDisplayedView { view, attributes in
      guard !view.isHidden else { return }
      // Stable insertion by z-index: most views share one, so this stays O(k).
      var index = drawOrder.count
      while index > 0 && drawOrder[index - 1].attributes.zIndex > attributes.zIndex { index -= 1 }
      drawOrder.insert((view, attributes), at: index)
    }
    let offset = collectionView.contentOffset
    // Frozen columns cover the left of what scrolls under them: a view that reaches past them
    // is clipped at their edge, so it knows it is cut there (a number cut on its left must
    // not read as another number).
    let frozen =
      collectionView.numberOfSections > 0
      ? collectionView.collectionViewLayout.pinnedLengths(inSection: 0).crossLeading : 0
    for (view, attributes) in drawOrder {
      let transformed = attributes.transform.applied(to: attributes.frame)
      let onScreen = transformed.offsetBy(dx: originX - offset.x, dy: originY - offset.y)
      var viewClip = clip
      if frozen > 0, transformed.maxX > offset.x + frozen + 0.5,
        transformed.minX < offset.x + frozen - 0.5
      {
        let edge = Int((originX + frozen).rounded())
        viewClip = viewClip.intersection(
          CellRect(
            x: edge, y: clip.y, width: max(0, clip.x + clip.width - edge), height: clip.height))
      }
      let context = DrawContext(
        canvas: canvas, frame: CellRect(snapping: onScreen), clip: viewClip,
        scale: (attributes.transform.scaleX, attributes.transform.scaleY))
      guard !context.clip.isEmpty, attributes.alpha > 0 else { continue }
      if let cell = view as? TerminalCell {
        cell.draw(in: context)
        markIfNeeded(view, attributes, in: context, of: collectionView, depth: depth)
      } else if let supplementary = view as? TerminalSupplementaryView {
        supplementary.draw(in: context)
      } else if let standard = view as? ListContentCell {
        ListContentStyle.draw(standard, in: context)
        markIfNeeded(view, attributes, in: context, of: collectionView, depth: depth)
      } else if let standard = view as? ListContentSupplementaryView {
        ListContentStyle.draw(standard, in: context)
      }
      if let host = view as? NestedCollectionViewHosting, depth < 4 {
        let nested = host.nestedCollectionView
        nested.layoutIfNeeded()
        drawViews(
          of: nested, originX: onScreen.minX, originY: onScreen.minY, clip: context.clip,
          depth: depth + 1, into: canvas)
      }
      if attributes.alpha < 1 { fade(context.clip, to: attributes.alpha, in: canvas) }
    }
  }

  /// Restyles a cell of the pane's own collection view that ``marksItem`` marks. A cell
  /// leaving in an update's animation (its item deleted) carries its old path: it is not
  /// marked.
  private func markIfNeeded(
    _ cell: ReusableView, _ attributes: LayoutAttributes, in context: DrawContext,
    of view: CollectionView, depth: Int
  ) {
    let isFocused = attributes.indexPath == view.focusedIndexPath
    guard depth == 0, let marksItem, marksFocusedItem || !isFocused,
      view.cellForItem(at: attributes.indexPath) === cell, marksItem(attributes.indexPath)
    else { return }
    context.restyle(isFocused ? focusedMarkStyle : markStyle)
  }

  /// Blends what a view drew toward the pane's background: how a terminal shows opacity
  /// (views fading in and out during an update animation).
  private func fade(_ rect: CellRect, to alpha: Double, in canvas: Canvas) {
    let toward = background.background ?? Color(red: 0, green: 0, blue: 0)
    let amount = alpha.isFinite ? min(1, max(0, alpha)) : 1
    canvas.restyle(rect) { style in
      if let color = style.foreground {
        style.foreground = toward.mixed(with: color, amount: amount)
      }
      if let color = style.background {
        style.background = toward.mixed(with: color, amount: amount)
      }
    }
  }
}
