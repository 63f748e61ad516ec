import ArgumentParser
import GalleryCore
import ReuseTerminal

@main
struct ReuseGallery: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reuse-gallery",
    abstract: "Every ReuseKit control, on demo data, in your terminal.",
    discussion: """
      Pages: \(GalleryPages.all.map(\.name).joined(separator: ", ")). Keys: 1-6 or [ ] switch \
      pages, arrows/PgUp/PgDn/Home/End move, Enter selects, Tab switches focus, the wheel and \
      drags scroll, ? shows help, q or Ctrl-C quits.

      --data FILE.json replaces the demo data (list, data source, option bar, waterfall, \
      carousel). The schema:
        {"title": "…", "sections": [{"title": "…", "items": ["…", {"title": "…", \
      "detail": "…", "height": 1}]}], "tags": ["…"]}
      """)

  @Option(
    name: .long, help: "The page to open: \(GalleryPages.all.map(\.name).joined(separator: ", ")).")
  var demo = "list"

  @Option(name: .long, help: "How many items the demos generate (up to 10,000,000).")
  var items = 1_000

  @Option(name: .long, help: "A JSON file with the list's sections and items (see above).")
  var data: String?

  @Option(name: .long, help: "Render page NAME without a terminal and print the frame as text.")
  var snapshot: String?

  @Option(name: .long, help: "The size for --snapshot, COLUMNSxROWS.")
  var size = "80x24"

  @Option(name: .long, help: "Keys to press before the --snapshot frame, e.g. \"down down enter\".")
  var keys = ""

  @Flag(name: .long, help: "With --snapshot, keep the ANSI colours.")
  var color = false

  @Flag(
    name: .long, help: "Print the page's engine counters as JSON (after --snapshot's keys, if any)."
  )
  var stats = false

  func validate() throws {
    guard (0...10_000_000).contains(items) else {
      throw ValidationError("--items must be between 0 and 10,000,000 (got \(items))")
    }
    for name in [demo] + (snapshot.map { [$0] } ?? []) where GalleryPages.named(name) == nil {
      throw ValidationError(
        "no page named \"\(name)\"; pages: \(GalleryPages.all.map(\.name).joined(separator: ", "))")
    }
  }

  func run() throws {
    // Everything that can fail on bad input fails here, before the terminal is touched.
    let options = GalleryOptions(itemCount: items, data: try loadData())
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
    let gallery = Gallery(options: options, initialPage: demo)
    do {
      try TerminalApp(scene: gallery).run()
    } catch {
      Platform.writeError("reuse-gallery: \(error)\n")
      throw ExitCode(1)
    }
  }

  private func loadData() throws -> GalleryData? {
    guard let data else { return nil }
    do {
      let bytes = try Platform.readFile(atPath: data, limit: GalleryData.maximumFileSize)
      return try GalleryData.parse(bytes)
    } catch let error as DataFileError {
      Platform.writeError("reuse-gallery: \(data): \(error)\n")
      throw ExitCode(65)  // EX_DATAERR
    } catch {
      Platform.writeError("reuse-gallery: \(error)\n")
      throw ExitCode(66)  // EX_NOINPUT
    }
  }

  private func runHeadless(options: GalleryOptions) throws {
    do {
      let terminalSize = try GallerySnapshot.parseSize(size)
      let script = try GallerySnapshot.parseKeys(keys)
      let canvas = Canvas(columns: terminalSize.columns, rows: terminalSize.rows)
      let gallery = GallerySnapshot.run(
        page: snapshot ?? demo, size: terminalSize, keys: script, options: options, canvas: canvas)
      if snapshot != nil {
        print(color ? canvas.ansiText() : canvas.plainTextLines().joined(separator: "\n"))
      }
      if stats { print(GallerySnapshot.statsJSON(gallery)) }
    } catch let error as GallerySnapshot.ScriptError {
      throw ValidationError(error.description)
    }
  }
}
