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
final class OptionBarPage: PanePage, OptionBarDataSource, OptionBarDelegate {
  let title = "Option bar"

  private let bar: OptionBar
  let pane: CollectionViewPane
  var frame = CellRect.zero
  private let allNames: [String]?
  /// With `--data`, each section's items: the body shows the selected section's.
  private let sectionItems: [[GalleryData.Item]]?
  private let total: Int
  /// Whether the last selection came from a key on this page (the bar sees it as code).
  private var selectedByKey = false
  private var showsFew = false
  private var log: [String] = []
  private var displayed = 0
  private var ended = 0
  private var lastOrigin: SelectionOrigin?

  static let named = [
    "Top stories", "推荐", "World", "Tech", "科技", "Sport", "Culture", "Science", "Travel",
    "한국어", "Food", "Photography", "Music", "経済", "Health", "Climate", "Design", "Books",
    "Film", "Gaming", "Ελληνικά", "Space", "History", "Cars",
  ]

  init(options: GalleryOptions) {
    if let data = options.data, !data.sections.isEmpty {
      allNames = data.sections.map(\.title)
      sectionItems = data.sections.map(\.items)
      total = data.sections.count
    } else {
      allNames = nil
      sectionItems = nil
      total = max(0, options.itemCount)
    }
    bar = OptionBar(viewportSize: Size(width: 80, height: 1))
    bar.collectionView.diagnostics.handler = nil
    // Past a few thousand categories, widths are asked for only as columns show: a reload of
    // ten million costs what a reload of ten does.
    if total > OptionBarPage.measuredUpFrontLimit { bar.estimatedColumnWidth = 12 }
    bar.register(CategoryCell.self, forCellWithReuseIdentifier: "category")
    pane = CollectionViewPane(collectionView: bar.collectionView)
    pane.background = TextStyle(foreground: Theme.text, background: Theme.bar)
    bar.delegate = self
    bar.dataSource = self
    log.removeAll()  // the reload before the data source was set
    record("didReload: \(bar.numberOfColumns.formatted) columns")
    bar.select(0, animated: false)
  }

  /// Up to this many categories, every width is measured at each reload.
  static let measuredUpFrontLimit = 5_000

  private var count: Int { showsFew ? min(total, 5) : total }

  private func name(_ index: Int) -> String {
    if let allNames { return allNames[index] }
    return index < Self.named.count ? Self.named[index] : "Topic \((index + 1).formatted)"
  }

  private func record(_ line: String) {
    log.insert(line, at: 0)
    if log.count > 40 { log.removeLast() }
  }

  private func describe(_ origin: SelectionOrigin) -> String {
    switch origin {
    case .tap: "tap"
    case .slide: "slide"
    case .programmatic: "code"
    }
  }

  // MARK: Option bar

  func numberOfColumns(in optionBar: OptionBar) -> Int { count }

  func optionBar(_ optionBar: OptionBar, cellForColumnAt index: Int) -> CollectionViewCell {
    let cell = optionBar.dequeueReusableCell(
      CategoryCell.self, withReuseIdentifier: "category", forColumnAt: index)
    cell.name = name(index)
    return cell
  }

  func optionBar(_ optionBar: OptionBar, widthForColumnAt index: Int) -> Double {
    Double(CharacterWidth.of(name(index)) + 4)
  }

  func optionBar(
    _ optionBar: OptionBar, willDisplay cell: CollectionViewCell, forColumnAt index: Int
  ) {
    displayed += 1
  }

  func optionBar(
    _ optionBar: OptionBar, didEndDisplaying cell: CollectionViewCell, forColumnAt index: Int
  ) {
    ended += 1
  }

  func optionBar(_ optionBar: OptionBar, didSelectColumnAt index: Int, origin: SelectionOrigin) {
    lastOrigin = origin
    if origin != .programmatic { selectedByKey = false }
    record("didSelect \(name(index)) (\(describe(origin)))")
  }

  func optionBar(_ optionBar: OptionBar, didDeselectColumnAt index: Int, origin: SelectionOrigin) {
    record("didDeselect \(name(index)) (\(describe(origin)))")
  }

  func optionBarWillReload(_ optionBar: OptionBar) { record("willReload") }

