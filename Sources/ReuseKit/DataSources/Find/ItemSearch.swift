/// A data source that gives each item's text to find in (``ItemSearch``): a row's title, a
/// cell's value.
public protocol SearchableDataSource: AnyObject {
  /// The text to search in for the item at `indexPath`, or `nil` when it has none (or is not
  /// loaded).
  func collectionView(
    _ collectionView: CollectionView, searchableTextForItemAt indexPath: ItemPath
  ) -> String?
}

/// An incremental search over a collection view's items, for any layout: the items whose text
/// contains the query, found a slice at a time (so a million items never hold up a frame),
/// from the focused item on and round; ``next()`` and ``previous()`` move the focus to them,
/// scrolling exactly (estimated sizes included), and say "match 3 of 1,204" to assistive
/// technology ("match 1 of 1,204: Amber Falcon" when the match is the item the focus is
/// already on: the focus does not move, so nothing else names it).
///
/// ```swift
/// let search = ItemSearch(collectionView: view, query: "amber")
/// search.advance(untilDeadline: { clock() > deadline })  // each frame, until isDone
/// search.next()                                          // n
/// cell.isMarked = search.contains(indexPath)             // when configuring a cell
/// ```
///
/// The text comes from `text`, or else from the data source if it is a
/// ``SearchableDataSource``. When the data changes (a reload, a batch update, items
/// reconfigured: ``CollectionView/contentRevision``), the search starts again from the focused
/// item, its paths and texts being stale; the match the focus was on stays the current one.
public final class ItemSearch {
  /// How the text is compared.
  public struct Options: OptionSet, Sendable {
    /// The options, one bit each.
    public let rawValue: Int
    /// Create options from their raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Letters compared as they are (the default ignores case).
    public static let caseSensitive = Options(rawValue: 1)
    /// Only texts that start with the query (type-ahead).
    public static let prefix = Options(rawValue: 2)
  }

  /// The collection view searched (held weakly).
  public private(set) weak var collectionView: CollectionView?
  /// What is searched for.
  public let query: String
  /// How it is compared.
  public let options: Options
  private let matcher: TextMatcher
  private let text: ((ItemPath) -> String?)?
  /// The matches, in the order the scan met them: from the item it started at, round.
  public private(set) var matches: [ItemPath] = []
  /// A bit per item, by its index in the items' order (``scanCounts``), set for a match: what
  /// ``contains(_:)`` asks. A set of paths took 270 MB where ten million items matched; this
  /// takes 1.25 MB, made at the first match.
  private var matchBits: [UInt64] = []
  /// The items' counts when the scan began (the paths of `matchBits`).
  private var scanCounts = ItemCounts()
  /// Which match the focus was moved to last (an index into ``matches``).
  public private(set) var current: Int?
  /// How many items were scanned, of ``totalCount``.
  public private(set) var scannedCount = 0
  /// The items to scan.
  public private(set) var totalCount = 0
  /// Where the scan is: the flat index of the next item to look at, counted from `start`.
  private var startFlat = 0
  private var revision = -1
  /// The focused match when the data changed: it is the current match again once found.
  private var resumesAt: ItemPath?

  /// A search of `collectionView` for `query`, from the focused item (or the first) on. Nothing
  /// is scanned until ``advance(maxItems:)``.
  public init(
    collectionView: CollectionView, query: String, options: Options = [],
    text: ((ItemPath) -> String?)? = nil
  ) {
    self.collectionView = collectionView
    self.query = query
    self.options = options
    self.text = text
    matcher = TextMatcher(
      query, caseSensitive: options.contains(.caseSensitive), prefix: options.contains(.prefix))
    restart()
  }

  /// Whether every item has been looked at, in the data as it is now: a change of the data
  /// since (``isStale``) makes the search not done, and its next ``advance(maxItems:)`` starts
  /// it again.
  public var isDone: Bool { scannedCount >= totalCount && !isStale }

  /// Whether the data changed since the scan began (``CollectionView/contentRevision``): the
  /// matches' paths may be out of date until the next ``advance(maxItems:)``.
  public var isStale: Bool {
    guard let view = collectionView else { return false }
    return view.contentRevision != revision
  }

