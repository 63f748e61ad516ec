import Foundation
import GalleryGTK
import GalleryKit

// reuse-gallery-gtk [--demo PAGE] [--items N] [--data FILE.json] [--size WxH] [--no-autoscroll]
//                   [--theme system|light|dark]
let start = Date()
var page = "list"
var items = 1_000
var dataPath: String?
var size = (Int32(960), Int32(720))
var autoscroll = true
var statusFile: String?
var measuredFrames = 0
var theme = GTKGallery.Theme.system
var arguments = CommandLine.arguments.dropFirst()
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("reuse-gallery-gtk: \(message)\n".utf8))
  exit(2)
}
while let argument = arguments.popFirst() {
  switch argument {
  case "--demo":
    guard let name = arguments.popFirst(), GTKGallery.pageNames.contains(name) else {
      fail("--demo takes one of \(GTKGallery.pageNames.joined(separator: ", "))")
    }
    page = name
  case "--items":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 0 else {
      fail("--items takes a count")
    }
    items = min(value, 10_000_000)
  case "--data":
    guard let path = arguments.popFirst() else { fail("--data takes a file") }
    dataPath = path
  case "--size":
    let parts = arguments.popFirst()?.split(separator: "x").compactMap { Int32($0) } ?? []
    guard parts.count == 2, parts.allSatisfy({ $0 >= 200 && $0 <= 4_000 }) else {
      fail("--size takes WIDTHxHEIGHT in pixels, 200 to 4000 each")
    }
    size = (parts[0], parts[1])
  case "--no-autoscroll": autoscroll = false
  case "--status-file":
    guard let path = arguments.popFirst() else { fail("--status-file takes a path") }
    statusFile = path
  case "--measure-frames":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
      fail("--measure-frames takes a count")
    }
    measuredFrames = value
  case "--theme":
    guard let value = arguments.popFirst().flatMap(GTKGallery.Theme.init(rawValue:)) else {
      fail("--theme takes system, light or dark")
    }
    theme = value
  case "--help", "-h":
    print(
      "usage: reuse-gallery-gtk [--demo PAGE] [--items N] [--data FILE.json] [--size WxH]"
        + " [--theme system|light|dark]")
    print("pages: \(GTKGallery.pageNames.joined(separator: ", ")); keys 1-7 switch, q quits")
    exit(0)
  default: fail("unknown option \(argument)")
  }
}
var data: GalleryData?
if let dataPath {
  guard let bytes = FileManager.default.contents(atPath: dataPath) else {
    fail("cannot read \(dataPath)")
  }
  do { data = try GalleryData.parse([UInt8](bytes)) } catch { fail("\(dataPath): \(error)") }
}
let gallery = GTKGallery(
  options: GalleryOptions(itemCount: items, data: data), page: page, width: size.0,
  height: size.1, autoscroll: autoscroll, theme: theme)
if let statusFile {
  gallery.statusSink = { line in
    try? Data((line + "\n").utf8).write(to: URL(fileURLWithPath: statusFile), options: .atomic)
  }
}
gallery.didDrawFirstFrame = {
  let line = "first frame after \(Int(Date().timeIntervalSince(start) * 1_000)) ms\n"
  FileHandle.standardOutput.write(Data(line.utf8))
  if measuredFrames > 0 {
    print(measureScrollFrames(gallery, frames: measuredFrames))
    exit(0)
  }
}
gallery.run()
