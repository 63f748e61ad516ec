import GalleryKit
import ReuseKit
import ReuseTerminal

// The gallery's input: keys and the mouse routed to the bar, the chrome or the page, and
// pastes into the field that takes text.

extension Gallery {
  /// Routes a key or mouse event: global keys first, then the page.
  ///
  /// The page's clocks move to `time` first, so that an animation a key starts (which carries
  /// no time of its own) begins now, not when the page last animated.
  public func handle(_ event: InputEvent, at time: Double) {
    lastInputTime = time
    tick(now: time)
    switch event {
    case .key(let key): handle(key, at: time)
    case .mouse(let mouse): handle(mouse, at: time)
    case .paste(let text): paste(text)
    }
  }

  /// Text pasted: into the field that takes text now, on one line (line breaks and tabs as
  /// spaces, other control characters dropped), never as keys. Pasted as keys, a line break
  /// was Enter and a `q` quit (a new user's finding). With no field open it is said and
  /// dropped.
  func paste(_ text: String) {
    notice = nil
    guard !showsHelp, !isTooSmall, currentPage.isTyping else {
      // The hint only where `/` opens a field (it named a find on pages with none: a new
      // user's finding).
      let finds = currentPage.keyHelp.contains { $0.0.hasPrefix("/") }
      notice = "nothing takes text here: the paste was dropped" + (finds ? " (/ opens a find)" : "")
      return
    }
    // The page puts it in its field as the field takes it (``PastedText``).
    _ = currentPage.paste(text)
  }

  func handle(_ key: KeyEvent, at time: Double) {
    // Esc and then a key at once reach the terminal as the bytes of Alt and that key: nothing
    // here takes Alt with a letter, Enter or Tab, so they are the two keys the user pressed
    // (Esc then `j` did nothing: a new user's finding). Alt with the arrows and Backspace
    // stays: text fields move and delete by word with it.
    if let (escape, next) = Self.escapeThenKey(key) {
      handle(escape, at: time)
      handle(next, at: time)
      return
    }
    notice = nil
    let wasWarned = hasWarnedBeforeQuitting
    hasWarnedBeforeQuitting = false
    // Esc closes the warning about unsaved edits, and only it: going on to the page, it also
    // took the filter away (a new user's finding).
    if wasWarned && key.key == .escape { return }
    if showsHelp {
      // The arrows, pages, Home, End and Space scroll a help taller than the terminal; any
      // other key closes it (q and Esc included); only Ctrl-C quits from it.
      let page = max(1, helpRows - 1)
      switch key.key {
      case _ where readsAsLines:
        // Nothing scrolls in lines already said: the arrows said nothing and seemed stuck (a
        // new user's finding).
        showsHelp = false
        if key.key == .control("c") { wantsToQuit = true }
      case .up: helpScroll -= 1
      case .down: helpScroll += 1
      case .pageUp: helpScroll -= page
      case .pageDown, .character(" "): helpScroll += page
      case .home: helpScroll = 0
      case .end: helpScroll = helpMaximumScroll
      default:
        showsHelp = false
        if key.key == .control("c") { wantsToQuit = true }
      }
      helpScroll = max(0, min(helpScroll, helpMaximumScroll))
      return
    }
    if isTooSmall {
      // Nothing shows but the notice: only what it says (q quits) and Ctrl-C, Ctrl-Z act;
      // other keys went unseen into a prompt or an edit, and q was typed there (a new user's
      // finding).
      switch key.key {
      case .character("q"), .control("c"), .control("z"): break
      default: return
      }
    } else if currentPage.isTyping && key.key != .control("c") && key.key != .control("z") {
      // A prompt: every key is text or edits it, but Ctrl-C and Ctrl-Z, which act as a shell's
      // (Ctrl-Z went into a message being written and did nothing: a new user's finding).
      _ = currentPage.handle(key, at: time)
      return
    }
    switch key.key {
    case .control("c") where currentPage.cancelJob():
      return
    case .control("c") where currentPage.isTyping:
      // What is being typed (a cell's edit, a message, a prompt) is dropped as Esc drops it,
      // as a shell drops its line: it quit at once, the edit lost (a new user's finding). A
      // second Ctrl-C quits.
      _ = currentPage.handle(KeyEvent(.escape), at: time)
      notice = "dropped what was typed; Ctrl-C again quits"
      return
    case .character("q"), .control("c"):
      // Any page's edits, not only the one showing (a table edited, then another page).
      if let warning = pages.lazy.compactMap({ $0?.unsavedWarning }).first, !wasWarned {
        notice = warning
        hasWarnedBeforeQuitting = true
        return
      }
      wantsToQuit = true
      return
    case .control("s") where currentPage.unsavedWarning == nil:
      // The quit warning says "Ctrl-S saves" on whichever page it shows: the page whose edits
      // it names saves them (Ctrl-S did nothing off the table page, and q q lost the edits: a
      // new user's finding).
      guard let page = pages.lazy.compactMap({ $0 }).first(where: { $0.unsavedWarning != nil })
      else { break }
      notice = "\(page.title): " + page.saveFromAnotherPage()
      return
    case .control("z"):
      wantsToSuspend = true
      return
    case .character("?"):
      // The help covers the page: a drag or a touch held on it ends (the release went to the
      // help, and the drag stayed held after it closed: a new user's finding).
      currentPage.willHide()
      showsHelp = true
      return
    default:
      break
    }
    if currentPage.handle(key, at: time) {
      currentPageWasUsed()
      return
    }
    switch key.key {
    case .character("]"): showPage(at: (currentIndex + 1) % descriptors.count)
    case .character("["): showPage(at: (currentIndex + descriptors.count - 1) % descriptors.count)
    case .character(let character):
      // 1 to 9 show those pages, 0 the tenth.
      if let digit = character.wholeNumberValue.map({ $0 == 0 ? 10 : $0 }),
        digit >= 1, digit <= descriptors.count
      {
        showPage(at: digit - 1)
      }
    case .tab, .backTab:
      // A page with one part to move in: said, not silent (a screen-reader user's Tab, then
      // Right, Enter and Tab, heard nothing from either Tab: a new user's finding).
      notice = "Tab: nothing else to move to on this page"
    default:
      break
    }
  }

