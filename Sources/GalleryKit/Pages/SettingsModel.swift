import Observation
import ReuseDeclarative
import ReuseKit

/// The recently opened items not opened since: they wear a "new" badge until Enter or a click
/// opens them, as a phone's settings clear a badge once its page was seen. Observed: opening
/// one configures again only the displayed rows that read it, with no body and no diff.
@Observable public final class UnseenItems {
  /// The items' numbers.
  public private(set) var items: Set<Int>

  /// The first `count` items, unseen.
  public init(first count: Int) { items = Set(0..<max(0, count)) }

  /// Whether `item` is still unseen.
  public func contains(_ item: Int) -> Bool { items.contains(item) }

  /// Marks `item` seen; a seen or unknown item changes nothing (and configures no row).
  public func see(_ item: Int) {
    guard items.contains(item) else { return }
    items.remove(item)
  }
}

/// The items opened in this run, the last first (at most ``limit``): a recorded array, so that
/// opening one shows as the one move or insertion it is (no diff of the list), and observed,
/// so that the body runs again by itself.
@Observable public final class RecentItems {
  /// The items' numbers, the last opened first.
  public private(set) var items = RecordedArray<Int>()
  /// How many are kept.
  public static let limit = 5

  /// Puts `item` first: moved there if it was opened before, else inserted (the oldest let
  /// go past ``limit``).
  public func open(_ item: Int) {
    if let index = items.firstIndex(of: item) {
      if index > 0 { items.move(from: index, to: 0) }
      return
    }
    items.insert(item, at: 0)
    if items.count > Self.limit { items.removeSubrange(Self.limit..<items.count) }
  }
}

/// A switch on the settings page: an `Observable` object, so a cell that shows it is
/// configured again when it flips (no body, no diff).
@Observable public final class Setting: Identifiable {
  /// What names it ("wifi").
  public let id: String
  /// What the row says ("Wi-Fi").
  public let title: String
  /// The row's symbol.
  public let symbol: String?
  /// Whether it is on.
  public var isOn: Bool

  /// A setting.
  public init(_ id: String, _ title: String, symbol: String? = nil, isOn: Bool) {
    self.id = id
    self.title = title
    self.symbol = symbol
    self.isOn = isOn
  }
}

/// The `settings` page: a settings screen declared once (`ReuseDeclarative`), in standard
/// content only, so both galleries show it with no cell of their own: switches that flip in
/// place (Space or Enter), a section that appears when "Show advanced" is on, the items
/// opened last (each opened one moving to the top), and a million items built only as they
/// show.
public final class SettingsModel: ViewsPageModel {
  /// `--demo settings`.
  public static let name = "settings"
  /// The tab's title.
  public let title = "Settings"
  /// The list.
  public let collectionView: CollectionView
  /// The switches, by section.
  public let connections = [
    Setting("wifi", "Wi-Fi", symbol: "≋", isOn: true),
    Setting("bluetooth", "Bluetooth", symbol: "β", isOn: false),
    Setting("airplane", "Airplane mode", symbol: "✈", isOn: false),
  ]
  /// The notification switches, "Show advanced" last.
  public let notifications = [
    Setting("banners", "Banners", symbol: "▤", isOn: true),
    Setting("sounds", "Sounds", symbol: "♪", isOn: true),
    Setting("advanced", "Show advanced", symbol: "⚙", isOn: false),
  ]
  /// What "Show advanced" shows.
  public let advanced = ["Developer options", "Logging", "Reset all settings"]
  /// How many items (`--items`).
  public let recentCount: Int
  /// The items that still wear their "new" badge (the first three).
  public let unseen: UnseenItems
  /// The items opened in this run, the last first.
  public let recent = RecentItems()
  /// The declaration's data source.
  public let source: DeclarativeDataSource
  /// The find over the rows' texts (`/`, `n`, `N`): the declaration's `ListContent` texts.
  public let findBar: FindBar
  /// The find over the rows' texts.
  public var finder: FindBar? { findBar }

