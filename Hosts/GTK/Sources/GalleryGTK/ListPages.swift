import CGtk
import GalleryCore
import ReuseControls
import ReuseGTK
import ReuseKit

/// The list: sections of rows with pinned headers; a click selects, arrows move the focus.
final class ListPage: GTKPage, CollectionViewDataSource {
  let name = "list"
  let title = "List"
  let host: CollectionViewWidget
  var widget: UnsafeMutablePointer<GtkWidget> { host.widget }
  private let content: GalleryContent

  init(content: GalleryContent) {
    self.content = content
    let layout = ListLayout(itemSizing: .uniform(44), headerLength: .fixed(30))
    layout.pinsHeaders = true
    let view = CollectionView(layout: layout)
    view.diagnostics.handler = nil
    view.register(RowCell.self, forCellWithReuseIdentifier: "row")
    view.register(HeaderView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "h")
    host = CollectionViewWidget(collectionView: view)
    view.dataSource = self
    view.focusScrollPadding = 44
  }

  var status: String {
    let view = host.collectionView
    let selected = view.indexPathsForSelectedItems.first.map {
      content.sections[$0.section].items[$0.item].title
    }
    return (selected.map { "selected \($0)" } ?? "click a row") + " · "
      + "visible \(view.reuseCounters.visible) · widgets made \(view.reuseCounters.created)"
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { content.sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { content.sections[section].items.count }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      RowCell.self, withReuseIdentifier: "row", for: indexPath)
    let item = content.sections[indexPath.section].items[indexPath.item]
    cell.title = item.title
    cell.detail = item.detail
    cell.setNeedsDisplay()
    return cell
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    let header = collectionView.dequeueReusableSupplementaryView(
      HeaderView.self, ofKind: kind, withReuseIdentifier: "h", for: indexPath)
    header.title = content.sections[indexPath.section].title
    header.setNeedsDisplay()
    return header
  }
}

/// A task of the data-source page.
struct Task: Hashable, Differentiable {
  var id: Int
  var title: String
}

/// A task row, configured by the two-line data source.
final class TaskCell: GTKCell, ConfigurableCell {
  var task: Task?
  func configure(with item: Task, at indexPath: ItemPath) {
    task = item
    setNeedsDisplay()
  }
  override func draw(_ cr: OpaquePointer, width: Double, height: Double) {
    let paint = Painter(cr: cr)
    paint.fill(
      bounds(width, height), isFocused ? Palette.bar.mixed(Palette.accent, 0.3) : Palette.surface)
    paint.fill(Rect(x: 0, y: height - 1, width: width, height: 1), Palette.background)
    let id = task?.id ?? 0
    paint.fill(Rect(x: 0, y: 0, width: 6, height: height), Palette.swatches[id % 8])
    paint.text(task?.title ?? "", x: 18, y: height / 2 + 5, size: 14, Palette.text)
  }
}

/// The data-source page: three sections of tasks in a `CollectionArrayDataSource`; every
/// edit (a, d, m, s) diffs the next version and animates the batch.
final class DataSourcePage: GTKPage {
  let name = "datasource"
  let title = "Data source"
  let host: CollectionViewWidget
  var widget: UnsafeMutablePointer<GtkWidget> { host.widget }
  private let dataSource: CollectionArrayDataSource<Task, TaskCell>
  private var nextID = 0
  private var lastEdit = "a add · d delete · m move · s shuffle"
  private var random: UInt64 = 0x5EED

  init(content: GalleryContent) {
    let titles = content.titles
    var sections: [[Task]] = [[], [], []]
    for (index, title) in titles.prefix(max(12, min(titles.count, 300))).enumerated() {
      sections[index % 5 < 3 ? 0 : (index % 5 == 3 ? 1 : 2)].append(Task(id: index, title: title))
    }
    nextID = titles.count
    let layout = ListLayout(itemSizing: .uniform(40), headerLength: .fixed(28))
    layout.pinsHeaders = true
    let view = CollectionView(layout: layout)
    view.diagnostics.handler = nil
    dataSource = CollectionArrayDataSource(
      collectionView: view, sections: sections, headerTitles: ["To do", "In progress", "Done"])
    view.register(HeaderView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "h")
    dataSource.supplementaryViewProvider = { [unowned dataSource] view, kind, path in
      let header = view.dequeueReusableSupplementaryView(
        HeaderView.self, ofKind: kind, withReuseIdentifier: "h", for: path)
      header.title =
        "\(dataSource.provider.headerTitle(forSection: path.section) ?? "") · "
        + "\(dataSource.sections[path.section].count)"
      header.setNeedsDisplay()
      return header
    }
    dataSource.selectionHandler = { [unowned view] _, path in view.focusItem(at: path) }
    host = CollectionViewWidget(collectionView: view)
    view.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
  }

  var status: String { lastEdit }

  func handleKey(_ keyval: guint) -> Bool {
    var sections = dataSource.sections
    let focused = host.collectionView.focusedIndexPath
    switch keyval {
    case 0x61:  // a
      let path =
        focused.map { ItemPath(section: $0.section, item: $0.item + 1) }
        ?? ItemPath(section: 0, item: 0)
      sections[path.section].insert(Task(id: nextID, title: "New task \(nextID)"), at: path.item)
      nextID += 1
      apply(sections, "added")
    case 0x64:  // d
      guard let focused else { return true }
      sections[focused.section].remove(at: focused.item)
      apply(sections, "deleted")
    case 0x6D:  // m
      guard let focused else { return true }
      let task = sections[focused.section].remove(at: focused.item)
      sections[(focused.section + 1) % sections.count].insert(task, at: 0)
      apply(sections, "moved")
    case 0x73:  // s
      for index in sections.indices {
        for item in stride(from: sections[index].count - 1, to: 0, by: -1) {
          random = random &* 6_364_136_223_846_793_005 &+ 1
          sections[index].swapAt(item, Int((random >> 33) % UInt64(item + 1)))
        }
      }
      apply(sections, "shuffled")
    default:
      return host.handleKey(keyval)
    }
    return true
  }

  private func apply(_ sections: [[Task]], _ what: String) {
    let stages = dataSource.setSections(sections, animated: true)
    let moved = stages.reduce(0) { $0 + $1.movedItems.count }
    lastEdit = "\(what): \(stages.count) batch(es), \(moved) moved"
    if let focused = host.collectionView.focusedIndexPath {
      host.collectionView.focusItem(at: focused, animated: true)
    }
    host.layoutAndPlace()
  }
}
