import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// What the end-to-end tests read: the status file's line after each painted frame.
extension GTKGallery {
  /// Tells the status sink (the end-to-end tests' status file) what the frame just painted
  /// shows: the page, its offset, its status, and where GTK put the headers and rows.
  func writeStatus() {
    guard let statusSink else { return }
    refreshStatus()
    let view = currentPage.host.collectionView
    statusSink(
      "page=\(Self.pageNames[currentIndex]) offset=\(view.contentOffset.x),"
        + "\(view.contentOffset.y) moving=\(view.isAnimating) \(lastStatus) "
        + "headers=[\(headersOnScreen(in: currentPage.host))] "
        + "hiddenShown=\(currentPage.host.hiddenDisplayedViewCount) \(editorStatus)"
        + "strayShown=\(currentPage.host.strayShownWidgetCount) "
        + "keyboard=\(keyboardFocusName) keyboardOnRow=\(keyboardFocusIsOnARow) "
        + "described=[\(keyboardFocusedRowDescription ?? "")] "
        + "items=[\(itemsOnScreen(of: currentPage))]")
  }

  /// The items on screen, from the data: `flat index:title` each, top to bottom and left to
  /// right as they show (an `s` after the index marks a selected item, an `f` the focused one:
  /// titles may repeat; in a tree, `e` an expanded row and `c` a collapsed one, and `~level 2,
  /// 3 of 6` after the title), and the item count (what the accessibility tests compare the
  /// widgets' names and descriptions with).
  private func itemsOnScreen(of page: any GTKPage) -> String {
    let view = page.host.collectionView
    let visible = view.bounds
    var flat: [Int] = [0]
    for section in 0..<view.numberOfSections {
      flat.append(flat[section] + view.numberOfItems(inSection: section))
    }
    // Where each cell shows now (a frozen column's cells are pinned where the layout says), top
    // to bottom and left to right, as a reader of the widgets finds them: at the whole pixels
    // the host places its widget at (a row 2 × 10⁻¹³ pixels into the list after sizes measured
    // on the way is a widget above it, and not on screen).
    var shown: [(frame: Rect, path: ItemPath)] = []
    // Only items the data has now: after a filter the views shown are those of the last pass
    // until the next (their sections ran past the count, and the status file crashed the
    // gallery on an index out of range).
    view.forEachDisplayedView { _, attributes in
      if attributes.supplementaryKind == nil, attributes.indexPath.section < view.numberOfSections,
        attributes.indexPath.item < view.numberOfItems(inSection: attributes.indexPath.section),
        Self.placed(attributes.frame, in: visible).intersects(visible)
      {
        shown.append((attributes.frame, attributes.indexPath))
      }
    }
    let paths = shown.sorted {
      ($0.frame.minY, $0.frame.minX, $0.path) < ($1.frame.minY, $1.frame.minX, $1.path)
    }.map(\.path)
    // Selected by the collection view, or by the selection a page keeps itself (the table's).
    let overlay = view.selectionOverlay
    let entries = paths.compactMap { path in
      page.itemTitle(at: path).map {
        let marks =
          (view.isItemSelected(at: path) || overlay?(path) == true ? "s" : "")
          + (path == view.focusedIndexPath ? "f" : "")
        // A tree's rows: where each is among its siblings, and "e" or "c" when it can expand.
        guard let place = page.itemPlace(at: path) else {
          return "\(flat[path.section] + path.item)\(marks):\($0)"
        }
        let expansion = place.isExpanded.map { $0 ? "e" : "c" } ?? ""
        return "\(flat[path.section] + path.item)\(marks)\(expansion):\($0)~\(place.description)"
      }
    }
    return "total:\(flat[flat.count - 1])|" + entries.joined(separator: "|")
  }

  /// `frame` (in the content) where the host places its widget: moved into `visible`, its
  /// origin and size rounded to whole pixels, and moved back.
  static func placed(_ frame: Rect, in visible: Rect) -> Rect {
    let x = (frame.minX - visible.minX).rounded() + visible.minX
    let y = (frame.minY - visible.minY).rounded() + visible.minY
    return Rect(x: x, y: y, width: frame.width.rounded(), height: frame.height.rounded())
  }

  /// Where GTK's keyboard focus is.
  enum KeyboardFocus {
    /// In the page's host at this index (on a row of it, or on the host itself).
    case host(Int)
    /// On the status line.
    case status
    /// On nothing.
    case none
    /// On another widget, of this type.
    case other(String)
  }

  /// Where GTK's keyboard focus is now.
  var keyboardFocus: KeyboardFocus {
    guard let root = gtk_widget_get_root(window), let focus = gtk_root_get_focus(root) else {
      return .none
    }
    if focus == statusFocus { return .status }
    for (index, host) in currentPage.hosts.enumerated()
    where focus == host.widget || gtk_widget_is_ancestor(focus, host.widget) != 0 {
      return .host(index)
    }
    let instance = UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self)
    return .other(String(cString: g_type_name_from_instance(instance)))
  }

  /// ``keyboardFocus`` for the status file: `host0`, `host1`…, `status`, `none`, or the
  /// widget's type.
  /// `editorCovers=true ` while the table's cell editor shows: whether it covers its cell.
  private var editorStatus: String {
    guard let page = currentPage as? HostedPage<TableModel>,
      let covers = page.cellEditor?.coversCell
    else { return "" }
    return "editorCovers=\(covers) "
  }

  /// What a screen reader reads as the description of the row that holds the keyboard
  /// focus, announcements in front (`described=[…]` in the status file).
  var keyboardFocusedRowDescription: String? {
    currentPage.hosts.lazy.compactMap(\.keyboardFocusedRowDescription).first
  }

  /// Whether the keyboard focus is on a widget inside a host (a row, which a screen reader
  /// reads), not on the host itself.
  var keyboardFocusIsOnARow: Bool {
    guard case .host(let index) = keyboardFocus, let root = gtk_widget_get_root(window),
      let focus = gtk_root_get_focus(root)
    else { return false }
    return focus != currentPage.hosts[index].widget
  }

  var keyboardFocusName: String {
    switch keyboardFocus {
    case .host(let index): return "host\(index)"
    case .status: return "status"
    case .none: return "none"
    case .other(let type): return type
    }
  }

  /// The section headers whose widgets are on screen, top to bottom, each with the text it
  /// draws and where GTK put its widget (`title@y`, `title · 12 tasks@y`, y from the page's
  /// top): what the
  /// end-to-end tests read to check pinning, since the widgets' places are the host's doing.
  private func headersOnScreen(in host: CollectionViewWidget) -> String {
    var found: [(y: Double, text: String)] = []
    host.collectionView.forEachDisplayedView { view, _ in
      // Standard headers (a declared page's: title · secondary).
      let shown: (widget: UnsafeMutablePointer<GtkWidget>, text: String)
      if let header = view as? GTKListContentSupplementaryView {
        let secondary = header.content.secondaryText.map { " · " + $0 } ?? ""
        shown = (header.drawing.widget, header.content.text + secondary)
      } else {
        return
      }
      guard gtk_widget_get_parent(shown.widget) != nil else { return }
      var bounds = graphene_rect_t()
      guard gtk_widget_compute_bounds(shown.widget, host.widget, &bounds) != 0 else {
        return
      }
      let y = Double(bounds.origin.y)
      let height = Double(bounds.size.height)
      guard y + height > 0, y < Double(gtk_widget_get_height(host.widget)) else { return }
      found.append((y, shown.text))
    }
    return found.sorted { $0.y < $1.y }.map { "\($0.text)@\(Int($0.y.rounded()))" }
      .joined(separator: "|")
  }
}
