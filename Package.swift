// swift-tools-version: 6.1
import PackageDescription

/// Invariant checks (`_checkInvariants()`) are compiled into debug builds, so plain
/// `swift test` runs them; release builds (and the benchmarks) compile them out.
let checks: [SwiftSetting] = [
  .define("REUSEKIT_CHECKS", .when(configuration: .debug))
]

let package = Package(
  name: "ReuseKit",
  products: [
    .library(name: "ReuseKit", targets: ["ReuseKit"]),
    .library(name: "ReuseTerminal", targets: ["ReuseTerminal"]),
    .executable(name: "reuse-gallery", targets: ["reuse-gallery"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    // `swift package generate-documentation` for the DocC catalogs (a plugin: nothing links it).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The headless core: no Foundation, no I/O.
    .target(
      name: "ReuseKit",
      swiftSettings: checks,
      // The standard library's rounding calls libm on Linux; without Foundation nothing else
      // links it, so a Foundation-free client would fail to link.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    // The terminal host: platform I/O, input decoding, canvas, renderer, run loop.
    .target(
      name: "ReuseTerminal",
      dependencies: ["ReuseKit"],
      swiftSettings: checks
    ),
    // The gallery's pages and app, as a library so that tests can drive them in-process.
    .target(
      name: "GalleryCore",
      dependencies: ["ReuseKit", "ReuseTerminal"],
      swiftSettings: checks
    ),
    .executableTarget(
      name: "reuse-gallery",
      dependencies: [
        "GalleryCore", "ReuseTerminal",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: checks
    ),
    .testTarget(
      name: "ReuseKitTests",
      dependencies: [
        "ReuseKit",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: checks
    ),
    .testTarget(
      name: "ReuseTerminalTests",
      dependencies: ["ReuseTerminal", "ReuseKit"],
      swiftSettings: checks
    ),
    .testTarget(
      name: "GalleryTests",
      dependencies: [
        "GalleryCore", "ReuseTerminal", "ReuseKit",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"],
      swiftSettings: checks
    ),
  ],
  swiftLanguageModes: [.v6]
)
