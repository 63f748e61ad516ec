import GalleryKit
import ReuseKit
import ReuseTerminal

/// A place in the outline page's world: a region, a country, a city or a district, named by
/// its indices; or, with `--data`, a section (a top-level node) or one of its items.
struct Place: Hashable {
  var path: [Int]
}

/// The outline page's places: the generated world's shape and names, or the data file's.
struct OutlineWorld {
  let data: GalleryData?
  /// Children per level below the regions: countries, cities, districts.
  let fanOut: [Int]
  static let regions = [
    "Northlands", "Eastmarch", "Southreach", "Westvale", "Highmoor", "Lowfens", "Isles",
    "Midlands",
  ]
  private static let levelNames = [
    ("region", "regions"), ("country", "countries"), ("city", "cities"), ("district", "districts"),
  ]

  init(options: GalleryOptions) {
    data = options.data
    fanOut = [6, 5, min(10_000, max(1, options.itemCount / 240))]
  }

  var rootPlaces: [Place] {
    if let data { return data.sections.indices.map { Place(path: [$0]) } }
    return Self.regions.indices.map { Place(path: [$0]) }
  }

  /// The places below `place`, in order.
  func childPlaces(of place: Place) -> [Place] {
    if let data {
      guard place.path.count == 1 else { return [] }
      return data.sections[place.path[0]].items.indices.map { Place(path: place.path + [$0]) }
    }
    guard place.path.count <= fanOut.count else { return [] }
    return (0..<fanOut[place.path.count - 1]).map { Place(path: place.path + [$0]) }
  }

  func name(of place: Place) -> String {
    if let data {
      let section = data.sections[place.path[0]]
      return place.path.count == 1 ? section.title : section.items[place.path[1]].title
    }
    // A name per place, scattered over the demo words by a multiplicative hash of its path.
    var hash: UInt64 = 0x5EED
    for index in place.path { hash = (hash ^ UInt64(index)) &* 0x9E37_79B9_7F4A_7C15 }
    let word = DemoData.title(forItem: Int((hash >> 33) % 4_096))
    switch place.path.count {
    case 1: return Self.regions[place.path[0] % Self.regions.count]
    case 2: return word + " Republic"
    case 3: return word + " City"
    default: return word
    }
  }

  func detail(of place: Place) -> String {
    if let data {
      return place.path.count == 1
        ? plural(data.sections[place.path[0]].items.count, "item")
        : data.sections[place.path[0]].items[place.path[1]].detail ?? ""
    }
    let level = place.path.count
    guard level <= fanOut.count else { return "district" }
    let (singular, pluralName) = Self.levelNames[level]
    let count = fanOut[level - 1]
    return count == 1 ? "1 \(singular)" : "\(count.formatted) \(pluralName)"
  }

  var heading: String {
    if let data { return "\(data.title ?? "Sections") · \(plural(rootPlaces.count, "section"))" }
    return
      "A world of \(plural(Self.regions.count, "region")), \(fanOut[2].formatted) districts a city"
  }
}

/// The `outline` page: a generated world (regions, countries, cities, districts) in an
/// `OutlineDataSource`, or the `--data` sections as a tree of their items. → expands (or
/// goes to the first child), ← collapses (or goes to the parent), a click on ▸ or ▾ toggles;
/// expanding and collapsing animate as one batch of the rows they change.
///
/// Children load when their parent is expanded (`--items` sets the world's size, up to
/// 10,000 districts a city), so a world of millions opens at once.
final class OutlinePage: OptionsPage, PanePage, CollectionViewDelegate {
  let title = "Outline"
  let pane: CollectionViewPane
  var frame = CellRect.zero
  private let collectionView: CollectionView
  private let outline: OutlineDataSource<Place>
  private let world: OutlineWorld

  init(options: GalleryOptions) {
    let world = OutlineWorld(options: options)
    self.world = world
    let layout = ListLayout(itemSizing: .uniform(1))
    collectionView = CollectionView(layout: layout)
    collectionView.register(OutlineRowCell.self, forCellWithReuseIdentifier: "place")
    collectionView.diagnostics.handler = nil
    collectionView.allowsMultipleSelection = true
    collectionView.focusScrollPadding = 1
    pane = .themed(collectionView, showsScrollIndicator: true)
    outline = OutlineDataSource(collectionView: collectionView) { view, path, place, row in
      let cell = view.dequeueReusableCell(
        OutlineRowCell.self, withReuseIdentifier: "place", for: path)
      cell.name = world.name(of: place)
      cell.detail = world.detail(of: place)
      cell.level = row.level
      cell.hasChildren = row.hasChildren
      cell.isExpanded = row.isExpanded
      return cell
    }
    collectionView.delegate = self
    let roots = world.rootPlaces
    outline.tree.append(roots)
    for root in roots { loadChildren(of: root) }
    outline.reloadData()
    collectionView.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
  }

