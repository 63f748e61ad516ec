import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A header that says its section.
private final class LabelHeader: ReusableView {}

/// Sections of values in ``ValueCell``s ("Item N"), headers that say their section, and
/// items that move.
private class Values: SectionedValues {
  var sections: [[Int]]
  init(_ sections: [[Int]]) { self.sections = sections }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    valueCell(collectionView, at: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "h", for: indexPath)
    view.accessibilityLabel = "Section \(indexPath.section)"
    return view
  }
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath) -> Bool {
    true
  }
  func collectionView(
    _ collectionView: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath
  ) {
    _ = sections.moveElement(at: source, to: destination)
  }
}

private func makeView(_ layout: any CollectionViewLayout, _ values: Values) -> CollectionView {
  let view = CollectionView(layout: layout, viewportSize: Size(width: 320, height: 480))
  view.register(ValueCell.self, forCellWithReuseIdentifier: "value")
  view.register(LabelHeader.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "h")
  view.dataSource = values
  view.layoutIfNeeded()
  return view
}

/// Every element on screen against the model: label, place in the set and the section, grid
/// coordinates computed the slow way, selection and focus; and every item on screen has one.
private func check(
  _ view: CollectionView, _ values: Values, columns: Int? = nil, seed: UInt64, step: Int
) -> [String] {
  var problems: [String] = []
  let elements = view.accessibilityElements
  let total = values.sections.reduce(0) { $0 + $1.count }
  let visible = view.bounds
  var expectedItems = 0
  var rowsBefore = 0
  for (section, items) in values.sections.enumerated() {
    for item in items.indices {
      let path = ItemPath(section: section, item: item)
      if let frame = view.collectionViewLayout.frameForItem(at: path), frame.intersects(visible) {
        expectedItems += 1
      }
    }
    if let columns { rowsBefore += (items.count + columns - 1) / columns }
  }
  let itemElements = elements.filter { $0.role != .header && $0.role != .footer }
  if itemElements.count != expectedItems {
    problems.append("\(itemElements.count) item elements for \(expectedItems) items on screen")
  }
  var previous: ItemPath?
  for element in itemElements {
    guard let path = element.indexPath else {
      problems.append("an item element without a path")
      continue
    }
    if let previous, !(previous < path) { problems.append("out of order at \(path)") }
    previous = path
    let value = values.sections[path.section][path.item]
    let flat = values.sections[..<path.section].reduce(0) { $0 + $1.count } + path.item
    if element.label != "Item \(value)" { problems.append("\(path): label \(element.label)") }
    if element.positionInSet != flat + 1 || element.setSize != total {
      problems.append(
        "\(path): \(String(describing: element.positionInSet)) of \(String(describing: element.setSize)), expected \(flat + 1) of \(total)"
      )
    }
    if values.sections.count > 1 {
      if element.positionInSection != path.item + 1
        || element.sectionSize != values.sections[path.section].count
      {
        problems.append("\(path): place in section")
      }
    }
    if element.isSelected != view.indexPathsForSelectedItems.contains(path) {
      problems.append("\(path): selected \(element.isSelected)")
    }
    if element.isFocused != (view.focusedIndexPath == path) {
      problems.append("\(path): focused \(element.isFocused)")
    }
    if let columns {
      var rowStart = 0
      for section in 0..<path.section {
        rowStart += (values.sections[section].count + columns - 1) / columns
      }
      let expected = GridPosition(
        row: rowStart + path.item / columns + 1, column: path.item % columns + 1,
        rowCount: rowsBefore, columnCount: columns)
      if element.gridPosition != expected {
        problems.append(
          "\(path): grid \(String(describing: element.gridPosition)), expected \(expected)")
      }
    }
  }
  return problems.map { "seed \(seed), step \(step): \($0)" }
}

