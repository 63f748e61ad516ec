// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite lives in its own package so that `swift test` at the root never builds
// the harness. It depends on ReuseKit by path, and on ordo-one/benchmark with the malloc
// interposer, so every benchmark reports malloc counts.

/// ReuseKit's products, by name: most targets here take several.
func reuseKit(_ products: String...) -> [Target.Dependency] {
  products.map { Target.Dependency.product(name: $0, package: "ReuseKit") }
}

let package = Package(
  name: "ReuseKitBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "ReuseKit", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1",
      traits: ["MallocInterposer"]),
  ],
  targets: [
    // What the suite and the instruction counts measure, shared: fixtures and scenarios.
    .target(
      name: "Scenarios",
      dependencies: reuseKit("ReuseKit", "ReuseControls", "ReuseDeclarative", "ReuseTerminal")
    ),
    // The longest gap between frames of the gallery while a job runs (`frame-gaps.sh`).
    .executableTarget(
      name: "frame-gaps",
      dependencies: reuseKit("TerminalGallery", "GalleryKit", "ReuseControls", "ReuseTerminal")
    ),
    // Instructions per operation under callgrind (`instructions.sh`): no harness, no timers.
    .executableTarget(name: "instructions", dependencies: ["Scenarios"]),
    .executableTarget(
      name: "ReuseKitBenchmarks",
      dependencies: [
        "Scenarios",
        .product(name: "ReuseKit", package: "ReuseKit"),
        .product(name: "ReuseControls", package: "ReuseKit"),
        .product(name: "ReuseTerminal", package: "ReuseKit"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/ReuseKitBenchmarks",
      swiftSettings: [.unsafeFlags(["-Ounchecked"])],
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
