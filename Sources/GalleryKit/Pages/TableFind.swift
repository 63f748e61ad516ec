import ReuseControls
import ReuseKit

/// What a cell is matched against, ignoring case: text it contains, or a regular expression
/// (the needle written between slashes: `/^amber (c|f)/`).
enum TableMatcher {
  case text(TextMatcher)
  /// The whole cell, exactly (a value picked in a frequency table).
  case exact(String)
  case pattern(Regex<AnyRegexOutput>)

  /// The matcher for `needle`, or why its pattern does not compile.
  static func make(_ needle: String) -> Result<TableMatcher, DataFileError> {
    guard let pattern = patternText(of: needle) else { return .success(.text(TextMatcher(needle))) }
    if let nested = nestedRepeat(in: pattern) {
      return .failure(
        DataFileError(
          "\(nested) repeats a repeat: a cell can take it hours to answer; write it without "
            + "a repeat inside a repeat"))
    }
    do {
      return .success(.pattern(try Regex(pattern).ignoresCase()))
    } catch {
      return .failure(DataFileError("not a regular expression: \(pattern) (\(error))"))
    }
  }

  /// The first group of `pattern` that an open repeat (`*`, `+`, `{n,}`) repeats while it
  /// holds an open repeat itself (`(a+)+`, `(\w*\s?)*`), or `nil`. Swift's regular expressions
  /// backtrack: such a pattern takes time exponential in a cell's length where it fails (24
  /// characters, an hour, with the loop held: a new user's finding), and nothing can stop a
  /// match once begun. Bounded repeats (`(\d{1,3}\.){3}`) are let through.
  static func nestedRepeat(in pattern: String) -> String? {
    let characters = Array(pattern)
    // For each open group: where it starts, and whether it holds an open repeat.
    var groups: [(start: Int, hasOpenRepeat: Bool)] = []
    var index = 0
    /// Whether an open repeat starts at `start`; its length in characters.
    func openRepeat(at start: Int) -> Int? {
      guard start < characters.count else { return nil }
      switch characters[start] {
      case "*", "+": return 1
      case "{":
        guard let close = characters[start...].firstIndex(of: "}") else { return nil }
        let body = String(characters[(start + 1)..<close])
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].isEmpty, Int(parts[0]) != nil else { return nil }
        return close - start + 1
      default: return nil
      }
    }
    func markOpenRepeat() {
      if !groups.isEmpty { groups[groups.count - 1].hasOpenRepeat = true }
    }
    while index < characters.count {
      switch characters[index] {
      case "\\":
        index += 2
        if openRepeat(at: index) != nil { markOpenRepeat() }
        continue
      case "[":
        // A class: its characters are not syntax (`]` first is one of them).
        var end = index + 1
        if end < characters.count, characters[end] == "^" { end += 1 }
        if end < characters.count, characters[end] == "]" { end += 1 }
        while end < characters.count, characters[end] != "]" {
          end += characters[end] == "\\" ? 2 : 1
        }
        index = end + 1
        if openRepeat(at: index) != nil { markOpenRepeat() }
        continue
      case "(":
        groups.append((index, false))
      case ")":
        guard let group = groups.popLast() else { break }
        if openRepeat(at: index + 1) != nil {
          if group.hasOpenRepeat { return String(characters[group.start...index]) }
          markOpenRepeat()
        } else if group.hasOpenRepeat {
          markOpenRepeat()
        }
      default:
        if openRepeat(at: index + 1) != nil { markOpenRepeat() }
      }
      index += 1
    }
    return nil
  }

  /// The pattern of a needle written between slashes, else `nil` (plain text).
  static func patternText(of needle: String) -> String? {
    guard needle.count >= 3, needle.hasPrefix("/"), needle.hasSuffix("/") else { return nil }
    return String(needle.dropFirst().dropLast())
  }

  /// Whether `value` matches.
  func matches(_ value: String) -> Bool {
    switch self {
    case .text(let matcher): return matcher.matches(value)
    case .exact(let whole): return value == whole
    case .pattern(let regex): return (try? regex.firstMatch(in: value)) != nil
    }
  }
}

extension Result {
  /// Whether it is a success.
  var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}