  /// Appends `place`'s children to the tree if they are not there yet, so that its
  /// disclosure shows before it is expanded.
  private func loadChildren(of place: Place) {
    guard !outline.tree.hasChildren(place) else { return }
    let children = world.childPlaces(of: place)
    if !children.isEmpty { outline.tree.append(children, to: place) }
  }

  // MARK: Expanding

  private func expand(_ place: Place) {
    // One level ahead: the new rows show their own disclosures.
    for child in outline.tree.children(of: place) { loadChildren(of: child) }
    outline.expand(place)
  }

  private var focusedPlace: Place? {
    collectionView.focusedIndexPath.flatMap(outline.item(at:))
  }

  // MARK: Layout and drawing

  func layout(in frame: CellRect) { place(in: frame) }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    context.text(
      " \(world.heading) · \(plural(outline.tree.visibleCount, "row")) shown", x: 0, y: 0,
      style: Theme.title, maxWidth: frame.width - 1)
    pane.draw(into: canvas)
  }

  // MARK: Input

  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    guard let place = focusedPlace else { return collectionView.handleFocusKey(key) }
    switch key.key {
    case .right:
      if !outline.tree.isExpanded(place) && outline.tree.hasChildren(place) {
        expand(place)
      } else if outline.tree.isExpanded(place) {
        collectionView.moveFocus(.down)
      }
    case .left:
      if outline.tree.isExpanded(place) {
        outline.collapse(place)
      } else if let parent = outline.tree.parent(of: place),
        let path = outline.indexPath(for: parent)
      {
        collectionView.focusItem(at: path, animated: true)
      }
    case .enter:
      if outline.tree.isExpanded(place) { outline.collapse(place) } else { expand(place) }
    case .character(" "):
      collectionView.focusedIndexPath.map(collectionView.tapItem(at:))
    default:
      return collectionView.handleFocusKey(key)
    }
    return true
  }

  /// A press on a row's ▸ or ▾ toggles it; anything else goes to the pane (a click selects
  /// the row and moves the focus there).
  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    if mouse.kind == .press, mouse.button == .left,
      pane.contains(column: mouse.column, row: mouse.row),
      let path = collectionView.collectionViewLayout.indexPathForItem(
        at: pane.contentPoint(column: mouse.column, row: mouse.row)),
      let place = outline.item(at: path), outline.tree.hasChildren(place),
      OutlineRowCell.disclosureColumns(level: outline.tree.level(of: place)).contains(
        mouse.column - pane.frame.x)
    {
      collectionView.focusItem(at: path, scrollsIntoView: false)
      if outline.tree.isExpanded(place) { outline.collapse(place) } else { expand(place) }
      return true
    }
    return pane.handle(mouse, at: time)
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {
    collectionView.focusItem(at: indexPath, scrollsIntoView: false)
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath) {
    collectionView.focusItem(at: indexPath, scrollsIntoView: false)
  }

  // MARK: State

  /// None: a position in the outline means something only with its expanded nodes, which
  /// `--restore` does not keep, so the page opens as new rather than somewhere else.
  var restorableView: CollectionView? { nil }

  /// The focused row (the outline keeps no position across runs, but has a focus).
  var accessibilityFocus: AccessibilityElement? {
    collectionView.focusedIndexPath.flatMap(collectionView.accessibilityElement(forItemAt:))
  }

  var announcingViews: [CollectionView] { [collectionView] }

  var status: String {
    guard let place = focusedPlace else { return "nothing here" }
    let selected = collectionView.indexPathsForSelectedItems.count
    return world.name(of: place) + (selected > 0 ? " · \(selected.formatted) selected" : "")
  }

  var keyHelp: [(String, String)] {
    [
      ("↑ ↓ PgUp PgDn", "move"), ("Home End", "first, last row"),
      ("→", "expand, or go to the first child"), ("←", "collapse, or go to the parent"),
      ("Enter", "expand or collapse"), ("Space", "select or deselect"),
      ("click ▸ ▾", "expand or collapse; a click elsewhere selects"),
      ("wheel, drag", "scroll"),
    ]
  }
}