@Suite struct AccessibilitySemanticsTests {
  /// Lists and grids under random scrolls, batch updates, selections, focus moves and
  /// reorders: every element on screen says what the model says.
  @Test(arguments: ["list", "grid", "waterfall"])
  func elementsFollowTheModel(_ kind: String) {
    for index in 0..<12 {
      let (seed, start) = SeededRandom.forCase(index, base: 0xA11_E1E)
      var random = start
      let values = Values(
        (0..<random.int(1...4)).map { section in
          (0..<random.int(0...60)).map { section * 1_000 + $0 }
        })
      var next = 100_000
      let columns = 3
      let layout: any CollectionViewLayout
      switch kind {
      case "grid":
        layout = GridLayout(
          columns: .fixed(columns), itemHeight: .fixed(50), headerLength: .fixed(20))
      case "waterfall":
        layout = WaterfallLayout(
          columns: .fixed(2), itemHeight: .perItem { path, _ in Double(40 + (path.item * 7) % 60) })
      default:
        layout = ListLayout(itemSizing: .uniform(44), headerLength: .fixed(20))
      }
      let view = makeView(layout, values)
      var problems: [String] = []
      for step in 0..<80 {
        switch random.int(0...6) {
        case 0:
          let maximum = max(0, view.contentSize.height - view.viewportSize.height)
          view.contentOffset = Point(x: 0, y: random.double(0...maximum))
        case 1:
          // Insert a few values into a random section.
          let section = random.int(0..<values.sections.count)
          let count = random.int(1...3)
          let at = random.int(0...values.sections[section].count)
          for offset in 0..<count {
            values.sections[section].insert(next, at: at + offset)
            next += 1
          }
          view.performBatchUpdates(animated: false) {
            view.insertItems(at: (0..<count).map { ItemPath(section: section, item: at + $0) })
          }
        case 2:
          let section = random.int(0..<values.sections.count)
          guard !values.sections[section].isEmpty else { continue }
          let item = random.int(0..<values.sections[section].count)
          values.sections[section].remove(at: item)
          view.performBatchUpdates(animated: false) {
            view.deleteItems(at: [ItemPath(section: section, item: item)])
          }
        case 3, 4:
          let shown = view.indexPathsForVisibleItems
          guard let path = shown.randomElement(using: &random) else { continue }
          if random.chance(0.5) {
            view.tapItem(at: path)
          } else {
            view.focusItem(at: path)
          }
        case 5:
          _ = view.moveFocus(random.chance(0.5) ? .down : .pageDown)
        default:
          // A drag-free reorder through the data source, as a drop would.
          let section = random.int(0..<values.sections.count)
          guard values.sections[section].count > 1 else { continue }
          let from = random.int(0..<values.sections[section].count)
          let to = random.int(0..<values.sections[section].count)
          let moved = values.sections[section].remove(at: from)
          values.sections[section].insert(moved, at: to)
          view.performBatchUpdates(animated: false) {
            view.moveItem(
              at: ItemPath(section: section, item: from), to: ItemPath(section: section, item: to))
          }
        }
        view.layoutIfNeeded()
        problems += check(
          view, values, columns: kind == "grid" ? columns : nil, seed: seed, step: step)
        if !problems.isEmpty { break }
      }
      for problem in problems.prefix(5) { Issue.record(Comment(rawValue: problem)) }
      if !problems.isEmpty { break }
    }
  }

