// swift-tools-version: 6.0
// Instruction counts per operation, the stable measure (`Benchmarks/instructions.sh`): a plain
// executable over the root package, run under `valgrind --tool=callgrind`.
import PackageDescription

let core: [Target.Dependency] = ["ReuseKit", "ReuseControls", "ReuseTerminal"].map {
  .product(name: $0, package: "ReuseKit")
}

let package = Package(
  name: "Instructions",
  dependencies: [.package(name: "ReuseKit", path: "../..")],
  targets: [
    .executableTarget(
      name: "instructions", dependencies: core, swiftSettings: [.swiftLanguageMode(.v5)])
  ])
