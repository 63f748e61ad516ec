import CGtk
import ReuseKit
import XCTest

@testable import ReuseGTK

/// A row that draws its item's number.
final class NumberCell: GTKCell {
  var number = 0
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    cairo_set_source_rgb(cr, 0.2, 0.3, Double(number % 10) / 10)
    cairo_rectangle(cr, 0, 0, width, height)
    cairo_fill(cr)
  }
}

/// `count` items in one section; cells are `NumberCell`s showing their item, or what `cell`
/// makes.
final class Numbers: CollectionViewDataSource {
  let count: Int
  let cell: ((CollectionView, ItemPath) -> CollectionViewCell)?
  init(_ count: Int, cell: ((CollectionView, ItemPath) -> CollectionViewCell)? = nil) {
    self.count = count
    self.cell = cell
  }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { count }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    if let make = self.cell { return make(collectionView, indexPath) }
    let cell = collectionView.dequeueReusableCell(
      NumberCell.self, withReuseIdentifier: "n", for: indexPath)
    cell.number = indexPath.item
    cell.setNeedsDisplay()
    return cell
  }
}

/// GTK runs on the main thread, where XCTest runs its tests on Linux.
enum GTK {
  nonisolated(unsafe) static var started = false
  static func start() {
    if !started {
      gtk_init()
      started = true
    }
  }

  /// Runs the main loop until `condition` holds or `seconds` pass.
  @discardableResult
  static func run(for seconds: Double = 0.2, until condition: () -> Bool = { false }) -> Bool {
    let end = Double(g_get_monotonic_time()) / 1e6 + seconds
    while Double(g_get_monotonic_time()) / 1e6 < end {
      while g_main_context_iteration(nil, 0) != 0 {}
      if condition() { return true }
      g_usleep(2_000)
    }
    return condition()
  }
}

/// A window of `width` × `height` showing `host`.
func show(
  _ host: CollectionViewWidget, width: Int32 = 400, height: Int32 = 600
)
  -> UnsafeMutablePointer<GtkWidget>
{
  GTK.start()
  let window = gtk_window_new()!
  window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { window in
    gtk_window_set_default_size(window, width, height)
    gtk_window_set_child(window, host.widget)
    gtk_window_present(window)
  }
  GTK.run(for: 3) { host.collectionView.viewportSize.height > 0 && host.attachedCount > 0 }
  return window
}

func close(_ window: UnsafeMutablePointer<GtkWidget>) {
  window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { gtk_window_destroy($0) }
  GTK.run(for: 0.05)
}

final class AdapterTests: XCTestCase {
  func makeList(
    count: Int = 1_000_000, attachStrategy: AttachStrategy = .detach
  ) -> (CollectionViewWidget, Numbers) {
    GTK.start()
    let view = CollectionView(layout: ListLayout(itemSizing: .uniform(44)))
    view.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    let numbers = Numbers(count)
    view.dataSource = numbers
    return (CollectionViewWidget(collectionView: view, attachStrategy: attachStrategy), numbers)
  }

  /// Nothing the host gives a shown view (its accessibility action handler, its signals)
  /// keeps the collection view and its cells alive once the host and the app let go.
  func testTheCollectionViewAndItsCellsGoWithTheHost() {
    weak var released: CollectionView?
    weak var cell: CollectionViewCell?
    do {
      let (host, numbers) = makeList(count: 1_000)
      let window = show(host)
      host.layoutAndPlace()
      cell = host.collectionView.visibleCells.first
      XCTAssertNotNil(cell)
      close(window)
      released = host.collectionView
      withExtendedLifetime(numbers) {}
    }
    XCTAssertNil(released, "the collection view")
    XCTAssertNil(cell, "its cells")
  }

