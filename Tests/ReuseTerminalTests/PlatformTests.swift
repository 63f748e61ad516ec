import Foundation
import ReuseTerminal
import Testing

/// The file checks the gallery's `--restore` makes at start.
@Suite struct PlatformTests {
  /// A path can be written where its folder can, or where the file itself can: a folder that
  /// does not exist cannot (`--restore` said so only on exit: a new user's finding).
  @Test func aPathCanBeWrittenWhereItsFolderOrFileCanBe() throws {
    let folder = NSTemporaryDirectory() + "reusekit-platform-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(Platform.canWrite(atPath: folder + "/new.json"))
    #expect(!Platform.canWrite(atPath: folder + "/missing/new.json"))
    #expect(!Platform.canWrite(atPath: "/nonexistent-reusekit/dir/r.json"))
    let file = folder + "/kept.json"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)))
    #expect(Platform.canWrite(atPath: file))
    // Read-only: a root user may write anyway, so only checked when not root.
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
    if getuid() != 0 { #expect(!Platform.canWrite(atPath: file)) }
  }
}
