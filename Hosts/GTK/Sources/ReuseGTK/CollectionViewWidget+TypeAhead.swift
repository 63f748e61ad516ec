import CGtk
import ReuseKit

/// Type-ahead in a host: printable keys that the page does not use move the focus to the next
/// item whose text starts with them (the core's ``ReuseKit/TypeAhead``), for a data source
/// that gives text (a ``ReuseKit/SearchableDataSource``).
extension CollectionViewWidget {
  /// What has been typed, for a status line: "type-ahead: “app”" (with "· no match"), or
  /// empty when no prefix is being typed.
  public var typeAheadStatus: String { typeAhead?.status ?? "" }

  /// Whether printable keys the page does not use go to type-ahead here: it is on
  /// (``typeAheadBegins``) and the data source gives text (a ``ReuseKit/SearchableDataSource``).
  public var takesTypeAhead: Bool {
    typeAheadBegins != nil && collectionView.dataSource is any SearchableDataSource
  }

  /// Gives `key` to the type-ahead when it takes it: a printable key while a prefix that
  /// matches is being typed, Escape to end one, or (`beginning`) a printable key that may
  /// start one. A prefix that matched nothing takes no more keys: the next goes to the page,
  /// or starts a prefix of its own (letters after a miss were taken as more of it, and a
  /// page's commands did nothing: a new user's finding). Returns whether it was taken.
  func typeAheadTakes(_ key: KeyPress, beginning: Bool) -> Bool {
    let now = Double(g_get_monotonic_time()) / 1_000_000
    let failed = typeAhead?.failed == true
    let isRecent = typeAhead?.isActive(at: now) == true
    let isActive = isRecent && !failed
    if !beginning && isRecent && key.key == .escape && key.modifiers.isEmpty {
      endTypeAhead()
      return true
    }
    guard key.modifiers.isDisjoint(with: [.control, .alt, .command]) else { return false }
    let character: Character
    switch key.key {
    case .character(let typed): character = typed
    case .space where isActive: character = " "
    default: return false
    }
    if beginning {
      guard !isActive, typeAheadBegins?(character) == true, takesTypeAhead,
        collectionView.numberOfSections > 0
      else { return false }
      if failed { typeAhead?.cancel() }
    } else if !isActive || typeAheadPassesOn?(character) == true {
      return false
    }
    let typeAhead = self.typeAhead ?? TypeAhead(collectionView: collectionView)
    self.typeAhead = typeAhead
    typeAhead.type(character, at: now)
    typeAheadDidChange()
    if typeAhead.isSearching { startTicking() }
    return true
  }

  /// A frame's slice of a long scan; the status follows.
  func advanceTypeAhead(_ typeAhead: TypeAhead) {
    typeAhead.advance()
    if !typeAhead.isSearching { typeAheadDidChange() }
  }

  /// Places the views (the focus may have moved), moves the keyboard focus to the focused
  /// row, tells the page (its status line), and clears the prefix once its time is up.
  private func typeAheadDidChange() {
    layoutAndPlace()
    grabKeyboardFocus()
    didPlaceViews?()
    if typeAheadExpiryID != 0 { g_source_remove(typeAheadExpiryID) }
    let expire: GSourceFunc = { data in
      let host = Unmanaged<CollectionViewWidget>.fromOpaque(data!).takeUnretainedValue()
      host.typeAheadExpiryID = 0
      host.endTypeAhead()
      return 0  // G_SOURCE_REMOVE
    }
    let timeout = typeAhead?.timeout ?? 1
    typeAheadExpiryID = g_timeout_add(
      guint(timeout * 1_000) + 50, expire, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Forgets the prefix (its time is up, or Escape) and tells the page.
  func endTypeAhead() {
    guard let typeAhead, !typeAhead.typed.isEmpty else { return }
    typeAhead.cancel()
    didPlaceViews?()
  }
}