  /// The page for `options` (its item count), sized by `metrics`.
  public init(options: GalleryOptions, metrics: GalleryMetrics) {
    recentCount = max(0, options.itemCount)
    unseen = UnseenItems(first: min(3, recentCount))
    collectionView = CollectionView(
      layout: ListLayout(
        itemSizing: .uniform(metrics.rowLength), headerLength: .fixed(metrics.headerLength)))
    collectionView.accessibilityLabel = "Settings"
    findBar = FindBar(collectionView: collectionView, subject: "the settings", clock: metrics.clock)
    // The body captures the model's parts, not the model (which is not made yet).
    let (connections, notifications, advanced, recentCount, unseen, recent) = (
      connections, notifications, advanced, recentCount, unseen, recent
    )
    source = DeclarativeDataSource(collectionView: collectionView) {
      Section("Connections") {
        ForEach(connections) { setting in
          ListContent(
            setting.title, secondary: setting.id == "wifi" && setting.isOn ? "Home" : nil,
            symbol: setting.symbol, accessories: [.toggle(isOn: setting.isOn)])
        }
      }
      Section("Notifications") {
        ForEach(notifications) { setting in
          ListContent(
            setting.title, symbol: setting.symbol, accessories: [.toggle(isOn: setting.isOn)])
        }
      }
      if notifications[2].isOn {
        Section("Advanced") {
          ForEach(advanced, id: \.self) { ListContent($0, accessories: [.disclosure]) }
        }
      }
      // The items opened, the last first: opening one moves it to the top (the section held
      // every item, and opening one changed nothing there: a new user's finding). With
      // nothing in it, its header says so (an empty heading over blank lines looked broken).
      Section(
        id: "Recently opened",
        header: ListContent(
          "Recently opened", secondary: recent.items.isEmpty ? "nothing opened yet" : nil)
      ) {
        ForEach(recent.items, id: \.self) { item in
          ListContent(
            DemoData.title(forItem: item), secondary: "#\((item + 1).formatted)",
            accessories: [.disclosure])
        }
      }
      Section(
        id: "All items",
        header: ListContent("All items", secondary: recentCount == 0 ? "no items" : nil)
      ) {
        ForEach(0..<recentCount, id: \.self) { item in
          ListContent(
            DemoData.title(forItem: item), secondary: "#\((item + 1).formatted)",
            accessories: unseen.contains(item) ? [.badge("new"), .disclosure] : [.disclosure])
        }
        .observesModels()  // `unseen`: an item opened loses its badge, its row alone configured
      }
    }
    collectionView.focusItem(at: ItemPath(section: 0, item: 0), scrollsIntoView: false)
    collectionView.delegate = self
  }

  /// The switch at `indexPath`, if the row is one.
  public func setting(at indexPath: ItemPath) -> Setting? {
    guard let id = source.itemIdentifier(for: indexPath)?.base as? String else { return nil }
    return (connections + notifications).first { $0.id == id }
  }

  /// Space or Enter flips the focused switch; the other keys go to the list's key map.
  public func handle(_ key: KeyPress) -> Bool {
    // "opened" is news until the next key (it stayed through two finds: a new user's finding).
    opened = nil
    lastNote = nil
    if findBar.handle(key) { return true }
    if key.modifiers.isEmpty, key.key == .space || key.key == .enter,
      let path = collectionView.focusedIndexPath
    {
      // The row comes into view first: a switch scrolled away flipped unseen (a new user's
      // finding), as the arrows bring the focused row into view.
      collectionView.scrollToItem(at: path, at: .nearest, animated: true)
      if activate(path) { return true }
    }
    return collectionView.handle(key)
  }

  /// What Space or Enter, or a click, does on the row at `path`: flips its switch, or opens a
  /// row with a disclosure (›), which the demo has no page behind and says so. Returns
  /// whether the row did anything.
  @discardableResult
  private func activate(_ path: ItemPath) -> Bool {
    lastNote = nil
    if let setting = setting(at: path) {
      // Said by the row itself: its value is the switch's state, and a screen reader hears
      // the focused row's new value (an announcement as well said it twice).
      setting.isOn.toggle()
      if setting.id == "airplane" { airplaneModeDidChange(on: setting.isOn) }
      return true
    }
    guard let title = itemTitle(at: path) else { return false }
    opened = source.itemIdentifier(for: path)
    var movesRecent = false
    if let item = source.itemIdentifier(for: path)?.base as? Int {
      unseen.see(item)
      movesRecent = recent.items.first != item
      recent.open(item)
    }
    // When "Recently opened" takes the item in, its batch says "opened …" instead of "1 item
    // added": said first and then replaced by the batch's, it was lost (a new user's finding).
    if movesRecent && collectionView.isAnnouncing {
      collectionView.replaceNextAnnouncement(with: "opened \(title)")
    } else {
      collectionView.postAccessibilityAnnouncement("opened \(title)")
    }
    guard movesRecent else { return true }
    // The row taken in above pushes the opened row down a place: it stays in view (on the
    // last line it went under the bottom edge, and the keys went on out of sight: a new
    // user's finding).
    source.applyArrivals(in: collectionView)  // the list's batch and the badge's, as one
    if let focused = collectionView.focusedIndexPath {
      collectionView.scrollToItem(at: focused, at: .nearest, animated: true)
    }
    return true
  }