  /// A row swiped open shows its actions where it uncovers them, titled and coloured (nothing
  /// was drawn there: a new user's finding); the overlay layer shows only while it has them.
  func testASwipedRowShowsItsActions() {
    let (host, numbers) = makeList(count: 100)
    host.collectionView.trailingSwipeActionsProvider = { _ in
      SwipeActionsConfiguration(actions: [
        SwipeAction(title: "Delete", style: .destructive, width: 80) { _ in },
        SwipeAction(title: "Done", width: 60) { _ in },
      ])
    }
    let window = show(host)
    defer { close(window) }
    XCTAssertEqual(gtk_widget_get_visible(host.boxLayer), 0)
    XCTAssertTrue(
      host.collectionView.openSwipeActions(
        forItemAt: ItemPath(section: 0, item: 2), edge: .trailing, animated: false))
    host.layoutAndPlace()
    XCTAssertEqual(host.drawnActions.map(\.title), ["Delete", "Done"])
    XCTAssertEqual(host.drawnActions.map(\.isDestructive), [true, false])
    // In the viewport, on the swiped row (the third, 44 points each), at the trailing edge.
    let width = host.collectionView.viewportSize.width
    for action in host.drawnActions {
      XCTAssertEqual(action.frame.minY, 88)
      XCTAssertEqual(action.frame.height, 44)
      XCTAssertLessThanOrEqual(action.frame.maxX, width + 0.5)
    }
    XCTAssertEqual(host.drawnActions.map(\.frame.width).reduce(0, +), 140, accuracy: 0.5)
    XCTAssertNotEqual(gtk_widget_get_visible(host.boxLayer), 0)
    host.collectionView.closeSwipeActions(animated: false)
    host.layoutAndPlace()
    XCTAssertTrue(host.drawnActions.isEmpty)
    XCTAssertEqual(gtk_widget_get_visible(host.boxLayer), 0)
    withExtendedLifetime(numbers) {}
  }

