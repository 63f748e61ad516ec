/// What an element is to assistive technology (a screen reader): the engine's part of ARIA's
/// and AT-SPI's roles, which hosts map to their own (GTK's `GtkAccessibleRole`, UIKit's
/// traits).
public enum AccessibilityRole: String, Hashable, Sendable, CaseIterable {
  /// A list of items (a vertical or horizontal ``ListLayout``, a waterfall feed).
  case list
  /// An item of a list.
  case listItem
  /// A grid (a ``GridLayout``, a picker's rows of swatches).
  case grid
  /// A row of a grid that is a collection view of its own (a picker's row).
  case row
  /// A cell of a grid.
  case gridCell
  /// A tree (an ``OutlineDataSource``).
  case tree
  /// An item of a tree.
  case treeItem
  /// A strip of tabs (an option bar).
  case tabList
  /// A tab.
  case tab
  /// A carousel of pages.
  case carousel
  /// A page of a carousel.
  case slide
  /// A section header.
  case header
  /// A section footer.
  case footer

  /// The role of the items of a container with this role.
  public var itemRole: AccessibilityRole {
    switch self {
    case .grid, .row: .gridCell
    case .tree: .treeItem
    case .tabList: .tab
    case .carousel: .slide
    default: .listItem
    }
  }
}

/// What a user can ask of an element through assistive technology.
public struct AccessibilityActions: OptionSet, Hashable, Sendable {
  /// The bits.
  public let rawValue: Int
  /// Creates a set from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Activate it, as a tap would (select it).
  public static let activate = AccessibilityActions(rawValue: 1 << 0)
  /// Move to the next value (a picker's next colour, a carousel's next page).
  public static let increment = AccessibilityActions(rawValue: 1 << 1)
  /// Move to the previous value.
  public static let decrement = AccessibilityActions(rawValue: 1 << 2)
  /// Expand it (a tree item with children, collapsed).
  public static let expand = AccessibilityActions(rawValue: 1 << 3)
  /// Collapse it (an expanded tree item).
  public static let collapse = AccessibilityActions(rawValue: 1 << 4)
  /// Scroll its container forward by a page.
  public static let scrollForward = AccessibilityActions(rawValue: 1 << 5)
  /// Scroll its container backward by a page.
  public static let scrollBackward = AccessibilityActions(rawValue: 1 << 6)
}

/// One action, as ``CollectionView/performAccessibilityAction(_:forItemAt:)`` takes it.
public enum AccessibilityAction: Hashable, Sendable, CaseIterable {
  case activate, increment, decrement, expand, collapse, scrollForward, scrollBackward

  /// The action's member of ``AccessibilityActions``.
  public var option: AccessibilityActions {
    switch self {
    case .activate: .activate
    case .increment: .increment
    case .decrement: .decrement
    case .expand: .expand
    case .collapse: .collapse
    case .scrollForward: .scrollForward
    case .scrollBackward: .scrollBackward
    }
  }
}

/// Where a row of a tree is among its siblings, for ``AccessibilityElement``: what a data
/// source that shows a tree tells the engine (``CollectionViewTreeDataSource``).
public struct TreePosition: Hashable, Sendable {
  /// How deep the row is: 1 for a top-level row (as ARIA's `aria-level` counts).
  public var level: Int
  /// Whether its children show; `nil` for a row without children.
  public var isExpanded: Bool?
  /// Its place among its parent's children, from 1.
  public var positionInSet: Int
  /// How many children its parent has.
  public var setSize: Int

  /// Creates a position.
  public init(level: Int, isExpanded: Bool?, positionInSet: Int, setSize: Int) {
    self.level = level
    self.isExpanded = isExpanded
    self.positionInSet = positionInSet
    self.setSize = setSize
  }
}

/// Where a cell of a grid is: its row and column (from 1) and the grid's counts.
public struct GridPosition: Hashable, Sendable {
  /// The row, from 1, counting across sections.
  public var row: Int
  /// The column, from 1.
  public var column: Int
  /// The grid's rows.
  public var rowCount: Int
  /// The columns of the cell's row (sections may have different column counts).
  public var columnCount: Int

  /// Creates a position.
  public init(row: Int, column: Int, rowCount: Int, columnCount: Int) {
    self.row = row
    self.column = column
    self.rowCount = rowCount
    self.columnCount = columnCount
  }
}

