// swift-tools-version: 6.1
import PackageDescription

/// Invariant checks (`_checkInvariants()` after every mutation) are opt-in: they compile in only
/// when `REUSEKIT_CHECKS` is set in the environment of the build, as the README's test command
/// and CI do (`REUSEKIT_CHECKS=1 swift test --disable-xctest`). An app that depends on ReuseKit
/// never pays for them, in debug or release.
let checks: [SwiftSetting] =
  Context.environment["REUSEKIT_CHECKS"].map { $0.isEmpty || $0 == "0" } == false
  ? [.define("REUSEKIT_CHECKS")] : []

let package = Package(
  name: "ReuseKit",
  products: [
    // The core: layouts, reuse, scrolling, the collection view, data sources (and, re-exported,
    // the diffing it is built on).
    .library(name: "ReuseKit", targets: ["ReuseKit"]),
    // The controls built on the core: option bar, carousel, four-direction picker, waterfall.
    .library(name: "ReuseControls", targets: ["ReuseControls"]),
    // Declarative collections: a result builder for a collection view's content (sections,
    // `ForEach`, standard content), lazy at any size, over the core's data source API.
    .library(name: "ReuseDeclarative", targets: ["ReuseDeclarative"]),
    // The diffing alone (Heckel, changesets, batch-update validation): no dependency at all.
    .library(name: "ReuseDiffing", targets: ["ReuseDiffing"]),
    // The terminal host.
    .library(name: "ReuseTerminal", targets: ["ReuseTerminal"]),
    // The galleries' host-free part: demo data, `--data` loading, page models (Hosts/GTK's
    // gallery is built on it too).
    .library(name: "GalleryKit", targets: ["GalleryKit"]),
    // The terminal gallery's pages, as a library so that tests drive them in-process.
    .library(name: "TerminalGallery", targets: ["TerminalGallery"]),
    // The table page over a PostgreSQL server (`--data postgresql://…`): empty unless the
    // package is built with its `PostgreSQL` trait, so the first build needs no server client.
    .library(name: "GalleryPostgreSQL", targets: ["GalleryPostgreSQL"]),
    .executable(name: "reuse-gallery", targets: ["reuse-gallery"]),
  ],
  traits: [
    .trait(
      name: "PostgreSQL",
      description:
        "Builds GalleryPostgreSQL on postgres-nio: `--data postgresql://…` opens a server's "
        + "tables in the table page (`swift run --traits PostgreSQL reuse-gallery`)."),
    .default(enabledTraits: []),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    // A well-kept CSV reader, the reference the table's own scanner is tested against.
    .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    // `swift package generate-documentation` for the DocC catalogs (a plugin: nothing links it).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // PostgreSQL's wire protocol, only with the `PostgreSQL` trait (swift-nio's minutes of
    // build are not the README's).
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
  ],
  targets: [
    // The bottom layer: diffing over identifiers, changesets and their validation. It knows
    // nothing of cells, layouts or scrolling, and depends on nothing.
    .target(name: "ReuseDiffing", swiftSettings: checks),
    // The headless core: no Foundation, no I/O.
    .target(
      name: "ReuseKit",
      dependencies: ["ReuseDiffing"],
      swiftSettings: checks,
      // The standard library's rounding calls libm on Linux; without Foundation nothing else
      // links it, so a Foundation-free client would fail to link.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    // The controls, over the core's public and `package` API only.
    .target(name: "ReuseControls", dependencies: ["ReuseKit"], swiftSettings: checks),
    // Declarative collections, over the core's public and `package` API (and Swift's
    // Observation module, for models that say when they change).
    .target(name: "ReuseDeclarative", dependencies: ["ReuseKit"], swiftSettings: checks),
    // The terminal host: platform I/O, input decoding, canvas, renderer, run loop.
    .target(
      name: "ReuseTerminal",
      dependencies: ["ReuseKit"],
      swiftSettings: checks
    ),
    // SQLite's C API (Debian's libsqlite3-dev, on this machine's base image): the galleries
    // read databases a page at a time without Foundation.
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // What every gallery shares, whatever draws it: demo data and generators, the `--data`
    // JSON loader, saved positions and the page models (a page's data, edits, keys and
    // status). No host: hosts add cells that draw and translate their input.
    .target(
      name: "GalleryKit",
      dependencies: ["ReuseKit", "ReuseControls", "ReuseDeclarative", "CSQLite"],
      swiftSettings: checks
    ),
    // A server's tables as the table page's content, paged like SQLite's (`PostgreSQL` trait;
    // without it the module is empty and postgres-nio is not built).
    .target(
      name: "GalleryPostgreSQL",
      dependencies: [
        "GalleryKit", "ReuseKit", "ReuseControls",
        .product(
          name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["PostgreSQL"])),
      ],
      swiftSettings: checks
    ),
    // The terminal gallery: its pages (cells that draw in the terminal, panes, chrome) and the
    // app, as a library so that tests can drive them in-process.
    .target(
      name: "TerminalGallery",
      dependencies: ["GalleryKit", "ReuseKit", "ReuseControls", "ReuseTerminal"],
      swiftSettings: checks
    ),
    .executableTarget(
      name: "reuse-gallery",
      dependencies: [
        "TerminalGallery", "GalleryKit", "ReuseTerminal", "GalleryPostgreSQL",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: checks
    ),
    // What every test target shares: the seeded generator, recorders, references, harnesses.
    .target(
      name: "ReuseTestSupport",
      dependencies: ["ReuseKit", "ReuseControls"],
      path: "Tests/ReuseTestSupport",
      swiftSettings: checks
    ),
    .testTarget(
      name: "ReuseDiffingTests",
      dependencies: ["ReuseDiffing", "ReuseKit", "ReuseTestSupport"],
      swiftSettings: checks
    ),
    .testTarget(
      name: "ReuseKitTests",
      dependencies: [
        "ReuseKit", "ReuseTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: checks
    ),
    .testTarget(
      name: "ReuseControlsTests",
      dependencies: [
        "ReuseControls", "ReuseKit", "ReuseTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: checks
    ),
    .testTarget(
      name: "ReuseDeclarativeTests",
      dependencies: ["ReuseDeclarative", "ReuseKit", "ReuseTestSupport"],
      swiftSettings: checks
    ),
    .testTarget(
      name: "ReuseTerminalTests",
      dependencies: ["ReuseTerminal", "ReuseKit", "ReuseDeclarative", "ReuseTestSupport"],
      swiftSettings: checks
    ),
    .testTarget(
      name: "GalleryTests",
      dependencies: [
        "TerminalGallery", "GalleryKit", "ReuseTerminal", "ReuseKit", "ReuseControls", "CSQLite",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        .product(name: "CSV", package: "CSV.swift"),
      ],
      exclude: ["__Snapshots__"],
      swiftSettings: checks
    ),
  ],
  swiftLanguageModes: [.v6]
)
