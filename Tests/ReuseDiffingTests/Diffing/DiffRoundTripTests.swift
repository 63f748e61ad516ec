import ReuseKit
import ReuseTestSupport
import Testing

@testable import ReuseDiffing

/// The round-trip property: for any two versions of sectioned data, applying the staged
/// changeset to the old version (by the batch rules, with an independent reference) gives the
/// new version, and the changeset's mapping agrees with where the reference put every element.
@Suite struct DiffRoundTripTests {
  @Test func tenThousandSeededCasesRoundTrip() {
    let master: UInt64 = 0xD1FF_5EED
    var failures = 0
    var staged = 0
    for index in 0..<10_000 {
      let seed = master &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
      var random = SeededRandom(seed: seed)
      let (old, new, linear) = randomVersions(&random)
      if let problem = checkRoundTrip(old, new, linear: linear, staged: &staged) {
        Issue.record("seed \(seed) (case \(index)): \(problem)")
        failures += 1
        if failures >= 5 { break }
      }
    }
    // The generator reaches the two-stage case (an element that moves and changes).
    #expect(staged > 20, "two-stage changesets seen: \(staged)")
  }

  @Test(arguments: [UInt64(1), 7, 42, 1234])
  func largeCasesRoundTrip(_ seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let old = (0..<3).map { section in
      TokenSection(
        model: Token(id: section, content: 0),
        elements: (0..<2_000).map { Token(id: section * 10_000 + $0, content: 0) })
    }
    var new = old
    for _ in 0..<600 {
      let from = random.int(0..<new.count)
      guard !new[from].elements.isEmpty else { continue }
      let element = new[from].elements.remove(at: random.int(0..<new[from].elements.count))
      let to = random.int(0..<new.count)
      new[to].elements.insert(element, at: random.int(0...new[to].elements.count))
    }
    for _ in 0..<300 {
      let section = random.int(0..<new.count)
      if random.chance(0.5), !new[section].elements.isEmpty {
        new[section].elements.remove(at: random.int(0..<new[section].elements.count))
      } else {
        new[section].elements.insert(
          Token(id: 100_000 + random.int(0...1_000_000), content: 0),
          at: random.int(0...new[section].elements.count))
      }
    }
    var staged = 0
    if let problem = checkRoundTrip(old, new, linear: false, staged: &staged) {
      Issue.record("seed \(seed): \(problem)")
    }
  }
}

/// Two versions of data: sometimes one linear section, sometimes several; sometimes with
/// duplicate identifiers; with the corner cases (empty, identical, reversed, shuffled whole).
private func randomVersions(
  _ random: inout SeededRandom
) -> (
  [TokenSection], [TokenSection], linear: Bool
) {
  let linear = random.chance(0.4)
  let duplicates = random.chance(0.25)
  var nextID = 1
  func newToken(_ random: inout SeededRandom) -> Token {
    if duplicates {
      return Token(id: random.int(1...8), content: random.int(0...1))
    }
    nextID += 1
    return Token(id: nextID, content: 0)
  }
  let sectionCount = linear ? 1 : random.int(0...5)
  let scale = random.chance(0.1) ? 60 : 10
  var old = (0..<sectionCount).map { section in
    TokenSection(
      model: Token(id: 1_000 + section, content: 0),
      elements: (0..<random.int(0...scale)).map { _ in newToken(&random) })
  }
  if random.chance(0.05) { old = old.map { TokenSection(model: $0.model, elements: []) } }
  var new = old

  switch random.int(0...9) {
  case 0:
    break  // identical
  case 1:
    new = new.map { TokenSection(model: $0.model, elements: $0.elements.reversed()) }
    if !linear { new.reverse() }
  case 2:
    new = new.map { TokenSection(model: $0.model, elements: $0.elements.shuffled(using: &random)) }
    if !linear { new.shuffle(using: &random) }
  case 3:
    new = new.map { TokenSection(model: $0.model, elements: []) }  // everything deleted
  default:
    // Sections: delete, insert, move, retitle.
    if !linear {
      for _ in 0..<random.int(0...2) where !new.isEmpty {
        new.remove(at: random.int(0..<new.count))
      }
      for _ in 0..<random.int(0...2) {
        let section = TokenSection(
          model: Token(id: 2_000 + random.int(0...50), content: 0),
          elements: (0..<random.int(0...6)).map { _ in newToken(&random) })
        new.insert(section, at: random.int(0...new.count))
      }
      if new.count > 1 && random.chance(0.5) {
        let section = new.remove(at: random.int(0..<new.count))
        new.insert(section, at: random.int(0...new.count))
      }
      for index in new.indices where random.chance(0.2) { new[index].model.content += 1 }
    }
    guard !new.isEmpty else { break }
    // Items: delete, insert, move (across sections too), change content.
    for _ in 0..<random.int(0...6) {
      let section = random.int(0..<new.count)
      if !new[section].elements.isEmpty {
        new[section].elements.remove(at: random.int(0..<new[section].elements.count))
      }
    }
    for _ in 0..<random.int(0...6) {
      let section = random.int(0..<new.count)
      new[section].elements.insert(
        newToken(&random), at: random.int(0...new[section].elements.count))
    }
    for _ in 0..<random.int(0...6) {
      let from = random.int(0..<new.count)
      guard !new[from].elements.isEmpty else { continue }
      let element = new[from].elements.remove(at: random.int(0..<new[from].elements.count))
      let to = random.int(0..<new.count)
      new[to].elements.insert(element, at: random.int(0...new[to].elements.count))
    }
    for section in new.indices {
      for index in new[section].elements.indices where random.chance(0.15) {
        new[section].elements[index].content += 1
      }
    }
  }
  return (old, new, linear)
}

