import Testing

@testable import ReuseKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct BuildConfigurationTests {
  /// The checks are opt-in: compiled in exactly when the build's environment asks for them
  /// (`REUSEKIT_CHECKS=1 swift test --disable-xctest`), never in a client's build.
  @Test func invariantChecksFollowTheEnvironmentOfTheBuild() {
    let asked = getenv("REUSEKIT_CHECKS").map { String(cString: $0) }
    let wanted = asked.map { !$0.isEmpty && $0 != "0" } ?? false
    #expect(invariantChecksAreCompiledIn == wanted)
  }
}