/// A search of one column of the table page, as VisiData's `/` searches a column: the rows
/// whose text in the column contains the needle (or matches it, written between slashes as a
/// regular expression), ignoring case. It scans the rows in the order
/// they show, from the cursor's row on and round to it, a slice a frame, so the first match
/// shows at once while the rest are still found; matches are kept by source row, so they stay
/// with their rows whatever else moves (a new sort starts the scan again).
struct TableFind {
  /// What is searched for, lowercased, and where.
  let needle: String
  /// How a cell is matched; a pattern that does not compile ends the search at once.
  let matcher: TableMatcher
  /// Why the search could not run (a pattern that does not compile).
  let problem: String?
  let column: Int
  /// The display row the scan started from, how many rows it has scanned, and how many
  /// there were.
  let startRow: Int
  private(set) var scanned = 0
  let rowCount: Int
  /// The matches, as source rows in the order the scan met them (the cursor's row first).
  private(set) var matches: [Int] = []
  /// The same, as a set, for marking cells.
  private(set) var matchSet = RowSet()
  /// Which match the cursor is on (an index into `matches`), once it went to one.
  var current: Int?
  /// The sort the scan's order follows: another one starts the scan again.
  let sort: TableSortDescriptor?
  /// The search running where the rows live (a database query), when the content runs one:
  /// its rows are taken instead of scanning cells.
  let job: TableSearchJob?
  /// Made while the file was still read (a scan of the rows there were): made again once it
  /// is read.
  var startedWhileReading = false
  /// The text as typed.
  var text: String { typed }
  private let typed: String
  /// Whether the job has finished, and why it stopped early if it did.
  private(set) var jobDone = false
  private(set) var jobProblem: String?

  /// A search for `text` in `column`, from display row `startRow` (by `job`, when given).
  init(
    text: String, column: Int, startRow: Int, rowCount: Int, sort: TableSortDescriptor?,
    job: TableSearchJob? = nil, wholeValue: Bool = false
  ) {
    typed = text
    // Said as typed ("Lyon", not "lyon": the match ignores case, the echo need not).
    // An empty value is named as the frequency table names it (a NULL showed as “= ”).
    needle = wholeValue ? "= \(text.isEmpty ? "(empty)" : text)" : text
    switch wholeValue ? .success(.exact(text)) : TableMatcher.make(text) {
    case .success(let made):
      matcher = made
      problem = nil
    case .failure(let error):
      matcher = .text(TextMatcher(""))
      problem = error.message
    }
    self.column = column
    self.startRow = rowCount > 0 ? min(max(0, startRow), rowCount - 1) : 0
    self.rowCount = rowCount
    self.sort = sort
    self.job = job
  }

  /// Stopped by Escape before it ended: the matches found so far stay, to step through (a
  /// new user's finding: `n` after the stop said there was nothing, 3,410 matches found).
  private(set) var wasStopped = false

  /// Whether every row has been scanned (or the job is done), or it was stopped.
  var isDone: Bool {
    problem != nil || wasStopped || (job == nil ? scanned >= rowCount : jobDone)
  }

  /// Stops looking; what was found stays.
  mutating func stop() {
    job?.stop()
    wasStopped = true
  }

  /// Takes what the job found since the last call (its rows are display rows, which the
  /// content numbers as its source rows). Returns whether it found a first match now.
  mutating func takeFromJob(keeping isShown: (Int) -> Bool = { _ in true }) -> Bool {
    guard let job, problem == nil else { return false }
    let hadMatches = !matches.isEmpty
    let (rows, done, problem) = job.take()
    for row in rows where row >= 0 && isShown(row) {
      matches.append(row)
      matchSet.insert(row)
    }
    if done {
      jobDone = true
      jobProblem = problem
      scanned = rowCount
    }
    return !hadMatches && !matches.isEmpty
  }

