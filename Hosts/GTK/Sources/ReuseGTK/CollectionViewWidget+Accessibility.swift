import CGtk
import ReuseKit

// MARK: Accessibility

/// What the host last told assistive technology, and where its keyboard focus is.
struct HostAccessibility {
  /// The container's name as last set, and the accessibility revision it was made at.
  var containerName: String?
  var containerRevision = -1
  /// The grid row the name was given for (a picker's row host, bound to another row since).
  var containerGridRow: Int?
  /// The row last given the keyboard focus: the object a screen reader believes focused.
  weak var focusedRow: DrawingWidget?
  /// The idle callback that gives the focus back to a recycled focused row, if pending.
  var refocusID: guint = 0
  /// Where the keyboard focus must still be for that callback to move it (`nil`: the host).
  var refocusAncestor: UnsafeMutablePointer<GtkWidget>?
  /// The item whose row was last given the keyboard focus.
  var focusedItem: ItemPath?
  /// The row that can take the keyboard focus now (``CollectionViewWidget/moveFocusability()``).
  weak var focusableRow: DrawingWidget?
  /// An announcement made as the focus leaves its row, for the row it lands on.
  var pendingAnnouncement: String?
  /// ``CollectionViewWidget/keysPressed`` when it was made.
  var pendingAnnouncementKey = 0
  /// The row whose facts the placement under way tells after ``CollectionViewWidget/followFocus()``.
  weak var rowToldAfterFocus: DrawingWidget?
  /// The host's own description, as an announcement last set it.
  var hostDescription: String?
  /// ``CollectionViewWidget/keysPressed`` when ``hostDescription`` was set: older, it was
  /// heard (or missed) before the last key and is not said again when the host takes the focus.
  var hostDescriptionKey = 0
}

extension CollectionViewWidget {
  /// Gives a view's widget the accessible name, description, level, place and states of the
  /// element it shows now (``ReuseKit/CollectionView/accessibilityElement(forItemAt:)``): on
  /// every rebind and whenever its look changed in place, so a recycled widget never carries
  /// the previous item's. GTK 4.8 does not send the place in the set, the set's size or the
  /// level over AT-SPI: the description carries them ("1 of 1,000,000", "level 2, 3 of 7").
  func updateAccessible(
    _ view: ReusableView, _ drawing: DrawingWidget, _ attributes: LayoutAttributes
  ) {
    drawing.accessibleItem = attributes.indexPath
    drawing.accessibleIsStale = false
    drawing.accessibleRevision = collectionView.accessibilityRevision
    var facts = AccessibleFacts(isNew: false)
    let element =
      attributes.supplementaryKind == nil
      ? collectionView.accessibilityElement(forItemAt: attributes.indexPath) : nil
    if let element {
      facts.label = element.label.isEmpty ? nil : element.label
      facts.description = Self.description(of: element)
      facts.level = Int32(element.level ?? 0)
      let grid = element.gridPosition
      facts.place = [
        Int32(element.positionInSet ?? 0), Int32(element.setSize ?? 0), Int32(grid?.row ?? 0),
        Int32(grid?.column ?? 0), Int32(grid?.rowCount ?? 0), Int32(grid?.columnCount ?? 0),
      ]
      facts.states = [
        element.isSelected ? 1 : 0, element.isExpanded.map { $0 ? 1 : 0 } ?? -1,
        element.isEnabled ? 0 : 1,
      ]
    } else {
      // A supplementary view (a header): its own label, and its value as the description.
      facts.label = view.accessibilityLabel
      facts.description = view.accessibilityValue
    }
    // An announcement made since the last key stays in front of the focused row's new facts:
    // Settings' "opened Amber Falcon" went as the row moved down a place, and a screen reader
    // said the new place alone (a new user's finding).
    if let announcement = drawing.told.announcement, drawing === accessibility.focusedRow,
      attributes.indexPath == collectionView.focusedIndexPath
    {
      facts.unannounced = .some(facts.description)
      facts.announcement = announcement
      facts.description = [announcement, facts.description ?? ""].filter { !$0.isEmpty }
        .joined(separator: ", ")
    }
    tell(facts, to: drawing)
    if let element { drawing.enableActions(element.actions) }
  }