  @Test func aListSaysOneOfAMillion() {
    let values = Values([Array(0..<1_000_000)])
    let view = makeView(ListLayout(itemSizing: .uniform(44)), values)
    view.accessibilityLabel = "Arrivals"
    let first = view.accessibilityElements.first!
    #expect(first.role == .listItem)
    #expect(first.label == "Item 0")
    #expect(first.positionInSet == 1 && first.setSize == 1_000_000)
    #expect(first.spokenDescription == "Item 0, 1 of 1,000,000")
    view.tapItem(at: ItemPath(section: 0, item: 0))
    #expect(
      view.accessibilityElements.first!.spokenDescription == "Item 0, 1 of 1,000,000, selected")
    let last = view.accessibilityElement(forItemAt: ItemPath(section: 0, item: 999_999))!
    #expect(last.positionInSet == 1_000_000 && last.label == "", "not displayed: no view, no label")
    let container = view.accessibilityContainerElement
    #expect(container.role == .list && container.label == "Arrivals")
    #expect(container.setSize == 1_000_000)
    #expect(
      container.actions.contains(.scrollForward) && !container.actions.contains(.scrollBackward))
  }

  /// An item not displayed is described by its data source: an
  /// `AccessibilityDescribingDataSource` gives its label, value and hint; a
  /// `SearchableDataSource`, its label; a displayed item is still its cell's.
  @Test func anItemNotDisplayedIsDescribedByItsDataSource() {
    final class Described: Values, AccessibilityDescribingDataSource {
      func collectionView(
        _ collectionView: CollectionView, accessibilityDescriptionOfItemAt indexPath: ItemPath
      ) -> AccessibilityDescription? {
        indexPath.item == 7
          ? nil
          : AccessibilityDescription(
            label: "Row \(sections[indexPath.section][indexPath.item])", value: "Name",
            hint: "opens it")
      }
    }
    final class Searchable: Values, SearchableDataSource {
      func collectionView(
        _ collectionView: CollectionView, searchableTextForItemAt indexPath: ItemPath
      ) -> String? {
        "found \(sections[indexPath.section][indexPath.item])"
      }
    }
    let described = Described([Array(0..<10_000)])
    let view = makeView(ListLayout(itemSizing: .uniform(44)), described)
    let far = view.accessibilityElement(forItemAt: ItemPath(section: 0, item: 9_000))!
    #expect(far.label == "Row 9000" && far.value == "Name" && far.hint == "opens it")
    #expect(far.spokenDescription == "Row 9000, Name, 9,001 of 10,000")
    #expect(view.accessibilityElement(forItemAt: ItemPath(section: 0, item: 0))!.label == "Item 0")
    view.scrollToItem(at: ItemPath(section: 0, item: 9_000), at: .start, animated: false)
    view.layoutIfNeeded()
    #expect(view.accessibilityElement(forItemAt: ItemPath(section: 0, item: 7))!.label == "")
    let searchable = Searchable([Array(0..<10_000)])
    let other = makeView(ListLayout(itemSizing: .uniform(44)), searchable)
    let element = other.accessibilityElement(forItemAt: ItemPath(section: 0, item: 5_000))!
    #expect(element.label == "found 5000" && element.value == nil)
  }

  /// A page scroll for assistive technology lands at once, focuses the first item wholly on
  /// screen and announces the rows shown.
  @Test func anAccessibilityPageScrollFocusesAndAnnounces() {
    let values = Values([Array(0..<1_000_000)])
    let view = makeView(ListLayout(itemSizing: .uniform(24)), values)
    var heard: [String] = []
    view.accessibilityAnnouncementHandler = { heard.append($0) }
    #expect(view.performAccessibilityAction(.scrollForward))
    #expect(view.contentOffset.y == 480)
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 20))
    #expect(heard == ["rows 21 to 40 of 1,000,000"])
    #expect(view.performAccessibilityAction(.scrollBackward))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 0))
    #expect(!view.performAccessibilityAction(.scrollBackward), "at the top already")
    #expect(heard.last == "rows 1 to 20 of 1,000,000")
  }

  @Test func batchUpdatesAndMovesAreAnnounced() {
    let values = Values([Array(0..<40)])
    let view = makeView(ListLayout(itemSizing: .uniform(24)), values)
    var heard: [String] = []
    view.accessibilityAnnouncementHandler = { heard.append($0) }
    values.sections[0].insert(contentsOf: [100, 101, 102], at: 0)
    values.sections[0].removeLast()
    view.performBatchUpdates(animated: false) {
      view.insertItems(at: (0..<3).map { ItemPath(section: 0, item: $0) })
      view.deleteItems(at: [ItemPath(section: 0, item: 39)])
    }
    #expect(heard == ["3 items added, 1 item removed"])
    // An interactive move names where the item went.
    view.beginInteractiveMovementForItem(at: ItemPath(section: 0, item: 0))
    view.updateInteractiveMovementTargetPosition(Point(x: 100, y: 24 * 11 + 12))
    view.layoutIfNeeded()
    view.endInteractiveMovement()
    #expect(heard.last == "moved to position 12 of 42", "\(heard)")
    #expect(values.sections[0][11] == 100)
  }

  /// The revision a host compares to know its cached accessible texts are out of date: it
  /// moves on new counts (a batch update in another section moves every later item's place
  /// without touching its view) and on a new viewport size, not on scrolling or focus.
  @Test func theRevisionMovesWhenPlacesCanChangeWithoutTheirViews() {
    let values = Values([Array(0..<5), Array(100..<140)])
    let view = makeView(GridLayout(columns: .fixed(4), itemHeight: .fixed(40)), values)
    var revision = view.accessibilityRevision
    view.contentOffset.y = 80
    view.layoutIfNeeded()
    view.focusItem(at: ItemPath(section: 1, item: 3))
    view.layoutIfNeeded()
    #expect(view.accessibilityRevision == revision, "scrolling and focus keep places")
    let shown = ItemPath(section: 1, item: 8)
    let before = view.accessibilityElement(forItemAt: shown)!
    values.sections[0].append(6)
    view.performBatchUpdates(animated: false) {
      view.insertItems(at: [ItemPath(section: 0, item: 5)])
    }
    #expect(view.accessibilityRevision != revision)
    #expect(view.accessibilityElement(forItemAt: shown)!.positionInSet == before.positionInSet! + 1)
    revision = view.accessibilityRevision
    view.reloadData()
    view.layoutIfNeeded()
    #expect(view.accessibilityRevision != revision)
    revision = view.accessibilityRevision
    view.viewportSize = Size(width: 160, height: 480)
    view.layoutIfNeeded()
    #expect(view.accessibilityRevision != revision, "a new width can change a grid's columns")
  }

  /// Outlines: level, expansion and place among siblings, against a naive tree, after random
  /// expands and collapses (some through the accessibility actions).
  @Test func outlineRowsSayTheirLevelAndSiblings() {
    let (seed, start) = SeededRandom.forCase(0, base: 0x7EE)
    var random = start
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(20)), viewportSize: Size(width: 300, height: 400))
    view.register(ValueCell.self, forCellWithReuseIdentifier: "value")
    let outline = OutlineDataSource<Int>(collectionView: view) { view, path, item, _ in
      let cell = view.dequeueReusableCell(ValueCell.self, withReuseIdentifier: "value", for: path)
      cell.value = item
      return cell
    }
    // A naive tree: children by parent.
    var children: [Int?: [Int]] = [:]
    var parentOf: [Int: Int] = [:]
    var next = 1
    func add(_ count: Int, to parent: Int?) {
      let new = (0..<count).map { _ in
        defer { next += 1 }
        return next
      }
      children[parent, default: []] += new
      for item in new { parentOf[item] = parent }
      outline.append(new, to: parent, animated: false)
    }
    add(5, to: nil)
    for _ in 0..<30 {
      let parents = Array(parentOf.keys)
      add(random.int(1...4), to: parents.randomElement(using: &random))
    }
    view.layoutIfNeeded()
    var expanded: Set<Int> = []
    for step in 0..<60 {
      let shown = view.indexPathsForVisibleItems
      guard let path = shown.randomElement(using: &random), let item = outline.item(at: path)
      else { continue }
      if children[item] != nil {
        let expand = !expanded.contains(item)
        let viaAction = random.chance(0.5)
        if viaAction {
          #expect(view.performAccessibilityAction(expand ? .expand : .collapse, forItemAt: path))
        } else if expand {
          outline.expand(item, animated: false)
        } else {
          outline.collapse(item, animated: false)
        }
        if expand { expanded.insert(item) } else { expanded.remove(item) }
      }
      view.layoutIfNeeded()
      for element in view.accessibilityElements {
        guard let path = element.indexPath, let item = outline.item(at: path) else {
          Issue.record("seed \(seed), step \(step): an element with no row")
          continue
        }
        var level = 1
        var ancestor = parentOf[item] ?? nil
        while let current = ancestor {
          level += 1
          ancestor = parentOf[current] ?? nil
        }
        let siblings = children[parentOf[item] ?? nil] ?? []
        #expect(element.role == .treeItem)
        #expect(element.level == level, "seed \(seed), step \(step): \(item)")
        #expect(element.positionInSet == (siblings.firstIndex(of: item) ?? -1) + 1)
        #expect(element.setSize == siblings.count)
        let expectedExpansion: Bool? = children[item] == nil ? nil : expanded.contains(item)
        #expect(element.isExpanded == expectedExpansion, "seed \(seed), step \(step): \(item)")
        #expect(element.label == "Item \(item)")
      }
    }
    #expect(view.accessibilityRole == .tree)
  }
}

