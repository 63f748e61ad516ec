import CGtk
import GalleryKit
import ReuseGTK
import ReuseKit

/// The gallery's own keys (pages, quit, Ctrl-C, Ctrl-S on another page) and the jobs of pages
/// not showing.
extension GTKGallery {
  /// Whether the gallery may close now: not while a page has edits not saved, until that has
  /// been said once (then the next q, or close, goes).
  func mayQuit(closing: Bool = false) -> Bool {
    if !hasWarnedBeforeQuitting,
      let warning = pages.lazy.compactMap({ $0?.unsavedWarning }).first
    {
      hasWarnedBeforeQuitting = true
      let said = Self.quitWarning(
        warning, closing: closing, typing: currentPage.isTyping, listTakesQ: pageTakesTyping)
      notice = said
      refreshStatus()
      // Said as well, by the view the keys are in: in the status bar alone, a screen reader's
      // user heard nothing, and the next q lost the edits (a new user's finding).
      let within = GTK_STATE_FLAG_FOCUS_WITHIN.rawValue
      let host =
        currentPage.hosts.first { gtk_widget_get_state_flags($0.widget).rawValue & within != 0 }
        ?? currentPage.host
      host.collectionView.postAccessibilityAnnouncement(said)
      return false
    }
    return true
  }

  /// The warning before quitting, as it says to quit anyway: after the window was closed,
  /// closing it again; q too where it is not text, and not where a field takes the keys (the
  /// warning's "q again quits" typed a q into the cell: a new user's finding); Ctrl-Q where a
  /// list takes q as type-ahead (`listTakesQ`).
  static func quitWarning(
    _ warning: String, closing: Bool, typing: Bool, listTakesQ: Bool = false
  ) -> String {
    guard warning.hasSuffix("q again quits") else { return warning }
    let q = typing || listTakesQ ? "Ctrl-Q" : "q"
    guard closing || q != "q" else { return warning }
    let again = closing ? (typing ? "closing the window" : "closing the window or \(q)") : q
    return warning.dropLast("q again quits".count) + again + " again quits"
  }

  /// Whether the page's lists take typing (type-ahead), q among the letters: the window's q
  /// quits elsewhere; here Ctrl-Q does.
  var pageTakesTyping: Bool { currentPage.hosts.contains(where: \.takesTypeAhead) }

  func handleKey(_ keyval: guint, _ state: GdkModifierType) -> Bool {
    // Any key but q after the warning: the warning is gone, and q warns again.
    if keyval != 0x71 {
      hasWarnedBeforeQuitting = false
      if notice != nil {
        notice = nil
        refreshStatus()
      }
    }
    // Ctrl-C stops the page's job, as the help says and as in the terminal (it did nothing
    // here: a sort or a find ran on to its end, a new user's finding). Otherwise it is left to
    // GTK (a field's copy).
    if keyval == 0x63 || keyval == 0x43, state.rawValue & GDK_CONTROL_MASK.rawValue != 0,
      currentPage.cancelJob()
    {
      refreshStatus()
      return true
    }
    if currentPage.isTyping, let key = KeyPress(keyval: keyval, state: state) {
      // A prompt: every key is text or edits it (digits and q too).
      let used = currentPage.handleKey(key)
      refreshStatus()
      return used
    }
    switch keyval {
    case 0x31...0x39: show(Int(keyval) - 0x31)  // 1…9
    case 0x30: show(9)  // 0: the tenth
    case 0x5B, 0x5D:  // [ ]: the previous, next page, wrapping (as in the terminal)
      let count = Self.pageNames.count
      let current = Int(gtk_notebook_get_current_page(OpaquePointer(notebook)))
      show(((current + (keyval == 0x5D ? 1 : -1)) % count + count) % count)
    case 0x71:  // q: edits not saved are said first; q again quits
      if mayQuit() { isOpen = false }
      return true
    case guint(GDK_KEY_F2) where currentPage is HostedPage<TableModel> && !currentPage.isTyping:
      // F2 edits the cell, as `e` does and as in spreadsheets.
      let used = currentPage.handleKey(KeyPress(.character("e")))
      refreshStatus()
      return used
    case guint(GDK_KEY_Tab), guint(GDK_KEY_ISO_Left_Tab):
      // Tab, Shift-Tab: GTK moves the focus (a page model never sees them).
      return false
    default:
      guard let key = KeyPress(keyval: keyval, state: state) else { return false }
      if saveOnAnotherPage(key) { return true }
      let used = currentPage.handleKey(key)
      refreshStatus()
      return used
    }
    return true
  }

  /// Ctrl-S on a page with nothing to save while another has edits not saved: that page saves
  /// them, as the quit warning says on every page (Ctrl-S did nothing off the table page, and
  /// q q lost the edits: a new user's finding). Returns whether it did.
  func saveOnAnotherPage(_ key: KeyPress) -> Bool {
    guard key.key == .character("s"), key.modifiers == .control,
      currentPage.unsavedWarning == nil,
      let page = pages.lazy.compactMap({ $0 }).first(where: { $0.unsavedWarning != nil })
    else { return false }
    notice = "\(page.title): " + page.saveFromAnotherPage()
    watchHiddenJobs()
    refreshStatus()
    return true
  }

  /// Steps the jobs of the pages not showing (a save: its end was noted only once its page
  /// showed again) every 50 ms while one runs; a job that ends says so in the status line.
  func watchHiddenJobs() {
    guard hiddenJobsTimer == 0,
      pages.indices.contains(where: { $0 != currentIndex && pages[$0]?.runsWhileHidden == true })
    else { return }
    let step: GSourceFunc = { data in
      let gallery = gallery(data)
      let running = gallery.stepHiddenJobs()
      if !running { gallery.hiddenJobsTimer = 0 }
      return running ? 1 : 0  // G_SOURCE_CONTINUE, G_SOURCE_REMOVE
    }
    hiddenJobsTimer = g_timeout_add(50, step, Unmanaged.passUnretained(self).toOpaque())
  }

  /// One step of the hidden pages' jobs; returns whether one still runs.
  private func stepHiddenJobs() -> Bool {
    var running = false
    for (index, page) in pages.enumerated() where index != currentIndex {
      guard let page, page.runsWhileHidden else { continue }
      if let said = page.advanceWhileHidden() {
        notice = "\(page.title): \(said)"
        hasWarnedBeforeQuitting = false
      } else if page.runsWhileHidden {
        running = true
        let prefix = "\(page.title): "
        if notice?.hasPrefix(prefix) == true, let warning = page.unsavedWarning {
          notice = prefix + warning  // how far it got
        }
      }
    }
    refreshStatus()
    return running
  }
}
