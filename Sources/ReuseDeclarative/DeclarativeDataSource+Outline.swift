import ReuseKit

// MARK: Outlines

extension DeclarativeDataSource {
  /// Stacked headers for a `ListLayout` from the declared outlines' rows: each row's parent
  /// row and the last row of its subtree, found in O(1) from the rows as shown. An outline
  /// declared with ``OutlineGroup/stackedHeaders(maximumRows:maximumFraction:)`` has them
  /// given to the layout by the data source; this is for setting them yourself:
  ///
  /// ```swift
  /// (collectionView.collectionViewLayout as? ListLayout)?.stackedHeaders =
  ///   source.stackedHeaders()
  /// ```
  ///
  /// Items that are not an outline's rows have no parent and stick to nothing.
  public func stackedHeaders(
    maximumRows: Int = 5, maximumFraction: Double = 0.4
  )
    -> StackedHeaders
  {
    StackedHeaders(
      maximumRows: maximumRows, maximumFraction: maximumFraction,
      parent: { [weak self] in self?.outlineRow(relatedTo: $0) { $0.parent } },
      lastDescendant: { [weak self] path in
        self?.outlineRow(relatedTo: path) { $0.lastDescendant } ?? path
      })
  }

  /// The path of the row `related` names for the outline row at `path` (its parent's, its
  /// subtree's last), both rows of one group; `nil` for an item that is not an outline's row.
  private func outlineRow(
    relatedTo path: ItemPath, _ related: (OutlinePlace) -> Int?
  ) -> ItemPath? {
    guard let (entry, index) = locate(path),
      let place = entry.group.outlinePlace(at: index), let row = related(place)
    else { return nil }
    return ItemPath(section: path.section, item: path.item - index + row)
  }

  /// Gives the layout the stacked headers the body's outline declared (a `ListLayout`), or
  /// takes back those it gave when the body no longer declares them; headers the app set
  /// itself are left alone.
  func installStackedHeadersIfNeeded() {
    guard let list = collectionView.layout as? ListLayout else { return }
    switch (declaredStacking, installedStacking) {
    case (nil, nil): return
    case (nil, .some):
      installedStacking = nil
      list.stackedHeaders = nil
    case (let declared?, let installed):
      if let installed, installed == declared { return }
      guard installed != nil || list.stackedHeaders == nil else { return }
      installedStacking = declared
      list.stackedHeaders = stackedHeaders(
        maximumRows: declared.maximumRows, maximumFraction: declared.maximumFraction)
    }
    list.invalidateLayout()
    collectionView.setNeedsLayout()
  }

  /// Whether the outline row identified by `id` shows its children.
  public func isExpanded(_ id: some Hashable) -> Bool {
    expandedItemIdentifiers.contains(AnyHashable(id))
  }

  /// Expands or collapses the outline row identified by `id` (its descendants slide in or out
  /// on the next tick, as one animated batch). An identifier no row has now is kept: the row
  /// shows expanded when it appears.
  public func setExpanded(_ expanded: Bool, itemIdentifiedBy id: some Hashable) {
    if expanded {
      expandedItemIdentifiers.insert(AnyHashable(id))
    } else {
      expandedItemIdentifiers.remove(AnyHashable(id))
    }
  }

  /// The outline row at `indexPath`: its level, whether it has children and shows them; `nil`
  /// for an item that is not an outline's.
  public func outlineRow(at indexPath: ItemPath) -> OutlineRow? {
    guard let (entry, index) = locate(indexPath) else { return nil }
    return entry.group.outlinePlace(at: index)?.row
  }

  /// Expands the outline row at `indexPath` if it is collapsed, collapses it if it is
  /// expanded (a click on its triangle); returns whether it has children to show or hide.
  @discardableResult
  public func toggleExpansion(at indexPath: ItemPath) -> Bool {
    guard let (entry, index) = locate(indexPath),
      let place = entry.group.outlinePlace(at: index), place.row.hasChildren
    else { return false }
    if place.row.isExpanded { focusRowIfItHidesTheFocus(indexPath, group: entry, row: index) }
    setExpanded(!place.row.isExpanded, itemIdentifiedBy: place.id)
    revealedRow = (indexPath, place.id)
    return true
  }

  /// Before the row at `indexPath` (row `row` of `group`) collapses: when the focused item is
  /// one of its descendants, the focus moves to the row, as tree views move it (otherwise the
  /// focus would go to the row after the hidden ones, and scrolling to it could take the row
  /// collapsed off screen). The row is where the focus was, or above it: no scroll needed.
  private func focusRowIfItHidesTheFocus(_ indexPath: ItemPath, group: GroupEntry, row: Int) {
    guard let focused = collectionView.focusedIndexPath, focused.section == indexPath.section,
      focused.item > indexPath.item
    else { return }
    // The focused item's ancestors in the same group, up the tree while they come after the
    // row (a parent always comes before its children).
    var ancestor = group.group.outlinePlace(at: row + focused.item - indexPath.item)?.parent
    while let current = ancestor, current >= row {
      if current == row {
        collectionView.focusItem(at: indexPath, scrollsIntoView: false)
        return
      }
      ancestor = group.group.outlinePlace(at: current)?.parent
    }
  }

