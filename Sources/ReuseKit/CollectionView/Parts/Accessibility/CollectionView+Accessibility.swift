/// A data source that shows a tree (``OutlineDataSource`` is one): the engine reads each row's
/// level, expansion and place among its siblings for accessibility, and expands and collapses
/// rows when assistive technology asks.
public protocol CollectionViewTreeDataSource: CollectionViewDataSource {
  /// Where the item at `indexPath` is in the tree, or `nil` for a path that shows no tree
  /// row.
  ///
  /// Called for displayed items and on demand; answer in O(log n) or better.
  func collectionView(
    _ collectionView: CollectionView, treePositionOfItemAt indexPath: ItemPath
  ) -> TreePosition?

  /// Expands or collapses the item at `indexPath` (as a click on its disclosure would);
  /// returns whether it changed.
  func collectionView(
    _ collectionView: CollectionView, setExpanded expanded: Bool, forItemAt indexPath: ItemPath
  ) -> Bool

  /// Whether the collection view shows a tree now, and so is one to assistive technology (a
  /// source that shows a tree only sometimes, as a declared collection with an outline does,
  /// says so); `true` by default.
  func collectionViewShowsTree(_ collectionView: CollectionView) -> Bool
}

extension CollectionViewTreeDataSource {
  /// A tree, always.
  public func collectionViewShowsTree(_ collectionView: CollectionView) -> Bool { true }
}

/// A layout whose items are cells of a grid: the engine reads each item's row and column for
/// accessibility (``GridLayout`` is one).
public protocol AccessibilityGridLayout: CollectionViewLayout {
  /// The item's row and column, from 1, and the grid's counts; `nil` out of range.
  ///
  /// - Complexity: O(1) or O(log n).
  func gridPosition(ofItemAt indexPath: ItemPath) -> GridPosition?
}

extension CollectionView {
  // MARK: The container

  /// The collection view's role for assistive technology: set by controls (an option bar is a
  /// tab list), else a tree for a ``CollectionViewTreeDataSource``, a grid for an
  /// ``AccessibilityGridLayout``, the layout's own role where it has one
  /// (``CollectionViewLayout/accessibilityContainerRole``: a carousel for a ``CarouselLayout``),
  /// and a list otherwise.
  /// Items take the matching role (``AccessibilityRole/itemRole``).
  public var accessibilityRole: AccessibilityRole {
    get {
      if let role = accessibility.role { return role }
      if accessibility.gridRow != nil { return .row }
      if let tree = dataSource as? any CollectionViewTreeDataSource,
        tree.collectionViewShowsTree(self)
      {
        return .tree
      }
      if collectionViewLayout is any AccessibilityGridLayout { return .grid }
      if let role = collectionViewLayout.accessibilityContainerRole { return role }
      return .list
    }
    set { accessibility.role = newValue }
  }

  /// The role of its items: by default the one that goes with ``accessibilityRole``
  /// (``AccessibilityRole/itemRole``); a control sets another (a picker's container is a grid
  /// whose items are its rows).
  public var accessibilityItemRole: AccessibilityRole {
    get { accessibility.itemRole ?? accessibilityRole.itemRole }
    set { accessibility.itemRole = newValue }
  }

  /// What the collection view is called ("Arrivals", "Categories"); empty by default.
  public var accessibilityLabel: String {
    get { accessibility.label }
    set { accessibility.label = newValue }
  }

  /// For a collection view that shows one row of a grid of its own (a picker's row): its row,
  /// from 1, and the grid's row count. Its items are then grid cells at that row, their item
  /// number the column. `nil` by default.
  public var accessibilityGridRow: (row: Int, rowCount: Int)? {
    get { accessibility.gridRow }
    set { accessibility.gridRow = newValue }
  }

  /// Increment and decrement for a control adjusted as a whole (a picker moves its column, a
  /// carousel its page): called with +1 or -1, it returns whether anything moved. Set, every
  /// item offers ``AccessibilityActions/increment`` and ``AccessibilityActions/decrement``.
  public var accessibilityAdjustment: ((Int) -> Bool)? {
    get { accessibility.adjust }
    set { accessibility.adjust = newValue }
  }

