import ReuseKit

/// A page model that shows one or more collection views: what spans them is said here once,
/// for every host. A host puts each view in a pane or a widget, tells the model where a press
/// or the keyboard focus went, and reads from here the page's focus for a screen reader, its
/// counters, whether it animates, and its state for `--restore`.
public protocol ViewsPageModel: PageModel {
  /// The page's collection views, the main one first (never empty).
  var views: [CollectionView] { get }
  /// The view the keys go to: its focused item is the page's. The main one by default.
  var focusedView: CollectionView { get }
  /// A press began in `view`: it takes the keys. Nothing by default.
  func pointerDidPress(in view: CollectionView)
  /// The host's keyboard focus came into `view` by the host's own means (GTK's Tab): as a
  /// press there by default.
  func keyboardFocusDidEnter(_ view: CollectionView)
  /// What a screen reader says `view` is, after an item's own words ("the tag strip", "To
  /// do"), for a view whose items need it; `nil` by default.
  func containerName(of view: CollectionView) -> String?
  /// What `view` says while it shows nothing at all (no data, or its items all moved away),
  /// for a host to draw centred over it; `nil` (the default) says nothing.
  func emptyText(of view: CollectionView) -> String?
  /// The page's state for `--restore`: by default the main view's scroll position and focus.
  func savedPosition() -> GalleryPositions.Page?
  /// Puts back a state ``savedPosition()`` gave, once the views are laid out at their size:
  /// by default focus, then scroll, on the main view.
  func restorePosition(_ position: GalleryPositions.Page)
}

extension ViewsPageModel {
  /// The main view.
  public var focusedView: CollectionView { views[0] }

  /// Nothing moves.
  public func pointerDidPress(in view: CollectionView) {}

  /// As a press in `view`.
  public func keyboardFocusDidEnter(_ view: CollectionView) { pointerDidPress(in: view) }

  /// None.
  public func containerName(of view: CollectionView) -> String? { nil }

  /// Nothing.
  public func emptyText(of view: CollectionView) -> String? { nil }

  /// The main view's scroll position and focus.
  public func savedPosition() -> GalleryPositions.Page? { views[0].savedPagePosition() }

  /// Focus, then scroll, on the main view.
  public func restorePosition(_ position: GalleryPositions.Page) {
    views[0].restorePagePosition(position)
  }

  /// The focused view's focused item, said with the view it is in when the view has a
  /// ``containerName(of:)``: "red, in the tag strip, 1 of 33".
  public var accessibilityFocus: AccessibilityElement? {
    let view = focusedView
    let element = view.focusedIndexPath.flatMap(view.accessibilityElement(forItemAt:))
    return containerName(of: view).map { element?.inContainer($0) } ?? element
  }

  /// Whether a view moves or the page's find still looks.
  public var isAnimating: Bool {
    views.contains { $0.isAnimating } || (finder?.isSearching ?? false)
  }

  /// The views' counters together (one view's alone said "visible 3" beside a board's nine
  /// cards on screen: a new user's finding).
  public var reuseCounters: ReuseCounters {
    views.reduce(into: ReuseCounters()) { total, view in
      let counters = view.reuseCounters
      total.created += counters.created
      total.reused += counters.reused
      total.visible += counters.visible
      total.peakVisible += counters.peakVisible
      total.discarded += counters.discarded
    }
  }

  /// The views' idle views per reuse identifier, together.
  public var poolSizes: [String: Int] {
    views.reduce(into: [:]) { sizes, view in sizes.merge(view.poolSizes) { $0 + $1 } }
  }
}

extension CollectionView {
  /// The scroll position and focus as a page keeps them for `--restore`, with `selection`
  /// (the option bar's category) if the page keeps one; `nil` before the first layout.
  public func savedPagePosition(selection: Int? = nil) -> GalleryPositions.Page? {
    savedScrollPosition().map {
      GalleryPositions.Page(scroll: $0, focus: focusedIndexPath, selection: selection)
    }
  }

  /// Puts back a position ``savedPagePosition(selection:)`` gave: the focus (on the nearest
  /// item this data has), then `beforeScroll` (the page's selection), then the scroll
  /// position. A place this data lacks shows the focus, not whatever the clamped scroll
  /// position left (it showed the top, the focus at the end off screen: a new user's
  /// finding).
  public func restorePagePosition(
    _ position: GalleryPositions.Page, beforeScroll: () -> Void = {}
  ) {
    let focus = position.focus.flatMap(nearestItem(to:))
    if let focus { focusItem(at: focus, scrollsIntoView: false) }
    beforeScroll()
    restoreScrollPosition(position.scroll)
    let placeIsGone =
      !position.scroll.isAtStart
      && nearestItem(to: position.scroll.indexPath) != position.scroll.indexPath
    if let focus, focus != position.focus || placeIsGone {
      scrollToItem(at: focus, at: .nearest, animated: false)
      layoutIfNeeded()
    }
  }
}

extension CollectionView {
  /// Idle views per registered identifier, zeros included.
  public var poolSizes: [String: Int] {
    var sizes: [String: Int] = [:]
    for identifier in registeredReuseIdentifiers {
      sizes[identifier] = reusePool.count(forReuseIdentifier: identifier)
    }
    return sizes
  }
}

extension CollectionView {
  /// The item at `path`, or the nearest one before it in item order when `path` is past the
  /// end of its section or of the sections (`nil` when there are no items).
  ///
  /// A table's rows are sections of the same columns: past its last row, the nearest is the
  /// last row's cell in the same column (it was the last row's last column, and the view
  /// scrolled to the far right: a new user's finding).
  public func nearestItem(to path: ItemPath) -> ItemPath? {
    var section = min(max(0, path.section), numberOfSections - 1)
    let keepsColumn = collectionViewLayout is TableLayout
    var item = section == path.section || keepsColumn ? max(0, path.item) : Int.max
    while section >= 0 {
      let count = numberOfItems(inSection: section)
      if count > 0 { return ItemPath(section: section, item: min(item, count - 1)) }
      section -= 1
      item = Int.max
    }
    return nil
  }
}

extension AccessibilityElement {
  /// The element with the container it is in said after its value ("in To do"): for a page of
  /// several collection views, where the position alone does not say which.
  public func inContainer(_ name: String) -> AccessibilityElement {
    var element = self
    element.value = [value, "in \(name)"].compactMap { $0 }.filter { !$0.isEmpty }
      .joined(separator: ", ")
    return element
  }
}
