import ReuseKit

/// What the board's hosts show around its columns, said once: the heading, each column's
/// title, the dragged cards' label, the focus a screen reader reads, and what `--restore`
/// keeps.
extension BoardModel: ViewsPageModel {
  /// The columns, left to right.
  public var views: [CollectionView] { columns }

  /// The active column.
  public var focusedView: CollectionView { columns[activeColumn] }

  /// A card is said with its column: "#2 Brisk Falcon, backlog, in To do, 2 of 12,000".
  public func containerName(of view: CollectionView) -> String? {
    column(of: view).map { Self.columnTitles[$0] }
  }

  /// An empty column says so (an empty board showed four bare columns: a new user's
  /// finding).
  public func emptyText(of view: CollectionView) -> String? {
    column(of: view) == nil ? nil : "No cards"
  }

  /// The line above the columns: "Board · 12,000 cards in four columns, …".
  public var heading: String {
    let total = cards.reduce(0) { $0 + $1.count }
    return "Board · \(plural(total, "card"))\(isCapped ? " (the most)" : "") in four columns,"
      + " each its own collection view"
  }

  /// Column `index`'s title with its count: "To do · 4,800".
  public func columnHeading(_ index: Int) -> String {
    "\(Self.columnTitles[index]) · \(cards[index].count.formatted)"
  }

  /// What the dragged cards' label says, beside the pointer: the first card's title and how
  /// many more ("#5 Quiet Lake +2"); `nil` without a drag.
  public var dragLabel: String? {
    guard let session = coordinator.session, let source = session.source,
      let column = column(of: source), let first = session.items.first,
      first.item < cards[column].count
    else { return nil }
    let more = session.items.count > 1 ? " +\(session.items.count - 1)" : ""
    return cardTitle(cards[column][first.item]) + more
  }

  /// The active column's position, with which column it is, every column's own (each scrolls
  /// on its own: only the active one came back, a new user's finding), and the cards in each
  /// column.
  public func savedPosition() -> GalleryPositions.Page? {
    let views = columns.map { $0.savedPagePosition() }
    guard var active = views[activeColumn] else { return nil }
    active.view = activeColumn
    active.views = views.allSatisfy { $0 != nil } ? views.map { $0! } : nil
    active.columns = cards
    return active
  }

  /// The cards' columns, each column's focus and scroll position, then the saved column made
  /// active again (a file of an earlier version, with the active column's alone, restores
  /// that one).
  public func restorePosition(_ position: GalleryPositions.Page) {
    // The cards where they were first: the places below are places among them.
    if let saved = position.columns { restoreCards(saved) }
    if let column = position.view { restoreActiveColumn(column) }
    var positions = Array(repeating: GalleryPositions.Page?.none, count: columns.count)
    for (index, saved) in (position.views ?? []).enumerated() where index < positions.count {
      positions[index] = saved
    }
    positions[activeColumn] = position
    for (view, saved) in zip(columns, positions) {
      if let saved { view.restorePagePosition(saved) }
    }
  }
}