  /// Opens (`true`) or closes an item that is not a tree's row but says whether it is open
  /// (its view's ``ReusableView/accessibilityIsExpanded``: a list row that Enter opens to its
  /// details); returns whether it did. Set, such items offer
  /// ``AccessibilityActions/expand`` or ``AccessibilityActions/collapse``, as a tree's rows do.
  public var accessibilityExpansionHandler: ((ItemPath, Bool) -> Bool)? {
    get { accessibility.expand }
    set { accessibility.expand = newValue }
  }

  /// An item's place in its set and the set's size, for a control whose items are not its
  /// data's items (a wrapping carousel shows its cards in many slots: slot 4,007 is "3 of
  /// 7"). `nil` by default: the place among all items, counting across sections.
  public var accessibilitySetPosition: ((ItemPath) -> (position: Int, size: Int))? {
    get { accessibility.setPosition }
    set { accessibility.setPosition = newValue }
  }

  /// Told what a screen reader should announce, as it happens: "rows 41 to 60 of 1,000,000"
  /// after an accessibility page scroll, "3 items added" after a batch update, "moved to
  /// position 12 of 40" after an interactive move, a control's own ("page 3 of 7"). Hosts pass
  /// it on (GTK: `gtk_accessible_announce` where it exists; the terminal's screen-reader mode
  /// writes it as a line). Nothing is formatted while it is `nil`.
  public var accessibilityAnnouncementHandler: ((String) -> Void)? {
    get { accessibility.announcementHandler }
    set { accessibility.announcementHandler = newValue }
  }

  /// Changes whenever any element's place in its set, grid or tree may have changed without
  /// its own view being configured again: new counts (a reload, a batch update, an outline's
  /// expansion) or a new viewport size (a grid's column count). A host that keeps what it told
  /// assistive technology about each view (GTK's accessible properties) tells it again for
  /// every displayed view when this changes; a view's own changes come through
  /// ``ReusableView/setNeedsDisplay()``.
  public var accessibilityRevision: Int { accessibility.revision }

  /// Says that elements' places changed without new counts or a new viewport size (a table's
  /// columns moved, hidden or shown again): ``accessibilityRevision`` changes, so hosts tell
  /// every displayed view its place again, and the container its shape.
  public func accessibilityPlacesDidChange() { accessibility.revision &+= 1 }

  /// Announces `message` to the ``accessibilityAnnouncementHandler``, if any (controls post
  /// their own: a carousel's page).
  public func postAccessibilityAnnouncement(_ message: @autoclosure () -> String) {
    accessibility.announce(message())
  }

  /// The collection view itself as an element: its role and label, the item count as its set
  /// size, its frame (the viewport), and the scroll actions it allows.
  public var accessibilityContainerElement: AccessibilityElement {
    var element = AccessibilityElement(
      role: accessibilityRole, label: accessibilityLabel,
      frame: Rect(x: 0, y: 0, width: viewportSize.width, height: viewportSize.height))
    element.setSize = counts.total
    // Items that are not the slots they show in (a wrapping carousel's 12 cards in a million
    // slots) are counted as the items say they are.
    if counts.total > 0, let size = accessibility.setPosition?(ItemPath(section: 0, item: 0)).size,
      size > 0
    {
      element.setSize = size
    }
    if counts.sectionCount > 1 { element.section = (0, counts.sectionCount) }
    element.actions = scrollActions
    if accessibility.adjust != nil { element.actions.formUnion([.increment, .decrement]) }
    return element
  }

  private var scrollActions: AccessibilityActions {
    var actions: AccessibilityActions = []
    let axis = primaryAxis
    if contentOffset[axis] < maximumContentOffset[axis] - 0.5 { actions.insert(.scrollForward) }
    if contentOffset[axis] > minimumContentOffset[axis] + 0.5 { actions.insert(.scrollBackward) }
    return actions
  }

  // MARK: Elements

