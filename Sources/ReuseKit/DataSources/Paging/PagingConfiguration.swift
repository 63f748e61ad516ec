/// How a paged source loads its items (Android Paging 3's `PagingConfig`, for an engine that
/// loads any page directly): how big a page is, how far ahead of what is displayed loads
/// start, when a move counts as a jump, and how many items stay loaded at most.
///
/// Out-of-range values are clamped when a ``PagedItems`` is made: a page holds at least one
/// item, distances are never negative, and at least the displayed pages stay loaded.
public struct PagingConfiguration: Hashable, Sendable {
  /// How many items one load asks for.
  public var pageSize: Int
  /// How many items beyond the displayed ones (either way) are loaded ahead of need.
  public var prefetchDistance: Int
  /// How far (in items) the displayed range may move before the move counts as a jump: a jump
  /// cancels every load that is not for the new place at once; a shorter move keeps loads
  /// within this distance running, so scrolling back and forth does not restart them.
  public var jumpThreshold: Int
  /// The most items kept loaded: beyond it, the pages farthest from what is displayed are
  /// dropped (they show placeholders again, and load again when they come back).
  public var maximumLoadedItems: Int

  /// A configuration; by default pages of 50, a page loaded ahead either way, a jump past 4
  /// pages, at most 2,000 items loaded.
  public init(
    pageSize: Int = 50, prefetchDistance: Int? = nil, jumpThreshold: Int? = nil,
    maximumLoadedItems: Int = 2_000
  ) {
    self.pageSize = pageSize
    self.prefetchDistance = prefetchDistance ?? pageSize
    self.jumpThreshold = jumpThreshold ?? 4 * pageSize
    self.maximumLoadedItems = maximumLoadedItems
  }

  /// The configuration with every value in range.
  var clamped: PagingConfiguration {
    var clamped = self
    clamped.pageSize = min(max(1, pageSize), 1 << 24)
    clamped.prefetchDistance = min(max(0, prefetchDistance), 1 << 30)
    clamped.jumpThreshold = min(max(0, jumpThreshold), 1 << 30)
    // At least the displayed pages and those prefetched around them.
    clamped.maximumLoadedItems = max(
      maximumLoadedItems, 4 * clamped.pageSize + 2 * clamped.prefetchDistance)
    return clamped
  }
}

/// One item of a paged source as it stands: loaded, still to come, or failed to load.
public enum PagedElement<Item> {
  /// The item.
  case loaded(Item)
  /// Not loaded yet (a load may be running): the cell shows a placeholder.
  case placeholder
  /// Its page failed to load: the cell shows the error, and ``PagedItems/retry()`` tries
  /// again.
  case failed(PagingError)

  /// The item, when loaded.
  public var item: Item? {
    if case .loaded(let item) = self { return item }
    return nil
  }
}

extension PagedElement: Equatable where Item: Equatable {}
extension PagedElement: Sendable where Item: Sendable {}

/// Why a page did not load: the loader's error, described.
public struct PagingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, for the cell and the status line.
  public var message: String

  /// An error with `message`.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// What arrived since the last ``PagedItems/takeChanges()``.
public struct PagingChanges: Equatable, Sendable {
  /// The items whose element changed (loaded, failed, or dropped back to placeholders), as
  /// ranges in ascending order.
  public var ranges: [Range<Int>] = []
  /// The count before, when it changed (a short page found the end, or a longer one more).
  public var oldCount: Int?

  /// Whether nothing changed.
  public var isEmpty: Bool { ranges.isEmpty && oldCount == nil }
}
