import ReuseControls
import ReuseKit

#if canImport(Glibc)
  import Glibc
#endif

extension TableModel {
  // MARK: Saving

  /// Ctrl-S: the file written with the edits, the old one kept as `FILE.bak`.
  func saveEdits() -> Bool {
    // The table edited, whatever shows (its frequencies, say): the status and the quit warning
    // both say Ctrl-S saves it.
    guard let editable = (content as? any EditableTableContent) ?? editedTable else {
      editNote = "this table is read only: nothing to save"
      return true
    }
    guard editable.unsavedRowCount > 0 else {
      editNote = editable.editedRowCount > 0 ? "every edit is saved" : "no edits to save"
      return true
    }
    guard editable.canSave else {
      // A file that stopped with a problem is not loading: it is never saved over.
      editNote =
        editable.isStillReading
        ? TableModel.stillLoadingNote : "the file was not read whole: it is not saved over"
      return true
    }
    let rows = plural(editable.unsavedRowCount, "edited row")
    return startSave(editable, as: nil) { [fileName] backup in
      "saved \(rows)" + (backup.map { " · the old file is \(fileName($0))" } ?? "")
    }
  }

  /// Starts a save on its thread (the table goes on meanwhile; the status line shows how far
  /// it got, Escape stops it); one at a time.
  private func startSave(
    _ editable: any EditableTableContent, as path: String?, note: @escaping (String?) -> String
  ) -> Bool {
    if let saving {
      editNote = "a save is running (\(Int(saving.job.fractionDone * 100)) %): wait for it"
      return true
    }
    saving = (editable.startSave(as: path), editable, note)
    editNote = nil
    _ = advanceSave()
    return true
  }

  /// Ctrl-S pressed on another page while this table's edits are not saved (the quit warning
  /// says "Ctrl-S saves" on every page): starts saving them, as on the table. Returns what to
  /// say: the save under way, or why it did not start.
  public func saveEditsFromAnotherPage() -> String {
    _ = saveEdits()
    return saving != nil ? unsavedEditsWarning ?? "" : editNote ?? ""
  }

  /// Advances a save while the page does not show (it gets no frames: the save's end was noted
  /// only once the page showed again). When the save has ended, what it said ("saved 2
  /// edited rows", or why not); `nil` while it runs, or with none.
  public func advanceSaveWhileHidden() -> String? {
    guard saving != nil else { return nil }
    _ = advanceSave()
    return saving == nil ? editNote : nil
  }

  /// One step of the page's jobs while another page shows: a save (its end said, as
  /// ``advanceSaveWhileHidden()`` says it), and a sort, a filter, a find or the file's
  /// loading, which went on only while the table showed (a sort at 7 % was at 8 % ten seconds
  /// later: a new user's finding). Returns what to say when a save ended.
  public func advanceWhileHidden() -> String? {
    if saving != nil { return advanceSaveWhileHidden() }
    poll()
    return nil
  }

  /// Whether the page has a job to step while another page shows.
  public var runsWhileHidden: Bool { saving != nil || isWorking }

  /// Whether a save runs on its thread.
  public var isSaving: Bool { saving != nil }

  /// A save that finished: its note, and its edits counted as saved (not those made since);
  /// or why it did not. Returns whether one runs or just ended (frames wanted).
  func advanceSave() -> Bool {
    guard let saving else { return false }
    guard let result = saving.job.result else {
      // A frame for each percent written: the status line's figure.
      let percent = Int(saving.job.fractionDone * 100)
      defer { savePercentShown = percent }
      return percent != savePercentShown
    }
    self.saving = nil
    switch result {
    case .success(let backup):
      editNote = saving.note(backup)
      // A copy leaves the open file as it was: its edits are still unsaved there.
      if !saving.job.isCopy { saving.table.markSaved(saving.job.rows) }
    case .failure(let error):
      editNote = "not saved: \(error.message)"
    }
    // Said: a save ends on another thread, with no key that a screen reader hears it from
    // (a new user's finding: Ctrl-S was never announced).
    table.collectionView.announce(editNote ?? "")
    return true
  }

  /// "saving data.csv… 45 % (Esc stops)" while a save runs.
  var savingStatus: String? {
    guard let saving else { return nil }
    return "saving \(fileName(saving.job.target))… \(Int(saving.job.fractionDone * 100)) % "
      + "(Esc stops)"
  }

  /// The last part of a path.
  func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// `W`: asks for a new file's name, starting from this file's, selected: a name typed
  /// replaces it, an arrow key keeps it to change (typing added to it, so "copy.csv" saved as
  /// "edit-copy.csvcopy.csv": a new user's finding).
  func beginSaveAs() -> Bool {
    guard let editable = content as? any EditableTableContent else {
      editNote = "this table is read only: nothing to save"
      return true
    }
    var field = TextFieldState(Self.copyName(of: editable.filePath), maxLength: 4_096)
    field.selectAll()
    prompt = (.saveAs, field)
    promptProblem = nil
    return true
  }