  /// The element of the item at `indexPath`, displayed or not, or `nil` out of range. Its
  /// label and value come from its cell when it is displayed; otherwise from the data source,
  /// when it is an ``AccessibilityDescribingDataSource`` (or, as a label, the text a
  /// ``SearchableDataSource`` finds it by).
  ///
  /// - Complexity: O(log n) for the layouts ReuseKit ships (the frame), plus the data source's
  ///   tree position for a tree.
  public func accessibilityElement(forItemAt indexPath: ItemPath) -> AccessibilityElement? {
    layoutIfNeeded()
    guard isValid(indexPath) else { return nil }
    let frame = collectionViewLayout.frameForItem(at: indexPath) ?? .zero
    if let cell = cellForItem(at: indexPath) {
      return itemElement(indexPath, view: cell, frame: frame)
    }
    var element = itemElement(indexPath, view: nil, frame: frame)
    if let describing = dataSource as? any AccessibilityDescribingDataSource,
      let description = describing.collectionView(
        self, accessibilityDescriptionOfItemAt: indexPath)
    {
      element.label = description.label
      element.value = description.value
      element.hint = description.hint
    } else if let searchable = dataSource as? any SearchableDataSource,
      let text = searchable.collectionView(self, searchableTextForItemAt: indexPath)
    {
      element.label = text
    }
    return element
  }

  /// The elements on screen, in reading order: each section's header, its items, its footer.
  /// Views in the overscan (drawn ahead of the scroll, off screen) are left out.
  ///
  /// - Complexity: O(k log k) for the k views displayed.
  public var accessibilityElements: [AccessibilityElement] {
    layoutIfNeeded()
    let visible = bounds
    var found: [(key: (Int, Int, Int), element: AccessibilityElement)] = []
    for index in 0..<displayedItems.count {
      let attributes = displayedItems.attributes[index]
      guard attributes.frame.intersects(visible), attributes.alpha > 0 else { continue }
      let path = attributes.indexPath
      found.append(
        (
          (path.section, 1, path.item),
          itemElement(path, view: displayedItems.view(at: index), frame: attributes.frame)
        ))
    }
    for index in 0..<displayedSupplementaryViews.count {
      let attributes = displayedSupplementaryViews.attributes[index]
      guard attributes.frame.intersects(visible), let kind = attributes.supplementaryKind else {
        continue
      }
      let view = displayedSupplementaryViews.view(at: index)
      let isFooter = kind == .footer
      var element = AccessibilityElement(
        role: isFooter ? .footer : .header, label: view.accessibilityLabel ?? "",
        value: view.accessibilityValue, hint: view.accessibilityHint,
        indexPath: attributes.indexPath, frame: viewportFrame(attributes.frame))
      let section = attributes.indexPath.section
      if counts.sectionCount > 1 { element.section = (section + 1, counts.sectionCount) }
      element.setSize = counts.numberOfItems(inSection: section)
      found.append(((section, isFooter ? 2 : 0, 0), element))
    }
    found.sort { $0.key < $1.key }
    return found.map(\.element)
  }

  /// An item's element, from the engine's state and the view showing it (if any).
  private func itemElement(
    _ indexPath: ItemPath, view: ReusableView?, frame: Rect
  ) -> AccessibilityElement {
    let role = accessibilityItemRole
    var element = AccessibilityElement(
      role: role, label: view?.accessibilityLabel ?? "", value: view?.accessibilityValue,
      hint: view?.accessibilityHint, indexPath: indexPath, frame: viewportFrame(frame),
      isSelected: isShownSelected(indexPath), isFocused: focusedIndexPath == indexPath,
      isEnabled: view?.isAccessibilityEnabled ?? true)
    let sectionCount = counts.sectionCount
    let inSection = counts.numberOfItems(inSection: indexPath.section)
    if sectionCount > 1 {
      element.section = (indexPath.section + 1, sectionCount)
      element.positionInSection = indexPath.item + 1
      element.sectionSize = inSection
    }
    if allowsSelection { element.actions.insert(.activate) }
    if accessibility.adjust != nil { element.actions.formUnion([.increment, .decrement]) }
    if let tree = dataSource as? any CollectionViewTreeDataSource,
      let position = tree.collectionView(self, treePositionOfItemAt: indexPath)
    {
      element.level = position.level
      element.isExpanded = position.isExpanded
      element.positionInSet = position.positionInSet
      element.setSize = position.setSize
      if let expanded = position.isExpanded {
        element.actions.insert(expanded ? .collapse : .expand)
      }
      return element
    }
    if let expanded = view?.accessibilityIsExpanded {
      element.isExpanded = expanded
      if accessibility.expand != nil { element.actions.insert(expanded ? .collapse : .expand) }
    }
    if let row = accessibility.gridRow {
      element.gridPosition = GridPosition(
        row: row.row, column: indexPath.item + 1, rowCount: row.rowCount, columnCount: inSection)
    } else if let grid = collectionViewLayout as? any AccessibilityGridLayout {
      element.gridPosition = grid.gridPosition(ofItemAt: indexPath)
    }
    if let setPosition = accessibility.setPosition {
      (element.positionInSet, element.setSize) = setPosition(indexPath)
    } else if collectionViewLayout.sectionScrolling != nil {
      // Each rail is a list of its own: an app is the second of its rail's 500.
      element.positionInSet = indexPath.item + 1
      element.setSize = inSection
    } else {
      element.positionInSet = counts.flatIndex(of: indexPath) + 1
      element.setSize = counts.total
    }
    return element
  }

