import ReuseControls
import ReuseKit

/// A page's find over one of its collection views, as every list-like page has it: `/` (or
/// Ctrl-F, GTK's key) opens a prompt in the status line, Enter finds the items whose text
/// contains what was typed (ignoring case), `n` and `N` step through the matches, Escape
/// clears them.
///
/// The finding is the core's `ItemSearch`: a slice per frame (``advance()``), from the
/// focused item on and round, so a long list never holds up a frame and the first match takes
/// the cursor while the rest are still found; a change of the data (a batch update, a reload)
/// starts it again over the new items. Hosts mark the matched cells with ``isMarked(_:)``
/// (the terminal's `CollectionViewPane.marksItem`, GTK's `CollectionViewWidget.marksItem`).
public final class FindBar {
  /// The collection view searched.
  public let collectionView: CollectionView
  /// What is searched, for the prompt and the help: "the titles", "the settings".
  public let subject: String
  /// The prompt's field while it shows.
  public private(set) var prompt: TextFieldState?
  /// Whether the prompt says itself to assistive technology: as it opens, each edit (the
  /// characters typed or deleted, as an entry echoes them) and its cancel. For hosts whose
  /// keyboard focus stays on a row while the prompt takes the keys (GTK's); the terminal's
  /// screen-reader mode says the status line, prompt and all.
  public var announcesPrompt = false
  /// Whether a find's first match is the last in the items' order, not the first from the
  /// focused item on: a chat's newest message, as messaging apps search back from the newest
  /// (the chat's find went to its oldest loaded message, at the top, where older history
  /// loaded nine times over: a new user's finding). `n` then goes on that way, to the match
  /// before, and `N` back.
  public var startsFromTheEnd = false
  /// The find, once Enter started it, until Escape.
  public private(set) var search: ItemSearch?
  /// Called when the marks may have changed (matches found, the find cleared), for pages
  /// whose cells draw the marks themselves.
  public var marksDidChange: () -> Void = {}
  /// Whether the page's cells draw the marks themselves (the list's rows): hosts then mark
  /// none over them.
  public var itemsDrawMarks = false
  /// Called before a step moves the focus to a match: a page with several views gives the
  /// searched one the focus.
  public var willStep: () -> Void = {}
  /// An item's text, when the data source is not a `SearchableDataSource` (set after the
  /// page is made, when the text comes from the page).
  public var itemText: ((ItemPath) -> String?)?
  private let clock: () -> Double
  /// Whether the find has moved the focus to a match (its own first step, or n or N).
  private var hasStepped = false

  /// A find over `collectionView`'s items: their text from `text`, or from the data source
  /// when it is a `SearchableDataSource`. `clock` times a frame's slice.
  public init(
    collectionView: CollectionView, subject: String, clock: @escaping () -> Double,
    text: ((ItemPath) -> String?)? = nil
  ) {
    self.collectionView = collectionView
    self.subject = subject
    self.clock = clock
    itemText = text
  }

  /// Whether the last `n` or `N` found no match to go to yet, the find still looking: the
  /// status says so until the next key (N on the first match did nothing it showed: a new
  /// user's finding).
  private var stepWaits = false

  /// Whether the prompt takes the keys.
  public var isTyping: Bool { prompt != nil }

  /// Whether matches are marked (a find exists).
  public var isActive: Bool { search != nil }

  /// Whether the find is still looking (the page wants frames).
  public var isSearching: Bool { search.map { !$0.isDone } ?? false }

  /// Whether the item at `indexPath` is a match found so far.
  public func isMarked(_ indexPath: ItemPath) -> Bool { search?.contains(indexPath) ?? false }

  /// Handles `key` if it is the find's: every key while the prompt shows; `/` and Ctrl-F;
  /// `n`, `N` and Escape while there is a find. Returns whether it was.
  public func handle(_ key: KeyPress) -> Bool {
    stepWaits = false
    if prompt != nil { return handlePrompt(key) }
    let plain = key.modifiers.isEmpty || key.modifiers == .shift
    switch key.key {
    case .character("/") where plain,
      .character("f") where key.modifiers == .control:
      prompt = TextFieldState(maxLength: 200)
      // Said, as an entry taking the focus is (the prompt opened in silence: a new user's
      // finding, in GTK with a screen reader).
      if announcesPrompt {
        collectionView.announce("find in \(subject): type, Enter finds, Escape cancels")
      }
    case .character("n") where plain && search != nil, .character("N") where plain && search != nil:
      hasStepped = true
      willStep()
      // From the end, `n` goes on the way the find began: back, to older messages.
      let forward = (key.key == .character("n")) != startsFromTheEnd
      stepWaits = (forward ? search?.next() : search?.previous()) == nil && isSearching
    case .escape where key.modifiers.isEmpty && search != nil:
      search = nil
      marksDidChange()
      // Said, as the find was (Esc cleared it without a word: a new user's finding).
      collectionView.announce("find cleared")
    default:
      return false
    }
    return true
  }