  /// Scans more rows while `hasTime()` says so (a slice of 512 rows at least): `text` gives
  /// a row's text by display row (and its source row). Returns whether it found a first match
  /// in this call.
  mutating func scan(
    while hasTime: () -> Bool, text: (Int) -> (source: Int, text: String?)
  ) -> Bool {
    guard problem == nil else { return false }
    let hadMatches = !matches.isEmpty
    repeat {
      let end = min(rowCount, scanned + 512)
      while scanned < end {
        let display = (startRow + scanned) % rowCount
        let (source, value) = text(display)
        if let value, matcher.matches(value) {
          matches.append(source)
          matchSet.insert(source)
        }
        scanned += 1
      }
    } while !isDone && hasTime()
    return !hadMatches && !matches.isEmpty
  }

  /// Matches source row `row` again, its cell now holding `text`: it leaves the matches when
  /// it no longer matches, and joins them where the scan would have met it when it matches now
  /// and the search is past it (a later scan meets it itself; a search the content runs, once
  /// it is done). `display` gives a source row's display row.
  ///
  /// - Complexity: O(m) to leave, O(m) to join (O(log m) display lookups), for m matches.
  mutating func recheck(_ row: Int, text: String?, display: (Int) -> Int?) {
    let matchesNow = text.map(matcher.matches) ?? false
    if matchSet.contains(row) {
      guard !matchesNow, let index = matches.firstIndex(of: row) else { return }
      matches.remove(at: index)
      matchSet.remove(row)
      if let at = current { current = at == index ? nil : at > index ? at - 1 : at }
      return
    }
    guard matchesNow, rowCount > 0, let shown = display(row) else { return }
    let rows = rowCount
    let start = startRow
    func offset(_ display: Int) -> Int { ((display - start) % rows + rows) % rows }
    let target = offset(shown)
    guard isDone || (job == nil && target < scanned) else { return }
    var low = 0
    var high = matches.count
    while low < high {
      let middle = (low + high) / 2
      if let other = display(matches[middle]), offset(other) < target {
        low = middle + 1
      } else {
        high = middle
      }
    }
    matches.insert(row, at: low)
    matchSet.insert(row)
    if let at = current, at >= low { current = at + 1 }
  }

  /// "match 3 of 1,204", "1,204 matches", "12 matches so far (searching 40 %…)", or "no
  /// match for “x”". A match is numbered once the search is done: while it looks round from
  /// the cursor, matches above it are still being found, and the number of the match the
  /// cursor is on grew with each (a new user's finding: "match 1" became "match 6,726").
  var status: String {
    if let problem { return problem }
    if let jobProblem { return "the search stopped: \(jobProblem)" }
    let progress =
      isDone
      ? "" : job != nil ? " (searching…)" : " (searching \(100 * scanned / max(1, rowCount)) %…)"
    if matches.isEmpty {
      return isDone ? "no match for “\(needle)”" : "searching for “\(needle)”\(progress)"
    }
    let counted =
      "\(matches.count.formatted) match\(matches.count == 1 ? "" : "es")\(isDone ? "" : " so far")"
    let found = wasStopped ? " found before it stopped" : ""
    guard isDone, let current else { return counted + progress + found }
    return "match \((current + 1).formatted) of \(matches.count.formatted)\(found)"
  }
}

extension String {
  /// The text as a screen reader should say it: the marks drawn for line breaks and control
  /// characters (`↵`, `␊`, …) become spaces (a new user's finding: "Multi↵Line" was read with
  /// its symbol).
  public var spokenForm: String {
    // Raw control characters too: dropped by the line's output, "Tab␉here" was read as
    // "Tabhere" (a new user's finding).
    func isMark(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "↵" || (0x2400...0x2421).contains(scalar.value) || scalar.value < 0x20
        || scalar.value == 0x7F
    }
    guard unicodeScalars.contains(where: isMark) else { return self }
    return String(String.UnicodeScalarView(unicodeScalars.map { isMark($0) ? " " : $0 }))
  }

  /// The text with its control characters shown as Unicode's control pictures (ESC as ␛, a
  /// tab as ␉, DEL as ␡): data from a file shows what it holds, and no byte of it reaches the
  /// terminal as a control. The text itself when it has none (the common case: one pass over
  /// its bytes).
  public var showingControls: String {
    guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return self }
    var shown = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0..<0x20: shown.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: shown.append("\u{2421}")
      default: shown.append(scalar)
      }
    }
    return String(shown)
  }
}