  func handle(_ mouse: MouseEvent, at time: Double) {
    if mouse.kind == .press { notice = nil }
    if showsHelp {
      switch mouse.kind {
      case .press: showsHelp = false
      case .scrollUp: helpScroll = max(0, helpScroll - 3)
      case .scrollDown: helpScroll = min(helpMaximumScroll, helpScroll + 3)
      default: break
      }
      return
    }
    if isTooSmall { return }
    if mouse.kind == .press, mouse.row == 0, let page = pageBeyondMarker(atColumn: mouse.column) {
      showPage(at: page)
      return
    }
    if barPane.handle(mouse, at: time) { return }
    if currentPage.handle(mouse, at: time), mouse.kind != .move { currentPageWasUsed() }
  }

  /// The page a click on the `‹` or `›` marker at `column` opens: the first tab wholly past
  /// the strip's right edge, or the last wholly before its left edge (it scrolls into view). `nil` where
  /// no marker is drawn. (A click there opened the tab cut under the marker, one already in
  /// view: a new user's finding.)
  func pageBeyondMarker(atColumn column: Int) -> Int? {
    guard size.columns >= 2, column == 0 || column == size.columns - 1 else { return nil }
    let offset = bar.contentOffset.x
    let frames = (0..<descriptors.count).compactMap {
      bar.layoutAttributesForItem(at: ItemPath(section: 0, item: $0))?.frame
    }
    guard frames.count == descriptors.count else { return nil }
    // A tab cut by the edge counts as shown: the marker opens the first one wholly beyond.
    if column == 0 {
      guard offset > 0.5 else { return nil }
      return frames.lastIndex { $0.maxX <= offset + 1 } ?? frames.lastIndex { $0.minX < offset }
    }
    let end = offset + Double(size.columns) - 1
    guard tabsLieAfterStrip else { return nil }
    return frames.firstIndex { $0.minX >= end } ?? frames.firstIndex { $0.maxX > end }
  }
}
