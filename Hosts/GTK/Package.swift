// swift-tools-version: 6.1
import PackageDescription

// The GTK 4 host: its own package (like Benchmarks/), so the root's two commands stay as they
// are. `setup.sh` installs GTK's headers, Xvfb and xdotool; `gallery.sh` and `test.sh` are
// this package's two commands.
let package = Package(
  name: "ReuseGTK",
  products: [
    // The adapter: a GTK widget that hosts any collection view.
    .library(name: "ReuseGTK", targets: ["ReuseGTK"]),
    .executable(name: "reuse-gallery-gtk", targets: ["reuse-gallery-gtk"]),
  ],
  dependencies: [.package(name: "ReuseKit", path: "../..")],
  targets: [
    .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    // GtkScrollable for the host, in C: a GObject subclass implementing a GTK interface.
    .target(name: "CReuseGTK", dependencies: ["CGtk"]),
    .target(
      name: "ReuseGTK",
      dependencies: ["CGtk", "CReuseGTK", .product(name: "ReuseKit", package: "ReuseKit")]),
    // The gallery's pages in a window, as a library so that tests drive them in process.
    .target(
      name: "GalleryGTK",
      dependencies: [
        "ReuseGTK", "CReuseGTK", .product(name: "ReuseControls", package: "ReuseKit"),
        .product(name: "GalleryKit", package: "ReuseKit"),
      ]),
    // The Swift standard library linked in statically: only the pages it uses are resident,
    // and no separate runtime libraries load (about 2 MB less at any size).
    .executableTarget(
      name: "reuse-gallery-gtk", dependencies: ["GalleryGTK", "ReuseGTK"],
      linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
    .testTarget(
      name: "ReuseGTKTests",
      dependencies: [
        "ReuseGTK", "GalleryGTK", .product(name: "ReuseDeclarative", package: "ReuseKit"),
      ],
      resources: [.copy("References")]),
  ]
)