  func optionBarDidReload(_ optionBar: OptionBar) {
    record("didReload: \(optionBar.numberOfColumns.formatted) columns")
  }

  // MARK: Page

  func layout(in frame: CellRect) { place(in: frame, height: 1) }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    let selection = bar.selectedIndex.map { "selected \(name($0))" } ?? "nothing selected"
    let slide = bar.selectsCenteredColumnOnSlide ? "on" : "off"
    context.text(
      " \(plural(count, "category", "categories")) · \(selection) · slide selects: \(slide)",
      x: 0, y: 0,
      style: Theme.title)
    pane.draw(into: canvas)
    guard frame.height > 2 else { return }
    // The indicator: under the selected column, where the strip has scrolled it.
    let indicatorRow = frame.y + 2
    canvas.fill(
      CellRect(x: frame.x, y: indicatorRow, width: frame.width, height: 1), style: Theme.plain)
    if let indicator = bar.indicatorFrame {
      let left = Int((indicator.minX - bar.collectionView.contentOffset.x).rounded())
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
    if let selected = bar.selectedIndex {
      left.text(" \(name(selected))", x: 0, y: 0, style: Theme.title)
      drawItems(ofColumn: selected, into: left, rows: height - 2)
    } else {
      left.text(
        " Nothing selected: ← → or a click selects a category.", x: 0, y: 0, style: Theme.dim)
    }
    right.fill(TextStyle(background: Theme.surface))
    right.text(
      " delegate · shown \(displayed) · hidden \(ended)", x: 0, y: 0,
      style: TextStyle(foreground: Theme.dimText, background: Theme.surface))
    for (row, line) in log.prefix(max(0, height - 1)).enumerated() {
      right.text(
        " \(line)", x: 0, y: row + 1,
        style: TextStyle(foreground: Theme.text, background: Theme.surface))
    }
  }

  /// The selected category's items from `--data` (a title and its detail; taller items get
  /// their rows), or demo headlines; an empty section says so.
  private func drawItems(ofColumn column: Int, into context: DrawContext, rows: Int) {
    guard rows > 0 else { return }
    guard let sectionItems else {
      for line in 0..<rows {
        let seed = column &* 31 &+ (line + 1) &* 7
        context.text(
          " • \(DemoData.title(forItem: seed)) and the \(DemoData.title(forItem: seed &* 3 + 1))",
          x: 0, y: line + 2, style: TextStyle(foreground: Theme.text))
      }
      return
    }
    let items = sectionItems[column]
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

  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    if [.left, .right, .home, .end].contains(key.key) { selectedByKey = true }
    switch key.key {
    case .left:
      guard count > 0 else { return true }
      bar.select(max(0, (bar.selectedIndex ?? 1) - 1), animated: true)
    case .right:
      guard count > 0 else { return true }
      bar.select(min(count - 1, (bar.selectedIndex ?? -1) + 1), animated: true)
    case .home:
      if count > 0 { bar.select(0, animated: true) }
    case .end:
      if count > 0 { bar.select(count - 1, animated: true) }
    case .character("d"):
      bar.deselect(animated: true)
    case .character("s"):
      bar.selectsCenteredColumnOnSlide.toggle()
    case .character("r"):
      showsFew.toggle()
      bar.reloadData()
    default:
      return false
    }
    return true
  }

  var restorableSelection: Int? {
    get { bar.selectedIndex }
    set {
      if let index = newValue, index >= 0, index < count { bar.select(index, animated: false) }
    }
  }

  var status: String {
    guard let selected = bar.selectedIndex else { return "nothing selected" }
    let how = selectedByKey ? "key" : lastOrigin.map(describe) ?? "code"
    return "\(name(selected)) · \((selected + 1).formatted) of \(count.formatted) · by \(how)"
  }

  var keyHelp: [(String, String)] {
    [
      ("← →", "select the previous, next category (scrolls it to the centre)"),
      ("Home End", "the first, last category"), ("d", "deselect (the selection becomes none)"),
      ("s", "slide selects: the column a drag leaves in the centre is selected"),
      ("r", "reload with 5 categories, or all again"),
      ("click, drag, wheel", "select a category; slide the strip"),
    ]
  }
}
