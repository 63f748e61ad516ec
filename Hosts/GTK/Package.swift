// swift-tools-version: 6.1
import PackageDescription

/// The functions start-up runs, in the order the linker places them (startup-order.sh).
let startupOrder = String(#filePath.dropLast("Package.swift".count)) + "startup-order.txt"

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
    // Linked for a small resident set (Benchmarks/peers/gtk.sh against GtkListView):
    // - the Swift standard library statically: only the pages it uses are resident, and no
    //   separate runtime libraries load (about 2 MB less at any size);
    // - by lld, with the functions start-up runs placed side by side (startup-order.txt, made
    //   by startup-order.sh): the kernel maps code 16 pages at a time, so scattered they kept
    //   2.6 MB more of it resident;
    // - relative relocations packed (`-z pack-relative-relocs`, DT_RELR, glibc 2.36): 6.5 KB
    //   in place of 800 KB read at every start, and the executable stays position-independent;
    // - none of its 8,000 Swift symbols exported (the static standard library's flags export
    //   them for nothing here): every symbol GTK's libraries look up no longer searches them.
    .executableTarget(
      name: "reuse-gallery-gtk", dependencies: ["GalleryGTK", "ReuseGTK"],
      linkerSettings: [
        .unsafeFlags([
          "-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
          "-Xlinker", "--no-export-dynamic", "-Xlinker", "--symbol-ordering-file=\(startupOrder)",
          "-Xlinker", "--no-warn-symbol-ordering",
        ])
      ]),
    .testTarget(
      name: "ReuseGTKTests",
      dependencies: [
        "ReuseGTK", "GalleryGTK", .product(name: "ReuseDeclarative", package: "ReuseKit"),
      ],
      resources: [.copy("References")]),
  ]
)