  /// Whether the item at `indexPath` matches (as found so far): for marking cells.
  public func contains(_ indexPath: ItemPath) -> Bool {
    guard !matchBits.isEmpty, scanCounts.isValid(indexPath) else { return false }
    let flat = scanCounts.flatIndex(of: indexPath)
    return matchBits[flat >> 6] & (1 << UInt64(flat & 63)) != 0
  }

  /// Looks at up to `maxItems` more items. Returns whether it found a match.
  ///
  /// - Complexity: O(maxItems) text reads and comparisons.
  @discardableResult
  public func advance(maxItems: Int = 4_096) -> Bool {
    guard let view = collectionView else { return false }
    if view.contentRevision != revision { restart() }
    guard scannedCount < totalCount, !matcher.isEmpty else {
      scannedCount = totalCount
      return false
    }
    let counts = view.counts
    // The data source asked once for its texts, not per item (a cast to a protocol each time).
    let source = text == nil ? view.dataSource as? any SearchableDataSource : nil
    var found = false
    var remaining = max(1, maxItems)
    while remaining > 0 && !isDone {
      let flat = (startFlat + scannedCount) % totalCount
      guard let path = counts.indexPath(forFlatIndex: flat) else { break }
      let itemText =
        text.map { $0(path) } ?? source?.collectionView(view, searchableTextForItemAt: path)
      if let itemText, matcher.matches(itemText) {
        matches.append(path)
        if matchBits.isEmpty { matchBits = Array(repeating: 0, count: (totalCount + 63) >> 6) }
        matchBits[flat >> 6] |= 1 << UInt64(flat & 63)
        found = true
        // After a change of the data, the match the focus was on stays the current one.
        if path == resumesAt {
          current = matches.count - 1
          resumesAt = nil
        }
      }
      scannedCount += 1
      remaining -= 1
    }
    return found
  }

  /// Looks at items until `isPastDeadline` says stop (asked every 256 items) or all are seen:
  /// a frame's slice.
  public func advance(untilDeadline isPastDeadline: () -> Bool) {
    repeat { advance(maxItems: 256) } while scannedCount < totalCount && !isPastDeadline()
  }

  /// Moves the focus to the next match after the focused item (round the end), scrolls it
  /// into view and says where it is; `nil` when there is none yet, or when the scan has not
  /// yet reached the items before it (it says "still searching").
  @discardableResult
  public func next() -> ItemPath? { step(by: 1) }

  /// Moves the focus to the match before the focused item (round the start).
  @discardableResult
  public func previous() -> ItemPath? { step(by: -1) }

  /// "match 3 of 1,204" while the focus is on a match (the third in the items' order, from the
  /// first item: the numbers do not depend on where the search began), "1,204 matches" while
  /// it is elsewhere, "12 matches so far" while it looks, "searching for “x”…", or "no match
  /// for “x”".
  ///
  /// A match is numbered once the search is done: while it looks round from the focus,
  /// matches before the focused one are still being found, and its number grew with each
  /// ("match 1" became "match 1,443" on the same item: a new user's finding).
  public var status: String {
    if matches.isEmpty {
      return isDone ? "no match for “\(query)”" : "searching for “\(query)”…"
    }
    let soFar = isDone ? "" : " so far"
    guard isDone, let number = focusedMatchNumber else {
      return "\(matches.count.grouped) match\(matches.count == 1 ? "" : "es")\(soFar)"
    }
    return "match \(number.grouped) of \(matches.count.grouped)"
  }

  // MARK: Internal

  /// Starts over from the focused item, the data as it is now.
  private func restart() {
    // The focus follows its item through the change: if it was on a match and still is, that
    // match stays the current one.
    let wasOnMatch = current != nil
    matches.removeAll()
    matchBits = []
    current = nil
    scannedCount = 0
    guard let view = collectionView else { return totalCount = 0 }
    revision = view.contentRevision
    let counts = view.counts
    scanCounts = counts
    totalCount = counts.total
    let focused = view.focusedIndexPath.flatMap { counts.isValid($0) ? $0 : nil }
    startFlat = focused.map { counts.flatIndex(of: $0) } ?? 0
    resumesAt = wasOnMatch ? focused : nil
  }

