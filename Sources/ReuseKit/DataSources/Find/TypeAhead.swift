/// Type-ahead, as file managers and GTK's lists have it: letters typed in quick succession move
/// the focus to the next item whose text starts with them, ignoring case.
///
/// - A first letter looks from the item after the focused one, round the end, so pressing it
///   again and again visits each item that starts with it.
/// - More letters within ``timeout`` of each other lengthen the prefix; the focused item stays
///   while it still matches.
/// - A pause longer than ``timeout`` starts a new prefix.
///
/// The scan reads a bounded slice of items per key, so a million items never hold up a frame;
/// while ``isSearching`` the host calls ``advance()`` each frame. Matching and the item texts
/// are ``ItemSearch``'s (a ``SearchableDataSource`` or a closure).
///
/// ```swift
/// let typeAhead = TypeAhead(collectionView: view)
/// if key is a letter the page does not use { typeAhead.type(letter, at: clock()) }
/// if typeAhead.isSearching { typeAhead.advance() }   // each frame
/// ```
public final class TypeAhead {
  /// The collection view whose focus moves (held weakly).
  public private(set) weak var collectionView: CollectionView?
  /// How long a pause starts a new prefix, in seconds (1 by default, as in GTK).
  public var timeout = 1.0
  /// How many items a key (or a frame of ``advance()``) reads at most.
  public var itemsPerSlice = 32_768
  /// What has been typed since the last pause.
  public private(set) var typed = ""
  /// Whether the last prefix was looked for everywhere and matched no item.
  public private(set) var failed = false
  private let text: ((ItemPath) -> String?)?
  /// When the last key was typed (`-infinity` before any, or after ``cancel()``).
  public private(set) var lastTypedTime = -Double.infinity
  private var search: ItemSearch?
  /// Whether the focused item is passed over (a first letter, or one letter repeated).
  private var skipsFocused = false
  private var focusedAtStart: ItemPath?

  /// Type-ahead over `collectionView`'s items, their text from `text` or else from the data
  /// source (a ``SearchableDataSource``).
  public init(collectionView: CollectionView, text: ((ItemPath) -> String?)? = nil) {
    self.collectionView = collectionView
    self.text = text
  }

  /// Whether a scan for the typed prefix is still running (frames wanted).
  public var isSearching: Bool { search != nil }

  /// Whether a prefix is being typed: keys at `time` still extend it. A host gives printable
  /// keys to the type-ahead first while this holds, so every letter (even one a page binds)
  /// goes into the prefix.
  public func isActive(at time: Double) -> Bool {
    !typed.isEmpty && time - lastTypedTime <= timeout
  }

  /// "type-ahead: “app”", with "no match" when nothing starts with it; empty when idle.
  public var status: String {
    guard !typed.isEmpty else { return "" }
    return "type-ahead: “\(typed)”" + (failed ? " · no match" : isSearching ? "…" : "")
  }

  /// Takes `character`, typed at `time` (seconds, any clock that only grows), and moves the
  /// focus to the next item whose text starts with the prefix, scanning a slice now and the
  /// rest in ``advance()``. Returns whether the key was taken (a control character is not).
  @discardableResult
  public func type(_ character: Character, at time: Double) -> Bool {
    guard !character.isNewline, character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }),
      let view = collectionView
    else { return false }
    if !isActive(at: time) { typed = "" }
    lastTypedTime = time
    // One letter pressed again and again cycles through the items starting with it (as in
    // file managers) rather than looking for "aaa".
    let repeats = !typed.isEmpty && typed.allSatisfy { $0 == character }
    if !repeats { typed.append(character) }
    let prefix = repeats ? String(character) : typed
    skipsFocused = repeats || typed.count == 1
    focusedAtStart = view.focusedIndexPath
    failed = false
    search = ItemSearch(collectionView: view, query: prefix, options: .prefix, text: text)
    advance()
    return true
  }

  /// Scans another slice for the prefix: the first match (past the focused item, where it is
  /// passed over) takes the focus, and the scan stops. Call each frame while ``isSearching``.
  public func advance() {
    guard let search, let view = collectionView else { return }
    var remaining = itemsPerSlice
    while remaining > 0 && !search.isDone {
      let before = search.matches.count
      search.advance(maxItems: min(remaining, 4_096))
      remaining -= 4_096
      for match in search.matches[before...]
      where !(skipsFocused && match == focusedAtStart) {
        self.search = nil
        view.focusItem(at: match)
        return
      }
    }
    guard search.isDone else { return }
    self.search = nil
    // Only the focused item starts with it: it stays; nothing at all: said, and kept.
    if search.matches.isEmpty {
      failed = true
      view.postAccessibilityAnnouncement("no item starts with “\(search.query)”")
    }
  }

  /// Forgets the prefix and stops any scan (Escape, the view losing the keyboard focus).
  public func cancel() {
    typed = ""
    search = nil
    failed = false
    lastTypedTime = -Double.infinity
  }
}
