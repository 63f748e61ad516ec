/// Stops the program for a programming error that cannot be recovered (returning a cell that
/// was not dequeued, registering one identifier for two roles), with a message that says
/// what to do. Unlike `precondition`, the message is kept in release builds.
///
/// Outside data never comes here: it gets a ``Diagnostic`` and a fallback.
@usableFromInline
func misuse(
  _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
)
  -> Never
{
  fatalError(message(), file: file, line: line)
}

/// ``misuse(_:file:line:)`` unless `condition` holds.
@inline(__always)
@usableFromInline
func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !condition() { misuse(message(), file: file, line: line) }
}

/// Whether the invariant checks (`_checkInvariants()` after every mutation) are compiled in:
/// only in a build with `REUSEKIT_CHECKS` set (the README's test command and CI).
package let invariantChecksAreCompiledIn: Bool = {
  #if REUSEKIT_CHECKS
    return true
  #else
    return false
  #endif
}()