/// A row that opens to its details, not a tree's (a list row Enter opens): its view says
/// whether it is open, the element carries it, and with a handler the row offers expand or
/// collapse, which the handler performs (a screen reader could not tell a row had opened: a
/// new user's finding).
@Suite struct ExpandableItemTests {
  @Test func aViewThatSaysItIsOpenIsExpandableAndItsActionsReachTheHandler() {
    let (view, board) = makeBoard([[0, 1, 2]])
    defer { withExtendedLifetime(board) {} }
    view.layoutIfNeeded()
    let first = ItemPath(section: 0, item: 0)
    #expect(view.accessibilityElement(forItemAt: first)?.isExpanded == nil)
    var open: Set<ItemPath> = []
    view.forEachDisplayedView { cell, attributes in
      cell.accessibilityIsExpanded = open.contains(attributes.indexPath)
    }
    var element = view.accessibilityElement(forItemAt: first)
    #expect(element?.isExpanded == false)
    #expect(element?.actions.contains(.expand) == false, "no handler: no action")
    #expect(!view.performAccessibilityAction(.expand, forItemAt: first))
    // The view holds its handler: the handler holds the view weakly.
    view.accessibilityExpansionHandler = { [weak view] path, opening in
      guard open.contains(path) != opening else { return false }
      if opening { open.insert(path) } else { open.remove(path) }
      view?.cellForItem(at: path)?.accessibilityIsExpanded = opening
      return true
    }
    element = view.accessibilityElement(forItemAt: first)
    #expect(element?.actions.contains(.expand) == true)
    #expect(view.performAccessibilityAction(.expand, forItemAt: first))
    #expect(open == [first])
    element = view.accessibilityElement(forItemAt: first)
    #expect(element?.isExpanded == true && element?.actions.contains(.collapse) == true)
    #expect(element?.spokenDescription.contains("expanded") == true)
    #expect(view.performAccessibilityAction(.collapse, forItemAt: first))
    #expect(open.isEmpty)
  }
}