/// Everything assistive technology needs to know about one element of a collection view (an
/// item, a header or footer, or the collection view itself), computed by the engine from what
/// it knows (counts, the layout, the data source's tree, selection, focus) in O(log n) or
/// better, whatever the item count, and from the view that shows it (its label and value).
///
/// A screen reader reads "Amber Falcon, 1 of 1,000,000" from ``label`` and
/// ``positionInSet``/``setSize``; a host whose accessibility API cannot carry positions (GTK
/// 4.8 over AT-SPI) speaks ``positionDescription`` instead.
public struct AccessibilityElement: Hashable, Sendable {
  /// What it is.
  public var role: AccessibilityRole
  /// What it says: the view's ``ReusableView/accessibilityLabel`` (empty when it has none).
  public var label: String
  /// Its value, if it has one (a picker cell's size, a slider's number).
  public var value: String?
  /// What activating it does, if the view says.
  public var hint: String?
  /// The item's path, or the section of a header or footer (item 0); `nil` for the container.
  public var indexPath: ItemPath?
  /// Where it is on screen, in the viewport's coordinates (the container's bounds for it).
  public var frame: Rect
  /// Its place in its set, from 1: among all items (across sections) in a list or grid, among
  /// its siblings in a tree.
  public var positionInSet: Int?
  /// The size of its set.
  public var setSize: Int?
  /// Its place in its section, from 1, when there are several sections.
  public var positionInSection: Int?
  /// The number of items in its section, when there are several sections.
  public var sectionSize: Int?
  /// Its section, from 1, and the number of sections, when there are several.
  public var section: (index: Int, count: Int)? {
    get { sectionIndex.map { ($0, sectionCount ?? 0) } }
    set {
      sectionIndex = newValue?.index
      sectionCount = newValue?.count
    }
  }
  private var sectionIndex: Int?
  private var sectionCount: Int?
  /// Its row and column in a grid.
  public var gridPosition: GridPosition?
  /// Its depth in a tree, from 1.
  public var level: Int?
  /// Whether its children show; `nil` when it has none to show.
  public var isExpanded: Bool?
  /// Whether it is selected.
  public var isSelected: Bool
  /// Whether it has the collection view's focus (``CollectionView/focusedIndexPath``).
  public var isFocused: Bool
  /// Whether it can be used.
  public var isEnabled: Bool
  /// What can be asked of it (``CollectionView/performAccessibilityAction(_:forItemAt:)``).
  public var actions: AccessibilityActions

  /// Creates an element.
  public init(
    role: AccessibilityRole, label: String = "", value: String? = nil, hint: String? = nil,
    indexPath: ItemPath? = nil, frame: Rect = .zero, isSelected: Bool = false,
    isFocused: Bool = false, isEnabled: Bool = true, actions: AccessibilityActions = []
  ) {
    self.role = role
    self.label = label
    self.value = value
    self.hint = hint
    self.indexPath = indexPath
    self.frame = frame
    self.isSelected = isSelected
    self.isFocused = isFocused
    self.isEnabled = isEnabled
    self.actions = actions
  }

  /// Where it is, in words: "3 of 1,000,000", "level 2, 3 of 7", "row 4 of 10, column 2 of 3"
  /// (empty for an element with no position).
  public var positionDescription: String {
    var parts: [String] = []
    if let level { parts.append("level \(level)") }
    if let grid = gridPosition {
      parts.append("row \(grid.row.grouped) of \(grid.rowCount.grouped)")
      parts.append("column \(grid.column.grouped) of \(grid.columnCount.grouped)")
    } else if let position = positionInSet, let size = setSize {
      parts.append("\(position.grouped) of \(size.grouped)")
    }
    return parts.joined(separator: ", ")
  }

  /// The states a screen reader adds after the position: "selected", "expanded",
  /// "collapsed", "dimmed".
  public var stateDescription: String {
    var parts: [String] = []
    if isSelected { parts.append("selected") }
    if let isExpanded { parts.append(isExpanded ? "expanded" : "collapsed") }
    if !isEnabled { parts.append("dimmed") }
    return parts.joined(separator: ", ")
  }

  /// One line for a screen reader that reads lines (a terminal's): the label, the value, the
  /// position and the states: "Amber Falcon, 1 of 1,000,000, selected".
  public var spokenDescription: String {
    [label, value ?? "", positionDescription, stateDescription]
      .filter { !$0.isEmpty }.joined(separator: ", ")
  }
}

extension Int {
  /// The number with its thousands grouped by commas: "1,000,000" (no Foundation here).
  package var grouped: String {
    let digits = String(magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return self < 0 ? "-" + result : result
  }
}
