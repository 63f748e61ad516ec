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
    .library(name: "ReuseKit", targets: ["ReuseKit"])
  ],
  dependencies: [
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1")
  ],
  targets: [
    .target(
      name: "ReuseKit",
      swiftSettings: checks,
      // The standard library's rounding calls libm on Linux; without Foundation nothing else
      // links it, so a Foundation-free client would fail to link.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    .testTarget(
      name: "ReuseKitTests",
      dependencies: [
        "ReuseKit",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: checks
    ),
  ],
  swiftLanguageModes: [.v6]
)
