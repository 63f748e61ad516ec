// The elementary functions the physics needs, and the memory comparison a pass needs, from the
// platform's C library. Only this file imports it: the core uses no Foundation and does no I/O.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// `x` raised to `y`.
@inline(__always)
func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }

/// `e` raised to `x`.
@inline(__always)
func exponential(_ x: Double) -> Double { exp(x) }

/// The tangent of an angle in degrees.
@inline(__always)
func tangent(degrees: Double) -> Double { tan(degrees * Double.pi / 180) }

/// Whether the `count` bytes at `lhs` and `rhs` are equal (the C library's vectorised
/// `memcmp`, which stops at the first difference).
@inline(__always)
func bytesAreEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
  memcmp(lhs, rhs, count) == 0
}
