/// SplitMix64: a small, fast, seedable generator, so every randomised test can print and
/// replay its seed.
package struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly random integer in `range`.
  package mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// A uniformly random integer in `range`.
  package mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &self) }

  /// A uniformly random double in `range`.
  package mutating func double(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }

  /// `true` with probability `p`.
  package mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

  /// Sections of distinct values: `sections` sections of `items` values each (both drawn at
  /// random), numbered on from `first`; and the last value given.
  package mutating func sections(
    _ sections: ClosedRange<Int>, items: ClosedRange<Int>, numberingFrom first: Int
  ) -> (sections: [[Int]], last: Int) {
    var next = first
    let result = (0..<int(sections)).map { _ in
      (0..<int(items)).map { _ -> Int in
        next += 1
        return next
      }
    }
    return (result, next)
  }

  /// The generator for case `index` of a randomised test whose seeds start at `base`, and the
  /// seed (to print when the case fails).
  package static func forCase(_ index: Int, base: UInt64) -> (seed: UInt64, random: SeededRandom) {
    let seed = base &+ UInt64(index)
    return (seed, SeededRandom(seed: seed))
  }
}
