import ReuseKit

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

extension SeededRandom {
  /// A rectangle starting a little before the origin and anywhere up to `maxX`, `maxY`, at
  /// most `maxWidth` wide and `maxHeight` tall (possibly empty): a random query.
  package mutating func rect(
    maxX: Double, maxY: Double, maxWidth: Double, maxHeight: Double
  )
    -> Rect
  {
    Rect(
      x: double(-10...max(0, maxX)), y: double(-10...max(0, maxY)),
      width: double(0...max(0, maxWidth)), height: double(0...max(0, maxHeight)))
  }
}

extension CollectionViewLayout {
  /// The elements meeting `rect`, with `rect` as the viewport too.
  package func elements(in rect: Rect) -> LayoutElements {
    var found = LayoutElements()
    elements(in: LayoutQuery(rect: rect, viewport: rect), into: &found)
    return found
  }
}
