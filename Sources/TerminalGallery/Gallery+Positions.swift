import GalleryKit
import ReuseKit
import ReuseTerminal

extension Gallery {
  // MARK: Positions kept across runs

  /// The page showing and the scroll position of every page made so far (for
  /// `--restore FILE`).
  public func savedPositions() -> GalleryPositions {
    var result = GalleryPositions(page: currentPageName, positions: pendingPositions)
    for (index, page) in pages.enumerated() {
      if let position = page?.savedPosition() {
        result.positions[descriptors[index].name] = position
      }
    }
    return result
  }

  /// Shows the saved page and scrolls each page to its saved position when it is first laid
  /// out at the terminal's size. Unknown pages are ignored.
  public func restore(_ saved: GalleryPositions) {
    pendingPositions = saved.positions
    if let page = saved.page, let index = descriptors.firstIndex(where: { $0.name == page }) {
      showPage(at: index)
    }
    layoutPage()
  }

  /// What of `requested` the current page, just restored, could not show, in one line short
  /// enough for the status line at 80 columns ("list: item 5,001 of 1,000 is past the end");
  /// `nil` when everything came back. The page shows the nearest place it has.
  func restoreProblem(_ requested: GalleryPositions.Page) -> String? {
    let page = currentPageName
    let restored = currentPage.savedPosition()
    if let column = requested.view, restored?.view != column {
      return "\(page): column \((column + 1).formatted) is not there"
    }
    if !requested.scroll.isAtStart, let view = currentPage.restorableView,
      let problem = Self.outOfRange(requested.scroll.indexPath, in: view)
    {
      return "\(page): \(problem)"
    }
    if let focus = requested.focus, restored?.focus != focus {
      let problem =
        currentPage.restorableView.flatMap { Self.outOfRange(focus, in: $0) }
        ?? "(\((focus.section + 1).formatted), \((focus.item + 1).formatted)) is not there"
      return "\(page): focus \(problem)"
    }
    if let selection = requested.selection, currentPage.restorableSelection != selection {
      return "\(page): choice \((selection + 1).formatted) is not there"
    }
    return nil
  }

  /// Why `path` is not an item of `view` ("item 5,001 of 1,000 is past the end"), or `nil`
  /// when it is one.
  private static func outOfRange(_ path: ItemPath, in view: CollectionView) -> String? {
    let sections = view.numberOfSections
    guard path.section < sections else {
      return "section \((path.section + 1).formatted) of \(sections.formatted) is past the end"
    }
    let items = view.numberOfItems(inSection: path.section)
    guard path.item >= items else { return nil }
    let item = (path.item + 1).formatted
    guard sections == 1 else {
      return "item \(item) is past section \((path.section + 1).formatted)'s \(items.formatted)"
    }
    return "item \(item) of \(items.formatted) is past the end"
  }
}