  /// In a GtkScrolledWindow: the vertical adjustment spans the content with a page of the
  /// viewport; moving it (a scrollbar) moves the content and the rows, the content moving
  /// (from code, a drag, a fling) moves it, and a fling is stopped by it, as by a finger.
  func testAGtkScrolledWindowScrollsTheHostThroughItsAdjustments() {
    let (host, numbers) = makeList(count: 100_000)
    defer { withExtendedLifetime(numbers) {} }
    GTK.start()
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(scrolled), host.scrollableWidget)
    let window = gtk_window_new()!
    window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { window in
      gtk_window_set_default_size(window, 400, 600)
      gtk_window_set_child(window, scrolled)
      gtk_window_present(window)
    }
    defer { close(window) }
    let view = host.collectionView
    GTK.run(for: 3) { view.viewportSize.height > 0 && host.attachedCount > 0 }
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))!
    GTK.run(for: 0.1)
    XCTAssertEqual(gtk_adjustment_get_upper(adjustment), 100_000 * 44, accuracy: 0.5)
    XCTAssertEqual(
      gtk_adjustment_get_page_size(adjustment), view.viewportSize.height, accuracy: 0.5)
    // A scrollbar drag sets the adjustment's value.
    gtk_adjustment_set_value(adjustment, 44 * 5_000)
    XCTAssertEqual(view.contentOffset.y, 44 * 5_000)
    let first = view.indexPathsForVisibleItems.map(\.item).min()
    XCTAssertEqual(first, 5_000)
    // GTK's smooth wheel leaves values a hair off a whole pixel: the content goes to the
    // nearest one, where its widgets are placed, so a row whose widget ends at the list's top
    // is not displayed (and not told to assistive technology as shown).
    gtk_adjustment_set_value(adjustment, 44 * 5_000 - 2e-10)
    XCTAssertEqual(view.contentOffset.y, 44 * 5_000)
    XCTAssertEqual(view.indexPathsForVisibleItems.map(\.item).min(), 5_000)
    gtk_adjustment_set_value(adjustment, 44 * 5_000 + 10.4)
    XCTAssertEqual(view.contentOffset.y, 44 * 5_000 + 10)
    XCTAssertEqual(
      gtk_adjustment_get_value(adjustment), 44 * 5_000 + 10.4, accuracy: 1e-9,
      "the adjustment keeps its own value (a touchpad's small steps add up)")
    gtk_adjustment_set_value(adjustment, 44 * 5_000 + 10.6)
    XCTAssertEqual(view.contentOffset.y, 44 * 5_000 + 11)
    // Code moves the content: the adjustment follows.
    view.contentOffset.y = 44 * 20_000
    host.layoutAndPlace()
    XCTAssertEqual(gtk_adjustment_get_value(adjustment), 44 * 20_000)
    // A fling under way stops when the scrollbar is taken.
    view.handle(PointerEvent(.began, at: Point(x: 100, y: 400), time: 10))
    view.handle(PointerEvent(.moved, at: Point(x: 100, y: 300), time: 10.016))
    view.handle(PointerEvent(.moved, at: Point(x: 100, y: 200), time: 10.032))
    view.handle(PointerEvent(.ended, at: Point(x: 100, y: 100), time: 10.048))
    XCTAssertTrue(view.isAnimating, "flinging")
    gtk_adjustment_set_value(adjustment, 44 * 30_000)
    XCTAssertFalse(view.isAnimating, "the fling stopped")
    XCTAssertEqual(view.contentOffset.y, 44 * 30_000)
  }

  /// The widgets attached to the host's fixed, in child order.
  func children(of host: CollectionViewWidget) -> [UnsafeMutablePointer<GtkWidget>] {
    var result: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(host.fixedWidget)
    while let widget = child {
      result.append(widget)
      child = gtk_widget_get_next_sibling(widget)
    }
    return result
  }

  func testAttachedWidgetsAreTheVisibleCellsPlacedAtTheirFrames() {
    let (host, numbers) = makeList()
    let window = show(host)
    defer { close(window) }
    let view = host.collectionView
    XCTAssertEqual(view.viewportSize, Size(width: 400, height: 600))
    view.contentOffset = Point(x: 0, y: 12_345)
    host.layoutAndPlace()
    GTK.run(for: 0.3)
    let cells = view.visibleCells
    let widgets = children(of: host)
    XCTAssertEqual(widgets.count, cells.count)
    XCTAssertEqual(host.attachedCount, cells.count)
    for cell in cells {
      let drawing = (cell as! GTKCell).drawing
      XCTAssertTrue(widgets.contains(drawing.widget))
      var bounds = graphene_rect_t()
      XCTAssertEqual(gtk_widget_compute_bounds(drawing.widget, host.fixedWidget, &bounds), 1)
      let frame = view.frameForItem(at: view.indexPath(for: cell)!)!
      XCTAssertEqual(Double(bounds.origin.y), frame.minY - view.contentOffset.y, accuracy: 0.5)
      XCTAssertEqual(Double(bounds.origin.x), frame.minX, accuracy: 0.5)
      XCTAssertEqual(Double(bounds.size.height), frame.height, accuracy: 0.5)
      XCTAssertEqual(Double(bounds.size.width), frame.width, accuracy: 0.5)
    }
    withExtendedLifetime(numbers) {}
  }

  /// The rows on screen are the fixed's first children, top to bottom, whichever rows were
  /// reused where: a screen reader reads the widgets in child order (rows scrolled back into
  /// view came after the others: a new user's finding).
  func testTheRowsAreTheFixedsChildrenInReadingOrder() {
    for strategy in [AttachStrategy.detach, .hide] {
      let (host, numbers) = makeList(count: 1_000, attachStrategy: strategy)
      let window = show(host)
      defer { close(window) }
      let view = host.collectionView
      for offset in [440.0, 2_200, 1_100, 0, 660, 220] {
        view.contentOffset = Point(x: 0, y: offset)
        host.layoutAndPlace()
        let shown = view.indexPathsForVisibleItems.sorted().map {
          (view.cellForItem(at: $0) as! GTKCell).drawing.widget
        }
        XCTAssertEqual(
          Array(children(of: host).prefix(shown.count)), shown, "\(strategy), offset \(offset)")
      }
      withExtendedLifetime(numbers) {}
    }
  }

  /// A pinned header stays over the rows when new rows' widgets are put in the fixed (a
  /// larger window makes more cells): a widget put there goes last, over the header, and the
  /// header was not raised again while the raised views stayed the same (a row drawn over
  /// the pinned header after edits and resizes; a new user's finding).
  func testAPinnedHeaderStaysOverRowsMadeAfterIt() {
    GTK.start()
    let layout = ListLayout(itemSizing: .uniform(44), headerLength: .fixed(30))
    layout.pinsHeaders = true
    let view = CollectionView(layout: layout)
    view.register(NumberCell.self, forCellWithReuseIdentifier: "n")
    view.register(
      PinnedHeader.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "h")
    let numbers = SectionedNumbers()
    view.dataSource = numbers
    let host = CollectionViewWidget(collectionView: view, attachStrategy: .hide)
    let window = show(host, width: 400, height: 300)
    defer { close(window) }
    view.contentOffset = Point(x: 0, y: 200)
    host.layoutAndPlace()
    GTK.run(for: 0.2)
    func headerIsLast(_ note: String) {
      var header: UnsafeMutablePointer<GtkWidget>?
      view.forEachDisplayedView { shown, attributes in
        if attributes.supplementaryKind == .header, attributes.zIndex > 10 {
          header = (shown as? PinnedHeader)?.drawing.widget
        }
      }
      XCTAssertNotNil(header, "\(note): a header is pinned")
      XCTAssertEqual(children(of: host).last, header, "\(note): the pinned header is on top")
    }
    headerIsLast("at first")
    // A taller window: more rows, their widgets made and put in the fixed now.
    let created = view.reuseCounters.created
    window.withMemoryRebound(to: GtkWindow.self, capacity: 1) {
      gtk_window_set_default_size($0, 400, 900)
    }
    GTK.run(for: 3) { view.viewportSize.height > 800 }
    host.layoutAndPlace()
    GTK.run(for: 0.2)
    XCTAssertGreaterThan(view.reuseCounters.created, created, "new rows were made")
    headerIsLast("after rows were made")
    withExtendedLifetime(numbers) {}
  }

  func testAScrollThroughAMillionItemsMakesNoMoreWidgetsThanPeakVisiblePlusTwo() {
    let (host, numbers) = makeList()
    let window = show(host)
    defer { close(window) }
    let view = host.collectionView
    let before = DrawingWidget.created - view.reuseCounters.created
    var offset = 0.0
    let end = view.contentSize.height - view.viewportSize.height
    while offset < end {
      offset = min(end, offset + 997)  // a little over two screens a frame... to the end
      view.contentOffset = Point(x: 0, y: offset)
      host.layoutAndPlace()
    }
    GTK.run(for: 0.05)
    XCTAssertEqual(view.indexPathsForVisibleItems.max()?.item, 999_999)
    let made = DrawingWidget.created - before
    XCTAssertEqual(made, view.reuseCounters.created, "one widget per view, made by the pool")
    XCTAssertLessThanOrEqual(made, view.reuseCounters.peakVisible + 2)
    XCTAssertEqual(children(of: host).count, view.visibleCells.count)
    withExtendedLifetime(numbers) {}
  }

  func testTheHideStrategyKeepsWidgetsAttachedAndHidesTheIdleOnes() {
    let (host, numbers) = makeList(count: 1_000, attachStrategy: .hide)
    let window = show(host)
    defer { close(window) }
    let view = host.collectionView
    for step in 1...20 {
      view.contentOffset = Point(x: 0, y: Double(step) * 333)
      host.layoutAndPlace()
    }
    // Rows shrink the viewport: fewer cells visible than were made.
    window.withMemoryRebound(to: GtkWindow.self, capacity: 1) {
      gtk_window_set_default_size($0, 400, 300)
    }
    GTK.run(for: 0.5) { view.viewportSize.height == 300 }
    host.layoutAndPlace()
    let widgets = children(of: host)
    XCTAssertEqual(widgets.count, view.reuseCounters.created, "every widget made stays attached")
    XCTAssertGreaterThan(widgets.count, view.visibleCells.count)
    let visible = Set(view.visibleCells.map { (($0 as! GTKCell).drawing.widget) })
    for widget in widgets {
      XCTAssertEqual(gtk_widget_get_visible(widget) != 0, visible.contains(widget))
    }
    withExtendedLifetime(numbers) {}
  }
}

/// A header drawn over what is under it.
final class PinnedHeader: GTKSupplementaryView {
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    cairo_set_source_rgb(cr, 0.9, 0.9, 0.9)
    cairo_rectangle(cr, 0, 0, width, height)
    cairo_fill(cr)
  }
}

/// Three sections of 100 numbered rows, each with a header.
final class SectionedNumbers: CollectionViewDataSource {
  func numberOfSections(in collectionView: CollectionView) -> Int { 3 }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { 100 }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(
      NumberCell.self, withReuseIdentifier: "n", for: indexPath)
    cell.number = indexPath.item
    return cell
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "h", for: indexPath)
  }
}