  /// What a row's description says, after its name: its value, whether it is selected, then
  /// its place ("red, selected, 2 of 1,000,000"; "level 1, 3 of 8"): GTK 4.8 sends neither
  /// the place nor the level over AT-SPI, and Orca 43 says nothing of a selection change, so
  /// the description carries them, each once, in the order a listener expects. Expansion is
  /// not repeated there: Orca says a tree item's expanded state itself.
  static func description(of element: AccessibilityElement) -> String? {
    let state = element.isSelected ? "selected" : ""
    let text = [element.value ?? "", state, element.positionDescription]
      .filter { !$0.isEmpty }.joined(separator: ", ")
    return text.isEmpty ? nil : text
  }

  /// Sets on the widget's accessible object only the facts that differ from what it was told.
  func tell(_ facts: AccessibleFacts, to drawing: DrawingWidget) {
    let accessible = OpaquePointer(drawing.widget)
    let told = drawing.told
    if told.isNew || told.label != facts.label {
      reusekit_accessible_set_label(accessible, facts.label)
    }
    if told.isNew || told.description != facts.description {
      reusekit_accessible_set_description(accessible, facts.description)
    }
    if !facts.place.isEmpty {
      if told.isNew || told.level != facts.level {
        reusekit_accessible_set_level(accessible, facts.level)
      }
      if told.isNew || told.place != facts.place {
        let p = facts.place
        reusekit_accessible_set_positions(accessible, p[0], p[1], p[2], p[3], p[4], p[5])
      }
      if told.isNew || told.states != facts.states {
        reusekit_accessible_set_states(
          accessible, facts.states[0], facts.states[1], facts.states[2])
      }
    }
    drawing.told = facts
  }

  /// Realizes the widget's AT context just before it takes the focus, so that what was set
  /// on it while unrealized goes out now, to an object a screen reader is not reading yet,
  /// and not after its focus event (GTK 4.8 keeps the changes made to an unrealized context
  /// and sends them all when the focus realizes it: the row's place was spoken twice).
  /// Contexts stay unrealized until then, so rebinding rows a screen reader is not on sends
  /// it nothing. GTK 4.8 has no call for it: a change of the focusable flag (a platform
  /// change) realizes the context, and the flag is put back at once.
  func realizeContext(of drawing: DrawingWidget) {
    let row = drawing.widget
    guard !drawing.contextIsRealized, gtk_widget_get_root(row) != nil,
      gtk_widget_has_focus(row) == 0
    else { return }
    drawing.contextIsRealized = true
    let focusable = gtk_widget_get_focusable(row)
    gtk_widget_set_focusable(row, focusable == 0 ? 1 : 0)
    gtk_widget_set_focusable(row, focusable)
  }

  /// GTK 4.8 has no announcement API (`gtk_accessible_announce` came in 4.14). A screen
  /// reader speaks a description change only on the object it is reading: while a row of this
  /// host has the keyboard focus, the announcement goes before its description ("opened Brisk
  /// Summit, 3.4 stars, Top free, 4 of 500"; it keeps its place at the end, and stays in
  /// front of the row's facts told again until the next key); otherwise the host's
  /// description says it.
  ///
  /// Said as the keyboard focus leaves its row for another item's (a find's `n`, "match 3 of
  /// 1,857"), the words wait for the next placement and go in front of the description of the
  /// row the focus lands on, read with its focus event: put on the row being left, they were
  /// said with that row's place, and the new row's focus event came without them (a new
  /// user's finding).
  func announce(_ message: String) {
    nameContainer()
    let focused = collectionView.focusedIndexPath
    let rowHasFocus = accessibility.focusedRow.map { gtk_widget_has_focus($0.widget) != 0 } ?? false
    // Said while the host holds the focus only until a row takes it back (a recycled row's
    // return, a page's first focus), or while the focus is still outside the host that is
    // about to take it (a board's card moved to the next column), the words go with the
    // focus event of the row that takes it. Said on the host, they were heard as its words
    // or not at all, and the row came without them (new users' findings: a data-source move,
    // a board's `>`).
    let rowTakesItBack = accessibility.refocusID != 0 && gtk_widget_has_focus(widget) != 0
    let focusComesHere = !containsKeyboardFocus && focused != nil
    // The focused item now shown by another row than the one with the focus (a deleted task's
    // neighbour, at the same path): the words went on the row being left (a new user's
    // finding: "deleted" said on the task that stayed).
    let rowChanges =
      rowHasFocus
      && (focused.flatMap { collectionView.cellForItem(at: $0) }.flatMap(drawingWidget(of:))
        .map { $0 !== accessibility.focusedRow } ?? false)
    if rowTakesItBack || focusComesHere || rowChanges
      || (rowHasFocus && focused.map { $0 != accessibility.focusedItem } ?? false)
    {
      if accessibility.pendingAnnouncementKey != Self.keysPressed {
        accessibility.pendingAnnouncement = nil
      }
      accessibility.pendingAnnouncement =
        accessibility.pendingAnnouncement.map { "\($0), \(message)" } ?? message
      accessibility.pendingAnnouncementKey = Self.keysPressed
      return
    }
    say(message)
  }

