import ReuseKit

extension DeclarativeDataSource {
  // MARK: Reading

  /// The identifier of the item at `indexPath` (its ``ForEach``'s `id`), or `nil` outside the
  /// data.
  public func itemIdentifier(for indexPath: ItemPath) -> AnyHashable? {
    guard let (group, index) = locate(indexPath) else { return nil }
    return group.group.identifier(at: index)
  }

  /// Where the item identified by `identifier` is now, searching every section.
  ///
  /// - Complexity: O(n): one identifier read per item until it is found.
  public func indexPath(for identifier: AnyHashable) -> ItemPath? {
    for (section, resolved) in sections.enumerated() {
      for (index, entry) in resolved.groups.enumerated() {
        for item in 0..<entry.group.count where entry.group.identifier(at: item) == identifier {
          return ItemPath(section: section, item: resolved.starts[index] + item)
        }
      }
    }
    return nil
  }

  /// The identifier of section `index`.
  public func sectionIdentifier(for index: Int) -> AnyHashable? {
    sections.indices.contains(index) ? sections[index].id.anyHashable : nil
  }

  /// The identifier of the focused item (the keyboard's cursor), or `nil`. Setting it focuses
  /// that item (found in O(n)) and scrolls it into view; an identifier not in the data is left
  /// out, with a diagnostic, and `nil` removes the focus.
  public var focusedItemIdentifier: AnyHashable? {
    get { collectionView.focusedIndexPath.flatMap(itemIdentifier(for:)) }
    set {
      guard let newValue else { return collectionView.focusItem(at: nil) }
      guard let path = indexPath(for: newValue) else {
        collectionView.diagnostics.report(
          .unknownIdentifier,
          "DeclarativeDataSource: no item is identified by \(newValue); the focus stays")
        return
      }
      collectionView.focusItem(at: path)
    }
  }

  /// The identifiers of the selected items, in the collection view's order. Setting it
  /// selects the items with these identifiers (found in O(n)) and deselects the others;
  /// identifiers not in the data are left out, with a diagnostic.
  public var selectedItemIdentifiers: [AnyHashable] {
    get { collectionView.indexPathsForSelectedItems.compactMap(itemIdentifier(for:)) }
    set {
      var wanted = Set(newValue)
      var paths: [ItemPath] = []
      for (section, resolved) in sections.enumerated() where !wanted.isEmpty {
        for (index, entry) in resolved.groups.enumerated() where !wanted.isEmpty {
          for item in 0..<entry.group.count
          where wanted.remove(entry.group.identifier(at: item)) != nil {
            paths.append(ItemPath(section: section, item: resolved.starts[index] + item))
          }
        }
      }
      if !wanted.isEmpty {
        collectionView.diagnostics.report(
          .unknownIdentifier,
          "DeclarativeDataSource: no item is identified by \(wanted.map { "\($0)" }.sorted()); "
            + "not selected")
      }
      let keep = Set(paths)
      for path in collectionView.indexPathsForSelectedItems where !keep.contains(path) {
        collectionView.deselectItem(at: path)
      }
      let selected = Set(collectionView.indexPathsForSelectedItems)
      for path in paths where !selected.contains(path) { collectionView.selectItem(at: path) }
    }
  }
}
