// swift-tools-version: 6.0
// Instruction counts per operation, the stable measure (`Benchmarks/instructions.sh`): a plain
// executable over the root package, run under `valgrind --tool=callgrind`.
import PackageDescription

let package = Package(
  name: "Instructions",
  dependencies: [.package(name: "ReuseKit", path: "../..")],
  targets: [
    .executableTarget(
      name: "instructions",
      dependencies: [
        .product(name: "ReuseKit", package: "ReuseKit"),
        .product(name: "ReuseControls", package: "ReuseKit"),
      ],
      swiftSettings: [.swiftLanguageMode(.v5)])
  ])
