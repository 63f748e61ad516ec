import GalleryGTK
import GalleryKit
import Glibc
import ReuseGTK

// No Foundation here: it would map ICU and its own runtime, about 20 MB of resident memory
// GtkListView does not pay (Benchmarks/peers/gtk.sh compares them).

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Writes `text` to a file descriptor at once (no buffering: tests wait for these lines).
func write(_ text: String, to descriptor: Int32) {
  var text = text
  text.withUTF8 { bytes in _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
}

/// The bytes of the file at `path`, or `nil` when it cannot be read.
func readFile(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    bytes.append(contentsOf: buffer[0..<count])
    if count < buffer.count { break }
  }
  return ferror(file) == 0 ? bytes : nil
}

/// Replaces the file at `path` with `text` in one step (a reader never sees half of it).
func replaceFile(_ path: String, with text: String) {
  let scratch = path + ".new"
  guard let file = fopen(scratch, "wb") else { return }
  var text = text
  text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
  fclose(file)
  rename(scratch, path)
}

// reuse-gallery-gtk [--demo PAGE] [--items N] [--data FILE] [--lenient] [--size WxH] [--no-autoscroll]
// --data FILE.csv (or .tsv, or any file that does not read as JSON) opens the table page on
// the file, streamed in through GalleryKit's CSV reader as the terminal gallery does; a JSON
// file replaces the demo data.
//                   [--theme system|light|dark]
//                   [--first-frame | --measure-frames N | --count scroll|jump N]
// --first-frame prints the time to the first frame and the resident set then, and exits.
// --count runs N scroll frames or jumps inside reusekit_measured, for callgrind
// (Benchmarks/peers/gtk.sh counts them with --toggle-collect=reusekit_measured).
let start = monotonicSeconds()
var page = "list"
var items = 1_000
var itemsGiven = false
var counted: (kind: MeasuredFrame, frames: Int)?
var dataPath: String?
var lenient = false
var pageGiven = false
var size = (Int32(960), Int32(720))
var autoscroll = true
var statusFile: String?
var measuredFrames = 0
var theme = GTKGallery.Theme.system
var exitsAfterFirstFrame = false
var arguments = CommandLine.arguments.dropFirst()
func fail(_ message: String) -> Never {
  write("reuse-gallery-gtk: \(message)\n", to: 2)
  exit(2)
}
while let argument = arguments.popFirst() {
  switch argument {
  case "--demo":
    guard let name = arguments.popFirst(), GTKGallery.pageNames.contains(name) else {
      fail("--demo takes one of \(GTKGallery.pageNames.joined(separator: ", "))")
    }
    page = name
    pageGiven = true
  case "--lenient": lenient = true
  case "--items":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 0 else {
      fail("--items takes a count")
    }
    items = min(value, 10_000_000)
    itemsGiven = true
  case "--data":
    guard let path = arguments.popFirst() else { fail("--data takes a file") }
    dataPath = path
  case "--size":
    let parts = arguments.popFirst()?.split(separator: "x").compactMap { Int32($0) } ?? []
    guard parts.count == 2, parts.allSatisfy({ $0 >= 200 && $0 <= 4_000 }) else {
      fail("--size takes WIDTHxHEIGHT in pixels, 200 to 4000 each")
    }
    size = (parts[0], parts[1])
  case "--no-autoscroll": autoscroll = false
  case "--status-file":
    guard let path = arguments.popFirst() else { fail("--status-file takes a path") }
    statusFile = path
  case "--measure-frames":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
      fail("--measure-frames takes a count")
    }
    measuredFrames = value
  case "--first-frame": exitsAfterFirstFrame = true
  case "--count":
    guard let kind = arguments.popFirst().flatMap(MeasuredFrame.init(rawValue:)),
      let value = arguments.popFirst().flatMap({ Int($0) }), value > 0
    else { fail("--count takes scroll or jump, and a count") }
    counted = (kind, value)
  case "--theme":
    guard let value = arguments.popFirst().flatMap(GTKGallery.Theme.init(rawValue:)) else {
      fail("--theme takes system, light or dark")
    }
    theme = value
  case "--help", "-h":
    print(
      "usage: reuse-gallery-gtk [--demo PAGE] [--items N] [--data FILE] [--lenient] [--size WxH]"
        + " [--theme system|light|dark]")
    print(
      "pages: \(GTKGallery.pageNames.joined(separator: ", ")); keys 1-9 and 0 (the tenth) or"
        + " [ ] switch pages, q quits (a table file's edits not saved are said first)")
    print(
      "--data FILE: a CSV, SQLite or JSON file (as the terminal gallery takes it); --size WxH:"
        + " the window; the terminal gallery's --restore, --snapshot and --keys are not here")
    exit(0)
  default: fail("unknown option \(argument)")
  }
}
var data: GalleryData?
var csv: CSVFile?
var sqlite: SQLiteFile?
var records: JSONRecords?
if let dataPath {
  if CSVFile.kind(ofFileAt: dataPath) == .sqlite {
    // A SQLite database (known by its header): its schema read here, the table page on the
    // list of its tables; rows are read a page at a time as they show.
    do { sqlite = try SQLiteFile.open(path: dataPath) } catch {
      write("reuse-gallery-gtk: \(dataPath): \(error)\n", to: 2)
      exit(error.isUnreadable ? 66 : 65)  // EX_NOINPUT, EX_DATAERR
    }
    if !pageGiven { page = "table" }
  } else if CSVFile.kind(ofFileAt: dataPath) == .csv {
    // A CSV file: its first megabyte scanned here (an error there ends the run with its line
    // and column), the rest on a thread while the table shows what arrived.
    do {
      csv = try CSVFile.open(path: dataPath, lenient: lenient)
    } catch {
      write("reuse-gallery-gtk: \(dataPath): \(error)\n", to: 2)
      if !error.isUnreadable && !lenient {
        write("reuse-gallery-gtk: --lenient reads it anyway\n", to: 2)
      }
      exit(error.isUnreadable ? 66 : 65)  // EX_NOINPUT, EX_DATAERR
    }
    if !pageGiven { page = "table" }
  } else {
    guard let bytes = readFile(dataPath) else {
      write("reuse-gallery-gtk: cannot read \(dataPath)\n", to: 2)
      exit(66)
    }
    do {
      switch try JSONDataFile.parse(bytes) {
      case .list(let list): data = list
      case .records(let read):
        // An array of objects: the table page shows the records.
        records = read
        if !pageGiven { page = "table" }
      }
    } catch {
      write("reuse-gallery-gtk: \(dataPath): \(error)\n", to: 2)
      exit(65)
    }
  }
}
let gallery = GTKGallery(
  options: GalleryOptions(
    itemCount: items, data: data, csv: csv, tableRows: itemsGiven ? items : 1_000_000,
    sqlite: sqlite, records: records),
  page: page, width: size.0,
  height: size.1, autoscroll: autoscroll, theme: theme)
if let statusFile {
  gallery.statusSink = { line in replaceFile(statusFile, with: line + "\n") }
}
gallery.didDrawFirstFrame = {
  write("first frame after \(Int((monotonicSeconds() - start) * 1_000)) ms\n", to: 1)
  if exitsAfterFirstFrame {
    // The resident set at the first frame, from /proc (as the GtkListView peer reads it).
    let status = String(decoding: readFile("/proc/self/status") ?? [], as: UTF8.self)
    let kilobytes =
      status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }?
      .split { $0 == " " || $0 == "\t" }.dropFirst().first.flatMap { Double($0) } ?? 0
    print("rss_mb=\((kilobytes / 1_024 * 10).rounded() / 10)")
    exit(0)
  }
  if measuredFrames > 0 {
    print(measureScrollFrames(gallery, frames: measuredFrames))
    exit(0)
  }
  if let counted {
    let frames = countInstructions(gallery, kind: counted.kind, frames: counted.frames)
    print("counted_frames=\(frames)\nwidgets_created=\(DrawingWidget.created)")
    exit(0)
  }
}
gallery.run()
