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
}