  /// A new name beside `path` that no file has: "-copy" before its extension ("a.csv" →
  /// "a-copy.csv"), then "a-copy-2.csv", "a-copy-3.csv"… (it offered "a-copy.csv" again after
  /// saving one, and then refused it: a new user's finding).
  static func copyName(
    of path: String, exists: (String) -> Bool = { access($0, F_OK) == 0 }
  ) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let dot = path[slash...].lastIndex(of: ".").flatMap { $0 > slash ? $0 : nil } ?? path.endIndex
    let (stem, suffix) = (String(path[..<dot]) + "-copy", String(path[dot...]))
    var name = stem + suffix
    var number = 2
    while exists(name) && number < 1_000 {
      name = "\(stem)-\(number)\(suffix)"
      number += 1
    }
    return name
  }

  /// `path` with a leading `~` read as the home folder, as a shell does ("~/x.csv" was "no
  /// folder ~": a new user's finding).
  static func expandingHome(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/"),
      let home = getenv("HOME").map({ String(cString: $0) })
    else { return path }
    return home + path.dropFirst()
  }

  /// Why a copy cannot be saved as `path` (no name, the open file's, one that exists), or
  /// `nil`: asked before the save-as prompt closes, which stays open to change the name.
  func saveAsProblem(_ path: String) -> String? {
    guard let editable = content as? any EditableTableContent else { return nil }
    let path = Self.expandingHome(path.trimmingSpaces)
    if path.isEmpty { return "give the copy a name" }
    // Never over the open file from here: that is Ctrl-S's job, which keeps a backup.
    if path == editable.filePath {
      return "that is the open file: give a new name (Ctrl-S saves it in place)"
    }
    if access(path, F_OK) == 0 { return "\(fileName(path)) exists: give a new name" }
    // A folder that is not there, or not one to write in, is said while the name can still be
    // changed (the prompt closed, and the next keys went to the table: a new user's finding).
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let place = folder.isEmpty ? "/" : folder
    var info = stat()
    guard stat(place, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      return "no folder \(place): give another name"
    }
    if access(place, W_OK | X_OK) != 0 { return "cannot write in \(place): give another name" }
    return nil
  }

  /// Enter on the save-as prompt: a copy with the edits written to `path`; the table goes on
  /// with its own file, whose edits are still unsaved (quitting warns, Ctrl-S saves them).
  func saveEdits(as path: String) -> Bool {
    guard let editable = content as? any EditableTableContent else { return true }
    let path = Self.expandingHome(path.trimmingSpaces)
    let rows = plural(editable.editedRowCount, "edited row")
    let name = fileName(path)
    // Edits saved in place before: the open file has them too (it said "as it was", after a
    // Ctrl-S: a new user's finding).
    let unsaved = editable.unsavedRowCount > 0
    return startSave(editable, as: path) { _ in
      "saved a copy with \(rows) as \(name) · "
        + (unsaved ? "the open file is as it was (Ctrl-S saves it)" : "the open file has them too")
    }
  }

  /// Before the process exits: a save that runs is stopped and its temporary file removed
  /// (the file itself stays as it was, as the warning said; a new user's finding: a partial
  /// copy of 32 MB was left beside it).
  public func prepareToQuit() {
    saving?.job.stopAndClean()
    // Let go of the save: its note holds this model, and nothing will poll it again.
    saving = nil
  }

  /// Edits not saved yet, for a warning before quitting ("2 rows edited, not saved").
  /// The table edited is asked, whatever shows now (a frequency table of it, say).
  public var unsavedEditsWarning: String? {
    if let saving {
      return "saving \(fileName(saving.job.target)) (\(Int(saving.job.fractionDone * 100)) %): "
        + "q again quits, and the file stays as it was"
    }
    // A cell's edit typed and not yet kept (GTK's field stays open while another page shows:
    // q then quit at once, and the text was lost, a new user's finding).
    let unsaved = editedTable.map(\.unsavedRowCount) ?? 0
    let edited = "\(unsaved.formatted) row\(unsaved == 1 ? "" : "s") edited, not saved"
    if let editing = editingCell, let editable = content as? any EditableTableContent,
      editable.editableText(row: editing.row, column: editing.column) != editing.field.text
    {
      // The edits kept before are named too: quitting loses them as well (only the open
      // edit was named, and a close after it lost both: a new user's finding).
      return "\(rowName(editing.row)) is being edited, not kept"
        + (unsaved > 0 ? ", and \(edited)" : "") + ": Enter keeps it, q again quits"
    }
    guard unsaved > 0 else { return nil }
    return "\(edited): Ctrl-S saves, q again quits"
  }
}