  private func viewportFrame(_ frame: Rect) -> Rect {
    frame.offsetBy(dx: -contentOffset.x, dy: -contentOffset.y)
  }

  // MARK: Actions

  /// Performs what assistive technology asks of an item (or, for the scroll actions and
  /// increment and decrement, of the collection view; `indexPath` may then be `nil`):
  ///
  /// - ``AccessibilityAction/activate``: as a tap (``tapItem(at:modifiers:)``), after focusing it;
  /// - ``AccessibilityAction/expand``, ``AccessibilityAction/collapse``: through a
  ///   ``CollectionViewTreeDataSource``;
  /// - ``AccessibilityAction/increment``, ``AccessibilityAction/decrement``: through
  ///   ``accessibilityAdjustment``;
  /// - ``AccessibilityAction/scrollForward``, ``AccessibilityAction/scrollBackward``: a page
  ///   at once; the first item wholly on screen after it takes the focus, and "rows 41 to 60
  ///   of 1,000,000" is announced.
  ///
  /// Returns whether anything happened.
  @discardableResult
  public func performAccessibilityAction(
    _ action: AccessibilityAction, forItemAt indexPath: ItemPath? = nil
  ) -> Bool {
    layoutIfNeeded()
    switch action {
    case .activate:
      guard let indexPath, isValid(indexPath), allowsSelection else { return false }
      focusItem(at: indexPath)
      tapItem(at: indexPath)
      return true
    case .expand, .collapse:
      guard let indexPath, isValid(indexPath) else { return false }
      // A tree's row, by the tree; any other item, by the handler.
      guard let tree = dataSource as? any CollectionViewTreeDataSource,
        tree.collectionView(self, treePositionOfItemAt: indexPath) != nil
      else {
        return accessibility.expand?(indexPath, action == .expand) ?? false
      }
      return tree.collectionView(self, setExpanded: action == .expand, forItemAt: indexPath)
    case .increment, .decrement:
      return accessibility.adjust?(action == .increment ? 1 : -1) ?? false
    case .scrollForward, .scrollBackward:
      return scrollPageForAccessibility(forward: action == .scrollForward)
    }
  }

  /// A page along the scroll axis at once; focuses the first item wholly on screen after it
  /// and announces the range of rows shown.
  private func scrollPageForAccessibility(forward: Bool) -> Bool {
    let axis = primaryAxis
    let before = contentOffset
    var target = contentOffset
    let page = viewportSize[axis]
    target[axis] += forward ? page : -page
    target = clampedContentOffset(target)
    guard target != before else { return false }
    setContentOffset(target, animated: false)
    layoutIfNeeded()
    let visible = bounds
    var first: ItemPath?
    var last: ItemPath?
    for index in 0..<displayedItems.count {
      let attributes = displayedItems.attributes[index]
      guard visible.contains(attributes.frame) else { continue }
      if first == nil || attributes.indexPath < first! { first = attributes.indexPath }
      if last == nil || last! < attributes.indexPath { last = attributes.indexPath }
    }
    if let first {
      focusItem(at: first, scrollsIntoView: false)
      let total = counts.total
      let from = counts.flatIndex(of: first) + 1
      let to = counts.flatIndex(of: last ?? first) + 1
      accessibility.announce(
        "rows \(from.grouped) to \(to.grouped) of \(total.grouped)")
    }
    return true
  }
}

extension Rect {
  /// Whether `other` lies wholly inside (edges included).
  func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }
}