  /// The announcement waiting for the focus, unless a key was pressed since it was made (it
  /// belongs to what that key left behind).
  private func takePendingAnnouncement() -> String? {
    defer { accessibility.pendingAnnouncement = nil }
    guard accessibility.pendingAnnouncementKey == Self.keysPressed else { return nil }
    return accessibility.pendingAnnouncement
  }

  /// An announcement waiting for the focus to land, put on `drawing` (the row that takes it
  /// now) in front of its description; `toldLater`: its facts are told after this (a
  /// recycled row), which keep it in front.
  func carryPendingAnnouncement(to drawing: DrawingWidget, toldLater: Bool = false) {
    guard let message = takePendingAnnouncement() else { return }
    drawing.told.announcement = message
    guard !toldLater else { return }
    let base = drawing.told.unannounced ?? drawing.told.description
    let said = [message, base ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
    reusekit_accessible_set_description(OpaquePointer(drawing.widget), said)
    drawing.told.unannounced = .some(base)
    drawing.told.description = said
  }

  /// An announcement still waiting after a placement whose focus did not land on a row (the
  /// item is off screen): said on the row that has the focus, or by the host. While the focus
  /// is outside the host it waits for the focus to come (``grabKeyboardFocus()``), and while
  /// the view moves, for the row to show; until the next key.
  func sayPendingAnnouncement() {
    // Nor while the view moves (the focused item scrolling into view, a batch gliding): its
    // row takes the words when it shows. Said at once, they went on the row being left, and
    // the task moved to Done came into view without them (a new user's finding).
    guard containsKeyboardFocus, !collectionView.isAnimating,
      let message = takePendingAnnouncement()
    else { return }
    say(message)
  }

  /// Says `message` now: in front of the focused row's description, or the host's.
  private func say(_ message: String) {
    if let row = accessibility.focusedRow, gtk_widget_has_focus(row.widget) != 0 {
      // A row whose facts are about to be told again (the places changed: a column moved)
      // takes the words with them, in one change: set now and again with its new place, the
      // description changed twice, and a screen reader could say both.
      if row.accessibleRevision != collectionView.accessibilityRevision {
        row.told.announcement = message
        return
      }
      // In front of the row's own description, not of the last announcement too (misses
      // of a type-ahead piled up there: a new user's finding).
      let base = row.told.unannounced ?? row.told.description
      let said = [message, base ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
      // The same words again: since the last key, said already (a find's step and its count
      // settling); after a key (Enter twice on a row), said again, so the description is
      // emptied first (unchanged, nothing is heard; Orca passes over white space alone).
      if said == row.told.description {
        guard row.told.announcement == nil else { return }
        reusekit_accessible_set_description(OpaquePointer(row.widget), nil)
      }
      reusekit_accessible_set_description(OpaquePointer(row.widget), said)
      row.told.unannounced = .some(base)
      row.told.announcement = message
      row.told.description = said
      return
    }
    reusekit_accessible_set_description(OpaquePointer(widget), message)
    accessibility.hostDescription = message
    accessibility.hostDescriptionKey = Self.keysPressed
  }

  /// Gives the keyboard focus to the host itself, without what an announcement before the
  /// last key left in its description: a screen reader reads the description with the focus
  /// event, and said "moved to Done" for a `m` that moved a task to To do (a new user's
  /// finding).
  func focusHost() {
    if accessibility.hostDescription != nil, accessibility.hostDescriptionKey != Self.keysPressed {
      reusekit_accessible_set_description(OpaquePointer(widget), nil)
      accessibility.hostDescription = nil
    }
    gtk_widget_set_focusable(widget, 1)
    gtk_widget_grab_focus(widget)
  }

  /// Whether the keyboard focus is on the host or one of its rows.
  public var containsKeyboardFocus: Bool {
    gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
  }

  /// The description of what holds the keyboard focus in this host, as last given: its row's
  /// (an announcement in front of its own), or the host's own when the host holds it (a
  /// carousel's); `nil` when the focus is elsewhere. What a screen reader reads of it (for
  /// end-to-end tests).
  public var keyboardFocusedRowDescription: String? {
    if gtk_widget_has_focus(widget) != 0 { return accessibility.hostDescription ?? "" }
    guard let row = accessibility.focusedRow, gtk_widget_has_focus(row.widget) != 0 else {
      return nil
    }
    return row.told.description
  }

  /// The name a screen reader says when the focus enters the host: the collection view's
  /// label with what it holds ("Places, 1,000,000 items"; a grid's "Accounts, 1,000,000 rows,
  /// 50 columns"), set again when the counts change. Without a label GTK would name the list
  /// by its widget type ("GtkOverlay").
  func nameContainer() {
    accessibility.containerRevision = collectionView.accessibilityRevision
    accessibility.containerGridRow = collectionView.accessibilityGridRow?.row
    // A row of a grid of its own without a label (a picker's): named by its place, not by its
    // widget type ("GtkOverlay", a new user's finding).
    let label =
      collectionView.accessibilityLabel.isEmpty
      ? collectionView.accessibilityGridRow.map {
        "row \(Self.grouped($0.row)) of \(Self.grouped($0.rowCount))"
      } ?? "" : collectionView.accessibilityLabel
    guard !label.isEmpty else { return }
    let container = collectionView.accessibilityContainerElement
    // A row of a grid holds items; the grid's shape is the grid's to say.
    let sample = collectionView.indexPathsForVisibleItems.first.flatMap {
      collectionView.accessibilityElement(forItemAt: $0)?.gridPosition
    }
    let holds =
      (collectionView.accessibilityGridRow == nil ? sample : nil).map {
        "\(Self.counted($0.rowCount, "row")), \(Self.counted($0.columnCount, "column"))"
      } ?? Self.counted(container.setSize ?? 0, "item")
    let name = "\(label), \(holds)"
    guard name != accessibility.containerName else { return }
    accessibility.containerName = name
    reusekit_accessible_set_label(OpaquePointer(widget), name)
  }

  /// "1 item", "1,000,000 items".
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(grouped(count)) \(noun)\(count == 1 ? "" : "s")"
  }

  /// "1,000,000".
  public static func grouped(_ count: Int) -> String {
    let digits = Array(String(count.magnitude))
    var grouped = count < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return grouped
  }

  /// The focused item's row takes the keyboard focus (screen readers announce it: AT-SPI's
  /// focus events follow GTK's focus) whenever the keyboard focus is in this host (on the
  /// host, on another row, or on nothing left after its row was recycled) or nowhere, while the
  /// host is on screen: a focus moved from code never takes it from another widget.
  ///
  /// - Complexity: O(1) a frame (a lookup of the focused row and of the window's focus).
  func followFocus() {
    // A host not on screen (a notebook's page left) takes no focus: the page switch lets go
    // of the focus first, and the page left took it back into its hidden row, which a screen
    // reader heard before the tab list (a new user's finding).
    guard let root = gtk_widget_get_root(widget), gtk_widget_get_mapped(widget) != 0 else {
      return
    }
    let current = gtk_root_get_focus(root)
    guard let focused = collectionView.focusedIndexPath,
      let cell = collectionView.cellForItem(at: focused),
      let drawing = (cell as? any GTKDrawable)?.drawing,
      gtk_widget_get_visible(drawing.widget) != 0, gtk_widget_get_parent(drawing.widget) != nil
    else {
      // The focused item is off screen (scrolled away, or gone): a row of this host that holds
      // the keyboard focus now shows another item, which must not read as focused. The host
      // takes the focus until the item shows again.
      if let row = accessibility.focusedRow, current == row.widget { focusHost() }
      return
    }
    // Outside the host, or inside it but not among its rows (a field editor over a cell,
    // GTK's own entry): the focus stays there. Taken back to the row at each pass, it went
    // row, entry, row, entry… five times for one `e`, and a screen reader said each (a new
    // user's finding).
    if let current, current != widget, current != drawing.widget,
      gtk_widget_is_ancestor(current, fixed) == 0
    {
      return
    }
    gtk_widget_set_focusable(drawing.widget, 1)  // the roving focus: see moveFocusability()
    if drawing === accessibility.focusedRow {
      guard accessibility.focusedItem != focused else {
        // Not while the host holds it for a recycled row's return (below).
        if current != drawing.widget && accessibility.refocusID == 0 {
          gtk_widget_grab_focus(drawing.widget)
        }
        return
      }
      // The row last given the keyboard focus was recycled for the newly focused item (a
      // jump): to a screen reader the same object would be focused again, which it does not
      // announce (a focus out and back in within one iteration is no change to it either).
      // The focus goes to the host now and back to the row once the reader has seen it leave.
      accessibility.focusedItem = focused
      focusHost()
      // Its facts told after this in the placement, the words go in front of them; told
      // already (in an earlier frame, as it glided to its new place), they go on it now.
      carryPendingAnnouncement(to: drawing, toldLater: accessibility.rowToldAfterFocus === drawing)
      accessibility.refocusID = g_timeout_add(
        Self.refocusDelay,
        { data in
          let host = host(data)
          host.accessibility.refocusID = 0
          host.grabKeyboardFocus()
          return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passUnretained(self).toOpaque())
      return
    }
    realizeContext(of: drawing)
    carryPendingAnnouncement(to: drawing)
    gtk_widget_grab_focus(drawing.widget)
    accessibility.focusedItem = focused
    accessibility.focusedRow = drawing
  }

  /// How long, in milliseconds, the host holds the focus before a recycled row takes it back:
  /// at once (an idle), Orca had not yet taken in the focus leaving, took the row's focus for
  /// no move, and said only its new place ("1,000 of 1,000", no name, after End on a list of
  /// 1,000: a new user's finding).
  static var refocusDelay: guint { 120 }

  /// Keys pressed in any host so far (GTK's main loop is the only thread that counts them).
  nonisolated(unsafe) static var keysPressed = 0

  /// A roving focus, as ARIA lists have it: only the row of the focused item can take the
  /// keyboard focus, so that Tab and Shift-Tab enter the collection view at that item (not
  /// at whichever row GTK finds first, nor at the host), and a screen reader hears it.
  /// Without such a row (nothing focused, or it is off screen) the host itself takes it.
  func moveFocusability() {
    let row = collectionView.focusedIndexPath.flatMap {
      (collectionView.cellForItem(at: $0) as? any GTKDrawable)?.drawing
    }
    if let row, gtk_widget_get_visible(row.widget) == 0 || gtk_widget_get_parent(row.widget) == nil
    {
      return moveFocusability(to: nil)
    }
    moveFocusability(to: row)
  }

  func moveFocusability(to row: DrawingWidget?) {
    if let row { gtk_widget_set_focusable(row.widget, 1) }
    guard accessibility.focusableRow !== row else { return }
    // The previous row lets go, unless it still holds the keyboard focus.
    if let previous = accessibility.focusableRow, gtk_widget_has_focus(previous.widget) == 0 {
      gtk_widget_set_focusable(previous.widget, 0)
    }
    accessibility.focusableRow = row
    gtk_widget_set_focusable(widget, row == nil ? 1 : 0)
  }
}
