import ArgumentParser
import GalleryKit
import GalleryPostgreSQL
import Glibc
import ReuseTerminal
import TerminalGallery

/// `--color` with a value, or alone (`always`).
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case auto
  case always
  case never
  case palette256 = "256"
  case palette16 = "16"

  /// The mode for the interactive gallery: `never` keeps bold, reverse and underline.
  func interactiveMode(environment: [String: String]) -> ColorMode {
    switch self {
    case .auto: ColorMode.detect(environment: environment)
    case .always: .trueColor
    case .never: .monochrome
    case .palette256: .palette256
    case .palette16: .palette16
    }
  }

  /// The mode for `--snapshot`: `never` is plain text, `auto` follows the environment.
  func snapshotMode(environment: [String: String]) -> ColorMode {
    self == .never ? .plain : interactiveMode(environment: environment)
  }
}

@main
struct ReuseGallery: ParsableCommand {
  /// `--color` may stand alone (meaning `always`), and a negative number is an option's
  /// value: the words are prepared before parsing.
  static func main() {
    main(GalleryArguments.prepared(Array(CommandLine.arguments.dropFirst())))
  }

  static let configuration = CommandConfiguration(
    commandName: "reuse-gallery",
    abstract: "Every ReuseKit control, on demo data, in your terminal.",
    discussion: """
      Pages: \(GalleryPages.all.map(\.name).joined(separator: ", ")). Keys: 1-9 and 0 (the tenth) or [ ] switch \
      pages, arrows/PgUp/PgDn/Home/End move, Enter selects, Tab switches focus, the wheel and \
      drags scroll, ? shows help, q or Ctrl-C quits.

      --data FILE.sqlite (or .db, any name: a database is known by its header) opens the table \
      page on the list of its tables, counted in the background; Enter opens one (a page of \
      rows at a time as they show, never loaded whole), Backspace goes back; s sorts with \
      ORDER BY.
      --data postgresql://user@host:port/database (built with `swift run --traits PostgreSQL \
      reuse-gallery`) opens a PostgreSQL server's tables the same way: a page of rows at a \
      time, sorts by the server (through an index, or off the loop), Esc stops a sort. The \
      password comes from the address or PGPASSWORD; ?sslmode=disable|prefer|require.
      --data FILE.csv opens the table page on the file (streamed in: the first screen shows at \
      once and the row count grows while the rest loads; the first row titles the columns). A \
      file named otherwise is read as CSV unless it starts with [ or { (JSON); .tsv files are \
      split at tabs. Add --lenient for files other tools open: short rows padded, long ones \
      cut, # comment lines skipped, stray quotes kept, the delimiter found (, tab ; |); the \
      status line and ? say what it did.

      --data FILE.json holding an array of objects with the same keys opens them in the table \
      page (a row per object, a column per key; every problem with its line and column).
      --data FILE.json replaces the demo data (list, data source, option bar, waterfall, outline, \
      carousel). The schema:
        {"title": "…", "sections": [{"title": "…", "items": ["…", {"title": "…", \
      "detail": "…", "height": 1}]}], "tags": ["…"]}
      """)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Keep each page's scroll position (and the page showing, unless --demo names one) in "
        + "FILE across runs: read at "
        + "start when it exists, written on exit. A place this run's data lacks (a file "
        + "kept from a run with more --items) shows as near as it can be, and is said.",
      valueName: "FILE"))
  var restore: String?

  @Option(
    name: .long,
    help: """
      The page to open: \(GalleryPages.all.map(\.name).joined(separator: ", ")) (list by \
      default; table with a CSV file).
      """)
  var demo: String?

  @Option(
    name: .long,
    help: """
      How many items the demos generate (up to 10,000,000; 1,000 by default, and 1,000,000 \
      rows for the table). The data-source page makes N/40 tasks (at least 12), the board \
      3 × N cards (8 to 30,000), the outline N/240 districts a city (1 to 10,000); 0 leaves \
      them empty.
      """)
  var items: Int?

  @Option(
    name: .long,
    help: "A JSON file with the list's sections and items (see above), or a CSV file for the table."
  )
  var data: String?

  @Flag(
    name: .long,
    help: """
      Read a CSV file leniently: short rows padded, long ones cut, # comment lines skipped, \
      stray quotes kept, the delimiter found (, tab ; |); what it did is said.
      """)
  var lenient = false

  /// The page to open.
  private var page: String {
    demo ?? (isPostgreSQL || isCSV || isSQLite || isRecords ? "table" : "list")
  }

  /// Whether `--data` names a PostgreSQL server (`postgresql://…`) rather than a file.
  private var isPostgreSQL: Bool { data.map(isPostgreSQLAddress) ?? false }

  /// Whether `--data` names JSON records (an array at the top, read once to know).
  private var isRecords: Bool {
    guard let data, !isPostgreSQL, CSVFile.kind(ofFileAt: data) == .json else { return false }
    return JSONDataFile.startsWithArray(path: data)
  }

  /// Whether `--data` names a SQLite database (by its header, whatever its name).
  private var isSQLite: Bool {
    !isPostgreSQL && data.map { CSVFile.kind(ofFileAt: $0) == .sqlite } ?? false
  }

  /// Whether `--data` names a CSV file: by its extension (`.csv`, `.tsv`), else by its content
  /// (anything but a JSON value is read as CSV: a CSV named `.txt` opens in the table).
  private var isCSV: Bool {
    !isPostgreSQL && data.map { CSVFile.kind(ofFileAt: $0) == .csv } ?? false
  }

  @Option(name: .long, help: "Render page NAME without a terminal and print the frame as text.")
  var snapshot: String?

  @Option(name: .long, help: "The size for --snapshot, COLUMNSxROWS.")
  var size = "80x24"

  @Option(
    name: .long,
    help:
      ArgumentHelp(
        "Keys to press before the --snapshot frame, e.g. \"down shift-down enter ctrl-s f1\": "
          + "arrows, enter, tab, esc, space, backspace, delete, home, end, pgup, pgdn, f1-f12 or a "
          + "character, each after any of shift-, alt-, ctrl-."))
  var keys = ""

  @Option(
    name: .long,
    help: """
      Colours: auto (from TERM, COLORTERM and NO_COLOR), always (24-bit), never, 256 or 16. \
      Alone, --color means always. Interactive: auto by default, never keeps bold and reverse. \
      With --snapshot: plain text by default, never is plain text.
      """)
  var color: ColorChoice?

  @Flag(
    name: .long,
    help: "Print only the page's engine counters and pools as JSON (after --keys, if any)."
  )
  var stats = false

  @Flag(
    name: .long,
    help: """
      For screen readers: no full-screen drawing; each focus change and announcement is \
      written as one line ("Amber Falcon, 1 of 1,000, selected"), keys as usual, ? lists them.
      """)
  var screenReader = false

  @Flag(
    name: .long,
    help: "Show the terminal's cursor, on the focused item (for screen readers that follow it).")
  var showCursor = false

  func validate() throws {
    if let items, !(0...10_000_000).contains(items) {
      throw ValidationError("--items must be between 0 and 10,000,000 (got \(items))")
    }
    for name in [page] + (snapshot.map { [$0] } ?? []) where GalleryPages.named(name) == nil {
      throw ValidationError(
        "no page named \"\(name)\"; pages: \(GalleryPages.all.map(\.name).joined(separator: ", "))")
    }
  }

  func run() throws {
    // Everything that can fail on bad input fails here, before the terminal is touched.
    var options = GalleryOptions(itemCount: items ?? 1_000, tableRows: items ?? 1_000_000)
    if isPostgreSQL {
      let database = try openPostgreSQL()
      options.tableContent = { clock in database(clock) }
    } else if isSQLite {
      options.sqlite = try openSQLite()
    } else if isCSV {
      options.csv = try openCSV()
    } else {
      switch try loadData() {
      case .list(let data)?: options.data = data
      case .records(let records)?: options.records = records
      case nil: break
      }
    }
    if snapshot != nil || stats {
      try runHeadless(options: options)
      return
    }
    guard Platform.isOutputTerminal && Platform.isInputTerminal else {
      Platform.writeError(
        "reuse-gallery: standard input and output must be a terminal for the interactive gallery.\n"
          + "Use --snapshot NAME [--size 80x24] [--keys \"…\"] to print a frame instead.\n")
      throw ExitCode(2)
    }
    let gallery = Gallery(options: options, initialPage: page)
    gallery.positionsData = positionsData
    // A file that is there but is not a positions file (damaged, another file named by
    // mistake, too large, a directory) is left as it is, and this run keeps no positions: it
    // was replaced on exit, and a 14 MB CSV named by mistake was lost (a new user's finding).
    var keepsPositions = true
    switch loadPositions() {
    // `--demo` names the page to open: it wins over the page the file kept (`--demo chat`
    // opened the settings page the file named: a new user's finding), whose places still
    // come back.
    case .success(let saved?): gallery.restore(saved, showsSavedPage: demo == nil)
    case .success(nil): break
    case .failure(let problem):
      keepsPositions = false
      // Said at start, where the user looks (the same line stays on standard error).
      gallery.notice = "--restore: \(problem); left as it is, positions not kept"
    }
    // A file that cannot be written is said at start, not only on exit (a new user's
    // finding: a folder that does not exist was said only once the run was over).
    if keepsPositions, let restore, !Platform.canWrite(atPath: restore) {
      keepsPositions = false
      Platform.writeError(
        "reuse-gallery: --restore \(restore): cannot write there; positions not kept\n")
      gallery.notice = "--restore: cannot write \(restore); positions not kept"
    }
    let mode = (color ?? .auto).interactiveMode(environment: Platform.environment)
    let app = TerminalApp(scene: gallery, colorMode: mode)
    app.mode = screenReader ? .screenReader : .fullScreen
    gallery.readsAsLines = screenReader
    app.showsCursor = showCursor
    do {
      try app.run()
    } catch {
      Platform.writeError("reuse-gallery: \(error)\n")
      throw ExitCode(1)
    }
    if keepsPositions { savePositions(gallery.savedPositions()) }
  }

  /// `--data` as `--restore` keeps places under it: a file by its absolute path, a server's
  /// address without its password (never written to the positions file).
  var positionsData: String? {
    guard let data else { return nil }
    let parts = data.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
    if parts.count == 2 {
      // scheme://user:password@host/db → scheme://user@host/db
      let authority = parts[1].prefix { $0 != "/" && $0 != "?" }
      guard let at = authority.lastIndex(of: "@") else { return data }
      let user = authority[..<at].prefix { $0 != ":" }
      return parts[0] + "://" + user + parts[1][at...]
    }
    if data.hasPrefix("/") { return data }
    var buffer = [CChar](repeating: 0, count: 4_096)
    guard let directory = getcwd(&buffer, buffer.count) else { return data }
    return String(cString: directory) + "/" + data
  }

  /// The positions `--restore` kept, if its file exists; `nil` when it does not (the first
  /// run); why not, for a file that is there but does not read as positions (it is then
  /// left as it is: see ``run()``).
  private func loadPositions() -> Result<GalleryPositions?, RestoreProblem> {
    guard let restore else { return .success(nil) }
    guard Platform.fileExists(atPath: restore) else { return .success(nil) }
    do {
      return .success(
        try GalleryPositions.parse(Platform.readFile(atPath: restore, limit: 1_000_000)))
    } catch {
      let problem = RestoreProblem(description: "\(error)")
      Platform.writeError(
        "reuse-gallery: --restore \(restore): \(problem); left as it is, positions not kept\n")
      return .failure(problem)
    }
  }

  /// Why the `--restore` file does not read as positions.
  struct RestoreProblem: Error, CustomStringConvertible {
    let description: String
  }

  private func savePositions(_ positions: GalleryPositions) {
    guard let restore else { return }
    do {
      try Platform.writeFile(atPath: restore, bytes: Array(positions.json.utf8))
    } catch {
      Platform.writeError("reuse-gallery: could not keep the positions: \(error)\n")
    }
  }

  /// The CSV file of `--data`, its first megabyte scanned (an error there ends the run with
  /// its line and column, as a JSON file's does; one found later shows in the status line).
  private func openCSV() throws -> CSVFile? {
    guard let data else { return nil }
    do {
      return try CSVFile.open(path: data, lenient: lenient)
    } catch {
      Platform.writeError("reuse-gallery: \(data): \(error)\n")
      if error.isUnreadable { throw ExitCode(66) }  // EX_NOINPUT
      if !lenient {
        Platform.writeError(
          "reuse-gallery: --lenient reads it anyway (short rows padded, # comment lines "
            + "skipped, stray quotes kept, the delimiter found) and says what it did\n")
      }
      throw ExitCode(65)  // EX_DATAERR
    }
  }

  /// The PostgreSQL server of `--data` and its tables' schemas (no rows read), as the maker
  /// of the table page's list of tables; an error ends the run (a build without the
  /// `PostgreSQL` trait says how to build one).
  private func openPostgreSQL() throws
    -> @Sendable (@escaping @Sendable () -> Double) -> any TableContent
  {
    let address = data ?? ""
    #if PostgreSQL
      do {
        let database = try PostgreSQLDatabase.open(
          address, environment: { Platform.environment[$0] })
        return { clock in database.tableList(clock: clock) }
      } catch {
        Platform.writeError("reuse-gallery: \(error)\n")
        throw ExitCode(error.isUnreadable ? 69 : 65)  // EX_UNAVAILABLE, EX_DATAERR
      }
    #else
      _ = address
      Platform.writeError(
        "reuse-gallery: this build reads no PostgreSQL (it is a package trait, so the first "
          + "build needs no server client). Build and run one with:\n"
          + "  swift run --traits PostgreSQL reuse-gallery --data 'postgresql://…'\n")
      throw ExitCode(64)  // EX_USAGE
    #endif
  }

  /// The SQLite database of `--data` and its schema (no rows read); an error ends the run.
  private func openSQLite() throws -> SQLiteFile? {
    guard let data else { return nil }
    do {
      return try SQLiteFile.open(path: data)
    } catch {
      Platform.writeError("reuse-gallery: \(data): \(error)\n")
      throw ExitCode(error.isUnreadable ? 66 : 65)  // EX_NOINPUT, EX_DATAERR
    }
  }

  private func loadData() throws -> JSONDataFile? {
    guard let data else { return nil }
    do {
      let bytes = try Platform.readFile(atPath: data, limit: GalleryData.maximumFileSize)
      return try JSONDataFile.parse(bytes)
    } catch let error as DataFileError {
      Platform.writeError("reuse-gallery: \(data): \(error)\n")
      throw ExitCode(error.isUnreadable ? 66 : 65)  // EX_NOINPUT, EX_DATAERR
    } catch {
      Platform.writeError("reuse-gallery: \(error)\n")
      throw ExitCode(66)  // EX_NOINPUT
    }
  }

  private func runHeadless(options: GalleryOptions) throws {
    do {
      let terminalSize = try GallerySnapshot.parseSize(size)
      let script = try GallerySnapshot.parseKeys(keys)
      let mode = color?.snapshotMode(environment: Platform.environment) ?? .plain
      let canvas = Canvas(columns: terminalSize.columns, rows: terminalSize.rows)
      // Plain text has no reverse video: the focused row, cell or card is marked with `>`.
      canvas.marksWithText = mode == .plain
      canvas.showsColor = mode != .plain && mode != .monochrome
      let gallery = GallerySnapshot.run(
        page: snapshot ?? page, size: terminalSize, keys: script, options: options, canvas: canvas)
      if stats {
        // JSON alone, so that it pipes into a JSON tool.
        print(GallerySnapshot.statsJSON(gallery))
        return
      }
      print(
        mode == .plain
          ? canvas.plainTextLines().joined(separator: "\n") : canvas.ansiText(mode: mode))
    } catch let error as GallerySnapshot.ScriptError {
      throw ValidationError(error.description)
    }
  }
}
