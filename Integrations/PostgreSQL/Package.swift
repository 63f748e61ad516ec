// swift-tools-version: 6.1
import PackageDescription

// The table page over a real PostgreSQL server: ReuseKit with its `PostgreSQL` trait, tested
// against a server that test.sh starts on loopback (server.sh). Its own package, like
// Hosts/GTK, so the root's two commands build no server client.
let package = Package(
  name: "ReuseKitPostgreSQL",
  dependencies: [.package(name: "ReuseKit", path: "../..", traits: ["PostgreSQL"])],
  targets: [
    .testTarget(
      name: "PostgreSQLTests",
      dependencies: [
        .product(name: "GalleryPostgreSQL", package: "ReuseKit"),
        .product(name: "GalleryKit", package: "ReuseKit"),
        .product(name: "ReuseControls", package: "ReuseKit"),
        .product(name: "ReuseKit", package: "ReuseKit"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