  /// Puts `text`, on one line, into the prompt at its caret, if the prompt shows. Returns
  /// whether it did.
  public func paste(_ text: String) -> Bool {
    guard var field = prompt else { return false }
    field.insert(PastedText.oneLine(text))
    prompt = field
    return true
  }

  /// Ctrl-C while a find still looks: it stops, its marks cleared, as the table's jobs stop
  /// (Ctrl-C quit the gallery instead: a new user's finding). Returns whether one was running.
  public func cancelSearch() -> Bool {
    guard isSearching else { return false }
    search = nil
    marksDidChange()
    collectionView.postAccessibilityAnnouncement("find stopped")
    return true
  }

  /// Starts a find for `query` at once, as Enter in the prompt does (an empty query clears).
  public func find(_ query: String) {
    prompt = nil
    hasStepped = false
    search =
      query.isEmpty ? nil : ItemSearch(collectionView: collectionView, query: query, text: itemText)
    advance()
    marksDidChange()
  }

  private func handlePrompt(_ key: KeyPress) -> Bool {
    guard var field = prompt else { return false }
    switch key.key {
    case .escape:
      prompt = nil
      if announcesPrompt { collectionView.announce("find cancelled") }
    case .enter: find(field.text)
    default:
      let before = field.text
      _ = field.handle(key)
      prompt = field
      if announcesPrompt, let echo = Self.echo(from: before, to: field.text) {
        collectionView.announce(echo)
      }
    }
    return true
  }

  /// What a screen reader says of an edit of the prompt, as it echoes an entry's: the
  /// characters typed ("space" for a space), or those deleted; `nil` when the text is the same
  /// (a caret move).
  public static func echo(from before: String, to after: String) -> String? {
    guard before != after else { return nil }
    let head = zip(before, after).prefix { $0 == $1 }.count
    let tail = zip(before.dropFirst(head).reversed(), after.dropFirst(head).reversed())
      .prefix { $0 == $1 }.count
    let removed = String(before.dropFirst(head).dropLast(tail))
    let added = String(after.dropFirst(head).dropLast(tail))
    func spoken(_ text: String) -> String { text == " " ? "space" : text }
    if removed.isEmpty { return spoken(added) }
    return added.isEmpty ? "deleted \(spoken(removed))" : spoken(added)
  }

  /// A frame's slice of the find (8 ms at most): the first match found takes the focus, and a
  /// find that ends with none says so to assistive technology. Returns whether it still
  /// searches.
  @discardableResult
  public func advance() -> Bool {
    guard let search, !search.isDone else { return false }
    let deadline = clock() + 0.008
    let restarts = search.isStale
    let before = search.matches.count
    search.advance(untilDeadline: { [clock] in clock() > deadline })
    if !hasStepped, search.current == nil, !search.matches.isEmpty,
      !startsFromTheEnd || search.isDone
    {
      // The first match found takes the focus; after that only n and N move it (a find that
      // starts again after an edit leaves the focus where the edit put it). From the end: the
      // last match in the items' order, once all are seen.
      if startsFromTheEnd, let last = search.matches.max() {
        collectionView.focusItem(at: last, scrollsIntoView: false)
      }
      hasStepped = true
      willStep()
      search.next()
    } else if search.isDone && !restarts {
      // No match, or the final count with the focused match numbered now (neither is said
      // while it looks).
      collectionView.postAccessibilityAnnouncement(search.status)
    }
    if restarts || search.matches.count != before { marksDidChange() }
    return !search.isDone
  }

  /// The status line: the prompt while it shows, else the find's state before `base`.
  public func status(_ base: @autoclosure () -> String) -> String {
    if let prompt {
      return
        "find in \(subject): \(prompt.beforeCaret)▏\(prompt.afterCaret) · Enter finds, Esc cancels"
    }
    guard let search else { return base() }
    let waits = stepWaits && !search.isDone ? "still searching: no match there yet · " : ""
    // Nothing to step through once it found nothing: only Escape is offered (n and N were).
    let keys =
      search.isDone && search.matches.isEmpty ? " · Esc clears · " : " · n N step, Esc clears · "
    return waits + search.status + progress(of: search) + keys + base()
  }

  /// How far a find that still looks has come (" (12 % searched)"): over ten million titles
  /// it looked for a minute with no sign of how far it was (a new user's finding).
  private func progress(of search: ItemSearch) -> String {
    guard !search.isDone, search.totalCount > 0 else { return "" }
    return " (\(search.scannedCount * 100 / search.totalCount) % searched)"
  }

  /// The find's line for a page's help.
  public var keyHelp: (String, String) {
    (
      "/ n N",
      "find in \(subject); "
        + (startsFromTheEnd
          ? "from the newest; n an older match, N a newer (Esc clears)"
          : "next, previous match (Esc clears)")
    )
  }
}

extension KeyPress {
  /// A letter with Control or Alt: a chord, never the letter's own command (Ctrl-A must not
  /// add a task, Ctrl-D delete one).
  var isCommandChord: Bool {
    guard case .character = key else { return false }
    return !modifiers.isDisjoint(with: [.control, .alt])
  }
}
