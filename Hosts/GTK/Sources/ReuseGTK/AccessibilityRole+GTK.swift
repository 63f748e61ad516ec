import CGtk
import ReuseKit

extension AccessibilityRole {
  /// The GTK role for an element with this role (GTK 4.8's set: no tree item, slide or
  /// carousel of its own; a carousel is a group of groups).
  public var gtkRole: GtkAccessibleRole {
    switch self {
    case .list: GTK_ACCESSIBLE_ROLE_LIST
    case .listItem: GTK_ACCESSIBLE_ROLE_LIST_ITEM
    case .grid: GTK_ACCESSIBLE_ROLE_GRID
    case .row: GTK_ACCESSIBLE_ROLE_ROW
    case .gridCell: GTK_ACCESSIBLE_ROLE_GRID_CELL
    case .tree: GTK_ACCESSIBLE_ROLE_TREE
    case .treeItem: GTK_ACCESSIBLE_ROLE_TREE_ITEM
    case .tabList: GTK_ACCESSIBLE_ROLE_TAB_LIST
    case .tab: GTK_ACCESSIBLE_ROLE_TAB
    case .carousel, .slide: GTK_ACCESSIBLE_ROLE_GROUP
    case .header, .footer: GTK_ACCESSIBLE_ROLE_HEADING
    }
  }
}
