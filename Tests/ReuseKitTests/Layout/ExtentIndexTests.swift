import ReuseTestSupport
import Testing

@testable import ReuseKit

@Suite struct ExtentIndexTests {
  /// Header and footer lengths held as one shared value until they differ: the same answers
  /// as a plain array through random appends and truncations (mostly equal lengths, so both
  /// representations and the switch between them are exercised).
  @Test func sectionLengthsMatchAnArray() {
    for seed in UInt64(1)...60 {
      var random = SeededRandom(seed: seed)
      var lengths = SectionLengths()
      var model: [Double] = []
      for step in 0..<200 {
        if random.chance(0.2) {
          let first = random.int(0...(model.count + 2))
          lengths.removeSubrange(first...)
          if first < model.count { model.removeSubrange(first...) }
        } else {
          let length = random.chance(0.9) ? 30 : Double(random.int(0...40))
          lengths.append(length)
          model.append(length)
        }
        #expect(lengths.count == model.count, "seed \(seed), step \(step)")
        for (section, length) in model.enumerated() where lengths[section] != length {
          Issue.record("seed \(seed), step \(step): section \(section) is \(lengths[section])")
          return
        }
      }
    }
  }

  @Test func fenwickPrefixSumsAndSearchMatchNaive() {
    for seed in UInt64(1)...40 {
      var random = SeededRandom(seed: seed)
      let count = random.int(0...300)
      var values = (0..<count).map { _ in Double(random.int(0...9)) }
      var tree = FenwickTree(values: values)
      for _ in 0..<50 {
        if count > 0, random.chance(0.5) {
          let i = random.int(0..<count)
          values[i] = Double(random.int(0...9))
          tree.set(i, to: values[i])
        }
        let k = random.int(0...count)
        #expect(tree.prefixSum(k) == values[..<k].reduce(0, +), "seed \(seed)")
        let y = Double(random.int(-3...(count * 9 + 3)))
        // Largest k with prefix(k) <= y.
        var expected = 0
        var running = 0.0
        for j in 0..<count {
          running += values[j]
          if running <= y { expected = j + 1 }
        }
        if y < 0 { expected = 0 }
        #expect(tree.prefixCount(atMost: y) == expected, "seed \(seed), y \(y)")
      }
    }
  }

  @Test func aTreeOfDefaultsMatchesNaiveAcrossBlocksWithSetsAndAppends() {
    for seed in UInt64(1)...12 {
      var random = SeededRandom(seed: seed)
      let base = Double(random.int(0...4))
      var values = [Double](repeating: base, count: random.int(0...3_000))
      var tree = FenwickTree(count: values.count, value: base)
      for step in 0..<400 {
        switch random.int(0...2) {
        case 0 where !values.isEmpty:
          let i = random.int(0..<values.count)
          values[i] = Double(random.int(0...9))
          tree.set(i, to: values[i])
        case 1:
          let value = random.chance(0.5) ? base : Double(random.int(0...9))
          values.append(value)
          tree.append(value)
        default:
          break
        }
        #expect(tree.count == values.count)
        let k = random.int(0...values.count)
        #expect(tree.prefixSum(k) == values[..<k].reduce(0, +), "seed \(seed) step \(step)")
        if k < values.count { #expect(tree.value(at: k) == values[k]) }
        let y = random.double(-2...(values.reduce(0, +) + 5))
        var expected = 0
        var running = 0.0
        for j in values.indices {
          running += values[j]
          if running <= y { expected = j + 1 } else { break }
        }
        #expect(tree.prefixCount(atMost: y) == expected, "seed \(seed) step \(step) y \(y)")
      }
      #expect(FenwickTree(values: values).values == values)
    }
  }

  @Test func tenMillionEstimatedLengthsCostOneSlotPerMeasuredBlock() {
    var index = ExtentIndex.estimated(count: 10_000_000, length: 3, spacing: 1)
    #expect(index.start(10_000_000) == 40_000_000)
    index.setLength(10, at: 5_000_000)
    #expect(index.start(5_000_001) == 20_000_000 + 11)
    #expect(index.lastIndex(startingAtOrBefore: 20_000_011, in: 0..<10_000_000) == 5_000_001)
    index.replaceLengths(from: 10_000_000, with: [7, 7])
    #expect(index.count == 10_000_002 && index.length(10_000_001) == 7)
  }

  @Test(arguments: [ExtentIndex.Mode.uniform, .prefix, .fenwick])
  func modesAnswerTheSameQuestions(_ mode: ExtentIndex.Mode) {
    var random = SeededRandom(seed: 7)
    let count = 200
    let lengths = (0..<count).map { _ in mode == .uniform ? 12.0 : Double(random.int(0...30)) }
    let index =
      mode == .uniform
      ? ExtentIndex.uniform(count: count, length: 12, spacing: 3)
      : ExtentIndex(lengths: lengths, spacing: 3, mode: mode)
    var start = 0.0
    for i in 0..<count {
      #expect(index.start(i) == start)
      #expect(index.length(i) == lengths[i])
      start += lengths[i] + 3
    }
    #expect(index.totalExtent == start - 3)
    for _ in 0..<500 {
      let position = random.double(-10...(start + 10))
      let lower = random.int(0..<count)
      let upper = random.int((lower + 1)...count)
      var expected = lower
      for i in lower..<upper where index.start(i) <= position { expected = i }
      #expect(
        index.lastIndex(startingAtOrBefore: position, in: lower..<upper) == expected,
        "position \(position) range \(lower)..<\(upper)")
    }
  }