  /// The outline keys, as tree views have them, for the focused row: → expands it (or, when it
  /// is expanded, moves to its first child), ← collapses it (or, when it is collapsed or has
  /// no children, moves to its parent). Returns whether the key was used; other keys, and rows
  /// that are no outline's, are the caller's (the collection view's key map).
  public func handleOutlineKey(_ key: KeyPress) -> Bool {
    guard key.modifiers.isEmpty, key.key == .left || key.key == .right,
      let focused = collectionView.focusedIndexPath, let (entry, index) = locate(focused),
      let place = entry.group.outlinePlace(at: index)
    else { return false }
    if key.key == .right {
      guard place.row.hasChildren else { return false }
      if !place.row.isExpanded {
        setExpanded(true, itemIdentifiedBy: place.id)
        revealedRow = (focused, place.id)
      } else {
        collectionView.focusItem(at: ItemPath(section: focused.section, item: focused.item + 1))
      }
      return true
    }
    if place.row.hasChildren && place.row.isExpanded {
      setExpanded(false, itemIdentifiedBy: place.id)
      revealedRow = (focused, place.id)
      return true
    }
    guard let parent = place.parent else { return false }
    collectionView.focusItem(
      at: ItemPath(section: focused.section, item: focused.item - index + parent))
    return true
  }

  /// Where an outline's row is in its tree, for assistive technology.
  public func collectionView(
    _ collectionView: CollectionView, treePositionOfItemAt indexPath: ItemPath
  ) -> TreePosition? {
    guard let (entry, index) = locate(indexPath) else { return nil }
    return entry.group.treePosition(at: index)
  }

  /// Expands or collapses an outline's row, as assistive technology asks.
  public func collectionView(
    _ collectionView: CollectionView, setExpanded expanded: Bool, forItemAt indexPath: ItemPath
  ) -> Bool {
    guard let (entry, index) = locate(indexPath),
      let place = entry.group.outlinePlace(at: index), place.row.hasChildren,
      place.row.isExpanded != expanded
    else { return false }
    if !expanded { focusRowIfItHidesTheFocus(indexPath, group: entry, row: index) }
    setExpanded(expanded, itemIdentifiedBy: place.id)
    revealedRow = (indexPath, place.id)
    return true
  }

  /// A tree to assistive technology while the body declares an outline; a list otherwise.
  public func collectionViewShowsTree(_ collectionView: CollectionView) -> Bool {
    declaresOutline
  }
}

// MARK: Transient state

extension DeclarativeDataSource {
  /// The state kept for the item identified by `id` (what a row shows that its data does not
  /// hold: details opened, an edit in progress), as a `Value`; `nil` when there is none.
  ///
  /// ```swift
  /// ForEach(model.mail) { mail in
  ///   let open = source.transientState(of: mail.id, as: Bool.self) ?? false
  ///   ListContent(mail.subject, secondary: open ? mail.preview : nil)
  /// }
  /// ```
  public func transientState<Value>(
    of id: some Hashable, as type: Value.Type = Value.self
  )
    -> Value?
  {
    transientStates[AnyHashable(id)] as? Value
  }

  /// Keeps `value` for the item identified by `id` (`nil` forgets it) and configures its cell
  /// again if it is displayed. The state belongs to the identifier, never to the reused cell:
  /// it follows the item through scrolling, sorting and new values of the data, and is dropped
  /// when an update removes the item.
  public func setTransientState(_ value: Any?, of id: some Hashable) {
    let key = AnyHashable(id)
    transientStates[key] = value
    reconfigureDisplayed { _, identifier in identifier == key }
  }

  /// Forgets the state of the items an update removed (deleted and not inserted again),
  /// before `sections` is replaced: O(deleted + inserted).
  func dropTransientStates(of changes: Changeset, old: [ResolvedSection], new: [ResolvedSection]) {
    guard !transientStates.isEmpty,
      !changes.deletedItems.isEmpty || !changes.deletedSections.isEmpty
    else { return }
    /// The identifiers at `items` and in the whole of `wholeSections`, in `sections`.
    func identifiers(
      _ items: [ItemPath], _ wholeSections: [Int], in sections: [ResolvedSection]
    ) -> [AnyHashable] {
      var paths = items
      for section in wholeSections where sections.indices.contains(section) {
        paths += (0..<sections[section].count).map { ItemPath(section: section, item: $0) }
      }
      return paths.compactMap { Self.identifier(at: $0, in: sections) }
    }
    let inserted = Set(identifiers(changes.insertedItems, changes.insertedSections, in: new))
    for id in identifiers(changes.deletedItems, changes.deletedSections, in: old)
    where !inserted.contains(id) {
      transientStates[id] = nil
    }
  }
}