/// Checks one case; returns what went wrong, or `nil`.
func checkRoundTrip<Model: Differentiable & Equatable, Element: Differentiable & Equatable>(
  _ old: [ArraySection<Model, Element>], _ new: [ArraySection<Model, Element>], linear: Bool,
  staged: inout Int
) -> String? {
  let stages: StagedChangeset
  if linear {
    stages = StagedChangeset(source: old[0].elements, target: new[0].elements)
  } else {
    stages = StagedChangeset(source: old, target: new)
  }
  guard stages.count <= 2 else { return "\(stages.count) stages" }
  if stages.count == 2 { staged += 1 }
  if old == new && !stages.isEmpty { return "identical data gave \(stages.stages)" }
  var current = old
  for (index, stage) in stages.enumerated() {
    let counts = current.map(\.elements.count)
    let newCounts = new.map(\.elements.count)
    let mapping: ChangesetMapping
    switch stage.validate(oldItemCounts: counts, newItemCounts: newCounts) {
    case .success(let valid): mapping = valid
    case .failure(let error): return "stage \(index) is invalid: \(error)\n\(stage)"
    }
    guard let (result, origins) = referenceApply(stage, to: current, target: new) else {
      return "stage \(index) does not apply: \(stage)"
    }
    // The mapping agrees with the reference, both ways, and in bulk.
    var flat: [Int] = []
    var starts: [Int] = []
    var total = 0
    for count in counts {
      starts.append(total)
      total += count
    }
    for (section, sectionOrigins) in origins.enumerated() {
      for (item, origin) in sectionOrigins.enumerated() {
        let path = ItemPath(section: section, item: item)
        if mapping.oldIndexPath(forNew: path) != origin {
          return "stage \(index): oldIndexPath(forNew: \(path)) is "
            + "\(String(describing: mapping.oldIndexPath(forNew: path))), expected \(String(describing: origin))"
        }
        if let origin, mapping.newIndexPath(forOld: origin) != path {
          return "stage \(index): newIndexPath(forOld: \(origin)) is "
            + "\(String(describing: mapping.newIndexPath(forOld: origin))), expected \(path)"
        }
        flat.append(origin.map { starts[$0.section] + $0.item } ?? -1)
      }
    }
    if mapping.oldFlatIndices() != flat { return "stage \(index): oldFlatIndices disagree" }
    current = result
  }
  if current != new {
    return "round trip gave \(current.map(\.elements)) for \(new.map(\.elements)) "
      + "with \(stages.stages)"
  }
  return nil
}
