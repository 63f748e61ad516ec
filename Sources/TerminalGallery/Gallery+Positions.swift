import GalleryKit
import ReuseKit
import ReuseTerminal

extension Gallery {
  // MARK: Positions kept across runs

  /// The page showing and the scroll position of every page made so far (for
  /// `--restore FILE`). A page left where a position this run's data lacks was shown as near
  /// as it could be keeps the position asked for: a run with fewer items rewrote the file
  /// with the nearer places, and the larger run's were lost (a new user's finding).
  public func savedPositions() -> GalleryPositions {
    var result = GalleryPositions(page: currentPageName, positions: pendingPositions)
    for (index, page) in pages.enumerated() {
      let name = descriptors[index].name
      let key = positionKey(name)
      guard let position = page?.savedPosition() else {
        // A page with nothing to show (`--items 0`) keeps the place it was asked for (the
        // file lost it, and the next run opened at the top: a new user's finding).
        if page != nil, let kept = approximatedPositions[name], kept.shown == nil {
          result.positions[key] = kept.requested
        }
        continue
      }
      // Still where it was shown; or, shown with nothing, not used since: what arrived by
      // itself (the chat's messages) does not replace the place kept ("the place is kept" was
      // said, and the file then kept the chat's end: a new user's finding).
      if let kept = approximatedPositions[name], kept.shown == position || kept.shown == nil {
        result.positions[key] = kept.requested
      } else {
        result.positions[key] = position
      }
    }
    return result
  }

  /// The name page `name`'s position is kept under: with the data shown, when it is not the
  /// demo's (``positionsData``).
  func positionKey(_ name: String) -> String {
    positionsData.map { "\(name)@\($0)" } ?? name
  }

  /// The user gave the current page a key or a press: a page restored with nothing to show
  /// now keeps where the user takes it, no longer the place asked for.
  func currentPageWasUsed() {
    if let kept = approximatedPositions[currentPageName], kept.shown == nil {
      approximatedPositions[currentPageName] = nil
    }
  }

  /// Shows the saved page (unless `showsSavedPage` is false: a page asked for by name wins)
  /// and scrolls each page to its saved position when it is first laid out at the terminal's
  /// size. Unknown pages are ignored.
  public func restore(_ saved: GalleryPositions, showsSavedPage: Bool = true) {
    pendingPositions = saved.positions
    if showsSavedPage, let page = saved.page,
      let index = descriptors.firstIndex(where: { $0.name == page })
    {
      showPage(at: index)
    }
    layoutPage()
  }

  /// What of `requested` the current page, just restored, could not show, in one line short
  /// enough for the status line at 80 columns ("list: past this run's 30 items; nearest
  /// shown"); `nil` when everything came back.
  func restoreProblem(_ requested: GalleryPositions.Page) -> String? {
    let page = currentPageName
    let restored = currentPage.savedPosition()
    if let column = requested.view, restored?.view != column {
      return "\(page): column \((column + 1).formatted) is not there"
    }
    if let selection = requested.selection, currentPage.restorableSelection != selection {
      let noun = currentPage.restorableSelectionNoun
      return "\(page): \(noun) \((selection + 1).formatted) is not there; nearest shown"
    }
    let view = currentPage.restorableView
    // Rows named by places (the outline's) came back when their places did, wherever they
    // are now; other rows, when their paths did.
    let placeIsGone =
      !requested.scroll.isAtStart
      && (requested.scrollPlace.map { restored?.scrollPlace != $0 }
        ?? view.map {
          $0.nearestItem(to: requested.scroll.indexPath) != requested.scroll.indexPath
        } ?? false)
    let focusIsGone =
      requested.focusPlace.map { restored?.focusPlace != $0 }
      ?? requested.focus.map { restored?.focus != $0 } ?? false
    guard placeIsGone || focusIsGone else { return nil }
    // The data's size in the words of a list of one section; another page's paths (a table's
    // rows and columns, sections of items) say nothing a reader would know.
    var data = "data"
    if let view, view.numberOfSections == 1 {
      data = plural(view.numberOfItems(inSection: 0), "item")
    }
    if restored == nil {
      // Nothing to show (no items this run): nothing is shown "nearest", and the place waits.
      return "\(page): nothing in this run's data; the place is kept"
    }
    return "\(page): past this run's \(data); nearest shown"
  }
}