  /// The page's one view.
  public var views: [CollectionView] { [collectionView] }

  /// The scroll position and focus, with the switches.
  public func savedPosition() -> GalleryPositions.Page? {
    guard var position = collectionView.savedPagePosition() else { return nil }
    position.switches = switchStates
    return position
  }

  /// The switches first, then focus and scroll: a focus saved in the advanced section finds
  /// it (it landed on the list's last item: a new user's finding).
  public func restorePosition(_ position: GalleryPositions.Page) {
    if let switches = position.switches { restoreSwitches(switches) }
    collectionView.restorePagePosition(position)
  }

  /// Every switch's state, by name: what `--restore` keeps ("Show advanced" adds a section
  /// that a saved position may be in).
  public var switchStates: [String: Bool] {
    Dictionary(uniqueKeysWithValues: (connections + notifications).map { ($0.id, $0.isOn) })
  }

  /// Puts back states ``switchStates`` gave (a name this page has not is passed over), and
  /// the rows they show at once, unanimated: a position restored next finds its section.
  public func restoreSwitches(_ states: [String: Bool]) {
    for setting in connections + notifications {
      if let isOn = states[setting.id] { setting.isOn = isOn }
    }
    source.updateNow(animated: false)
  }

  /// The radios' states before Airplane mode turned them off, for when it ends.
  private var radiosBeforeAirplane: [String: Bool] = [:]

  /// Airplane mode turns Wi-Fi and Bluetooth off, and back as they were when it ends, as a
  /// phone does (Wi-Fi stayed on beside it: a new user's finding); a radio turned on while it
  /// was on stays on (it went back off, and the note said it was on again: a new user's
  /// finding). Each is an observed
  /// property: its row alone is configured again, with no body and no diff.
  /// What it changed is said after the row's own state ("Wi-Fi and Bluetooth off": a screen
  /// reader heard "Airplane mode: on" alone, a new user's finding).
  private func airplaneModeDidChange(on: Bool) {
    var changed: [String] = []
    for radio in connections where radio.id != "airplane" {
      let was = radio.isOn
      if on {
        radiosBeforeAirplane[radio.id] = radio.isOn
        radio.isOn = false
      } else if let before = radiosBeforeAirplane.removeValue(forKey: radio.id) {
        radio.isOn = radio.isOn || before
      }
      if radio.isOn != was { changed.append(radio.title) }
    }
    guard !changed.isEmpty else { return }
    lastNote = changed.joined(separator: " and ") + (on ? " off" : " on again")
    collectionView.postAccessibilityAnnouncement(lastNote ?? "")
  }

  /// What Airplane mode last changed beside its own row, said in its status until the next
  /// key or activation.
  private var lastNote: String?

  /// The item Enter opened with the last key (the status says so until the next key).
  private var opened: AnyHashable?

  /// The focused row and its state.
  public var status: String { findBar.status(baseStatus) }

  private var baseStatus: String {
    guard let path = collectionView.focusedIndexPath else { return "nothing focused" }
    if let setting = setting(at: path) {
      let note = setting.id == "airplane" ? lastNote.map { " · \($0)" } ?? "" : ""
      return "\(setting.title): \(setting.isOn ? "on" : "off")\(note) · Space flips it"
    }
    let title = itemTitle(at: path) ?? ""
    // By identity: the row opened moves down as "Recently opened" takes it in above.
    return opened != nil && source.itemIdentifier(for: path) == opened
      ? "\(title) · opened (the demo has no page behind it)" : title
  }

  /// The page's keys.
  public var keyHelp: [(String, String)] {
    [
      ("↑ ↓", "move"), ("PgUp PgDn Home End", "page; first, last"),
      ("Space Enter", "flip the focused switch, or open a row with ›"),
      ("click", "focus a row and flip or open it"),
      findBar.keyHelp,
    ]
  }

  /// The row's text.
  public func itemTitle(at indexPath: ItemPath) -> String? {
    source.collectionView(collectionView, searchableTextForItemAt: indexPath)
  }
}

extension SettingsModel: CollectionViewDelegate {
  /// A click on a row focuses it and does what Space does there (a new user's finding: the
  /// page ignored clicks); a settings row does not stay selected.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
  {
    collectionView.deselectItem(at: indexPath)
    collectionView.focusItem(at: indexPath)
    activate(indexPath)
  }
}