  private func step(by delta: Int) -> ItemPath? {
    guard let view = collectionView else { return nil }
    if view.contentRevision != revision {
      restart()
      advance()
    }
    guard !matches.isEmpty, let index = index(stepping: delta, in: view) else {
      if !matches.isEmpty { view.postAccessibilityAnnouncement("still searching") }
      return nil
    }
    current = index
    let path = matches[index]
    let wasFocused = view.focusedIndexPath == path
    view.focusItem(at: path)
    view.postAccessibilityAnnouncement(
      status + Self.naming(path, ifFocusStayed: wasFocused, in: view))
    return path
  }

  /// ": Tidal Pebble City" when a step lands on the item the focus was already on: the focus
  /// does not move, so nothing else says which item matched (a new user's finding: the first
  /// match was the focused row, and only "match 1 of 5" was heard).
  package static func naming(
    _ path: ItemPath, ifFocusStayed stayed: Bool, in view: CollectionView
  )
    -> String
  {
    guard stayed, let label = view.accessibilityElement(forItemAt: path)?.label, !label.isEmpty
    else { return "" }
    return ": " + label
  }

  /// The match a step goes to: the nearest after the focused item (`delta` > 0) or before it,
  /// in the order the items show, round the ends; the first step of a search goes to the
  /// focused item itself if it matches. The focus may have moved since the last step: the
  /// step goes from where it is. `nil` while the scan has not yet seen the items between the
  /// focus and that match (a step round the end before the search is done).
  ///
  /// - Complexity: O(log m) for m matches: matches are kept in the scan's order, which is the
  ///   items' order from where the scan began.
  private func index(stepping delta: Int, in view: CollectionView) -> Int? {
    let counts = view.counts
    guard totalCount > 0 else { return nil }
    func offset(_ path: ItemPath) -> Int {
      ((counts.flatIndex(of: path) - startFlat) % totalCount + totalCount) % totalCount
    }
    let focus = view.focusedIndexPath.flatMap { counts.isValid($0) ? offset($0) : nil }
    // The first match whose offset is past the focus's (at it, for a search's first step).
    let from = focus ?? (delta > 0 ? 0 : totalCount)
    let inclusive = current == nil && delta > 0
    var low = 0
    var high = matches.count
    while low < high {
      let middle = (low + high) / 2
      let value = offset(matches[middle])
      if value < from || (!inclusive && value == from && delta > 0) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    if delta > 0 {
      if low < matches.count { return low }
      return isDone ? 0 : nil
    }
    // Stepping back: the last match before the focus; round the end only once all is seen
    // (the items before the scan's start are scanned last), and not past unscanned items.
    if low > 0 && (isDone || from <= scannedCount) { return low - 1 }
    return isDone ? matches.count - 1 : nil
  }

  /// The focused item's number among the matches found, in the items' order (1 for the
  /// first), or `nil` when it is not a match.
  ///
  /// - Complexity: O(log m) for m matches.
  private var focusedMatchNumber: Int? {
    guard let view = collectionView, let focused = view.focusedIndexPath,
      contains(focused), totalCount > 0, view.contentRevision == revision
    else { return nil }
    let counts = view.counts
    func offset(_ index: Int) -> Int {
      ((counts.flatIndex(of: matches[index]) - startFlat) % totalCount + totalCount) % totalCount
    }
    /// The first match whose offset is at least `target`.
    func firstIndex(atLeast target: Int) -> Int {
      var low = 0
      var high = matches.count
      while low < high {
        let middle = (low + high) / 2
        if offset(middle) < target { low = middle + 1 } else { high = middle }
      }
      return low
    }
    let own = ((counts.flatIndex(of: focused) - startFlat) % totalCount + totalCount) % totalCount
    let index = firstIndex(atLeast: own)
    guard index < matches.count, matches[index] == focused else { return nil }
    // The matches before the scan's start (found after going round the end) come first.
    let firstWrapped = firstIndex(atLeast: totalCount - startFlat)
    let wrapped = matches.count - firstWrapped
    return (index >= firstWrapped ? index - firstWrapped : index + wrapped) + 1
  }
}