  @Test(arguments: [ExtentIndex.Mode.prefix, .fenwick])
  func updatesMatchARebuild(_ mode: ExtentIndex.Mode) {
    var random = SeededRandom(seed: 11)
    var lengths = (0..<100).map { _ in Double(random.int(1...20)) }
    var index = ExtentIndex(lengths: lengths, spacing: 2, mode: mode)
    for _ in 0..<100 {
      let i = random.int(0..<100)
      lengths[i] = Double(random.int(0...20))
      index.setLength(lengths[i], at: i)
    }
    let tail = (0..<30).map { _ in Double(random.int(0...20)) }
    lengths.replaceSubrange(80..., with: tail)
    index.replaceLengths(from: 80, with: tail)
    let rebuilt = ExtentIndex(lengths: lengths, spacing: 2, mode: mode)
    #expect(index.count == 110)
    for i in 0...110 { #expect(index.start(i) == rebuilt.start(i)) }
  }

  @Test func uniformIndexSwitchesToPrefixOnUpdate() {
    var index = ExtentIndex.uniform(count: 10, length: 5, spacing: 1)
    index.setLength(20, at: 3)
    #expect(index.mode == .prefix)
    #expect(index.start(4) == 3 * 6 + 21)
  }

  @Test(arguments: [ExtentIndex.Mode.uniform, .prefix, .fenwick])
  func appendingEqualsBuildingWhole(_ mode: ExtentIndex.Mode) {
    var random = SeededRandom(seed: 77)
    let all = (0..<300).map { _ in Double(random.int(0...20)) }
    let built = ExtentIndex(lengths: all, spacing: 2, mode: .prefix)
    var grown =
      mode == .uniform
      ? ExtentIndex.uniform(count: 0, length: 5, spacing: 2)
      : ExtentIndex(lengths: [], spacing: 2, mode: mode)
    var taken = 0
    while taken < all.count {
      let next = min(all.count, taken + random.int(1...40))
      grown.append(contentsOf: Array(all[taken..<next]))
      taken = next
      for i in stride(from: 0, through: taken, by: 7) {
        #expect(grown.start(i) == built.start(i), "start(\(i)) after \(taken)")
      }
      #expect(
        grown.lastIndex(startingAtOrBefore: 250, in: 0..<taken)
          == built.lastIndex(startingAtOrBefore: 250, in: 0..<taken))
    }
    #expect(grown.count == all.count)
  }

  /// Elements prepended (a chat's older history), appended, measured and replaced, against a
  /// plain array: every start, length and search agrees.
  @Test(arguments: 0..<8) func prependingMatchesAnArray(seed: UInt64) {
    var random = SeededRandom(seed: 0xF207 &+ seed)
    let spacing = Double(random.int(0...2))
    var lengths = (0..<random.int(0...50)).map { _ in Double(random.int(1...9)) }
    var index = ExtentIndex.estimated(count: lengths.count, length: 4, spacing: spacing)
    for i in lengths.indices { index.setLength(lengths[i], at: i) }
    for step in 0..<200 {
      switch random.int(0..<10) {
      case 0..<3:
        let added = random.int(1...20)
        let estimate = Double(random.int(1...9))
        index.prepend(count: added, length: estimate)
        lengths.insert(contentsOf: Array(repeating: estimate, count: added), at: 0)
      case 3:
        let new = (0..<random.int(1...5)).map { _ in Double(random.int(1...9)) }
        index.append(contentsOf: new)
        lengths += new
      case 4 where !lengths.isEmpty && random.chance(0.2):
        let from = random.int(0...lengths.count)
        let new = (0..<random.int(0...5)).map { _ in Double(random.int(1...9)) }
        index.replaceLengths(from: from, with: new)
        lengths = Array(lengths[..<from]) + new
      default:
        guard !lengths.isEmpty else { continue }
        let i = random.int(0..<lengths.count)
        lengths[i] = Double(random.int(1...9))
        index.setLength(lengths[i], at: i)
      }
      #expect(index.count == lengths.count, "seed \(seed), step \(step)")
      var start = 0.0
      for i in lengths.indices {
        #expect(index.start(i) == start, "seed \(seed), step \(step), start \(i)")
        #expect(index.length(i) == lengths[i], "seed \(seed), step \(step), length \(i)")
        start += lengths[i] + spacing
      }
      guard !lengths.isEmpty else { continue }
      for _ in 0..<5 {
        let position = Double(random.int(-5...Int(start) + 5)) + 0.5 * Double(random.int(0...1))
        var expected = 0
        var running = 0.0
        for i in lengths.indices {
          if running <= position { expected = i }
          running += lengths[i] + spacing
        }
        #expect(
          index.lastIndex(startingAtOrBefore: position, in: 0..<lengths.count) == expected,
          "seed \(seed), step \(step), position \(position)")
      }
    }
  }
}
