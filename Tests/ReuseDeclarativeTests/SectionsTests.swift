import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

/// A list view with one-row headers.
private func sectionedView(rows: Double = 12) -> CollectionView {
  let view = CollectionView(
    layout: ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1)),
    viewportSize: Size(width: 40, height: rows))
  view.diagnostics.handler = { _ in }
  return view
}

/// Each displayed header's section and text.
private func shownHeaders(_ view: CollectionView) -> [Int: String] {
  var result: [Int: String] = [:]
  for section in 0..<view.numberOfSections {
    guard
      let header = view.supplementaryView(
        forElementKind: .header, at: ItemPath(section: section, item: 0))
        as? ListContentSupplementaryView
    else { continue }
    result[section] = header.content.text
  }
  return result
}

/// `Sections`: a run of sections made as the collection view asks for them.
struct SectionsTests {
  /// Ten million items in 200,000 sections of fifty: declaring them makes no section; the
  /// first frame makes the displayed ones (and a few near them), and the collection view
  /// asks no section its count (`itemsPerSection`).
  @Test func twoHundredThousandSectionsCostOnlyTheDisplayedOnes() {
    let view = sectionedView()
    var made = 0
    var rowsMade = 0
    let source = DeclarativeDataSource(collectionView: view) {
      Sections(0..<200_000, id: \.self, itemsPerSection: 50) { section in
        made += 1
        return Section(id: section, header: ListContent("section \(section)")) {
          ForEach(0..<50, id: \.self) { item in
            rowsMade += 1
            return ListContent("row \(section * 50 + item)")
          }
        }
      }
    }
    #expect(made == 0)
    view.layoutIfNeeded()
    #expect(view.numberOfSections == 200_000)
    #expect(view.numberOfItems(inSection: 199_999) == 50)
    #expect(made <= 3, "sections made for one screen: \(made)")
    #expect(rowsMade <= 20)
    #expect(shownTexts(view)[ItemPath(section: 0, item: 3)] == "row 3")
    #expect(source.numberOfItemsInEverySection(in: view) == 50)
    // Far away: the sections there, made when they show.
    view.scrollToItem(at: ItemPath(section: 150_000, item: 45), at: .start, animated: false)
    view.layoutIfNeeded()
    #expect(shownTexts(view)[ItemPath(section: 150_000, item: 45)] == "row 7500045")
    #expect(shownHeaders(view)[150_001] == "section 150001")
    #expect(made <= 8, "sections made after a jump: \(made)")
    // A body with the same data makes nothing and reloads nothing: the selection stays.
    view.selectItem(at: ItemPath(section: 150_000, item: 45))
    let before = made
    source.updateNow()
    view.layoutIfNeeded()
    #expect(made == before)
    #expect(view.indexPathsForSelectedItems == [ItemPath(section: 150_000, item: 45)])
    #expect(source.statistics.bodyEvaluations == 2)
  }

  /// `itemCount` says each section's count without making it; a new count reloads, and the
  /// cells show the new data.
  @Test func aNewVersionReloadsAndShowsTheNewData() {
    let view = sectionedView()
    // Each day's entry count: more days than a run made whole may have.
    var days = [3, 1, 4] + Array(repeating: 1, count: DeclarativeDataSource.diffedRunLimit)
    var version = 0
    var made = 0
    let source = DeclarativeDataSource(collectionView: view) {
      Sections(
        Array(days.enumerated()), id: \.offset, version: version, itemCount: { $0.element }
      ) { day in
        made += 1
        return Section(id: day.offset, header: ListContent("day \(day.offset)")) {
          ForEach(0..<day.element, id: \.self) { ListContent("v\(version) \(day.offset).\($0)") }
        }
      }
    }
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 2) == 4)
    #expect(shownTexts(view)[ItemPath(section: 1, item: 0)] == "v0 1.0")
    view.selectItem(at: ItemPath(section: 2, item: 0))
    days[1] = 2
    version += 1
    source.updateNow()
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 1) == 2)
    #expect(shownTexts(view)[ItemPath(section: 1, item: 1)] == "v1 1.1")
    #expect(shownTexts(view)[ItemPath(section: 0, item: 0)] == "v1 0.0")
    // Reloaded, not diffed: nothing applied as a batch; the selection kept by its path.
    #expect(source.lastAppliedChanges.isEmpty)
    #expect(view.indexPathsForSelectedItems == [ItemPath(section: 2, item: 0)])
    // An array's storage stands for its version when none is given.
    let view2 = sectionedView()
    var names = [["a", "b"], ["c"]] + Array(repeating: ["x"], count: 1_000)
    let source2 = DeclarativeDataSource(collectionView: view2) {
      Sections(Array(names.indices), id: \.self, itemCount: { names[$0].count }) { index in
        Section(id: index) { ForEach(names[index], id: \.self) { ListContent($0) } }
      }
    }
    view2.layoutIfNeeded()
    names.insert(["d", "e"], at: 2)
    source2.updateNow()
    view2.layoutIfNeeded()
    #expect(view2.numberOfSections == 1_003)
    #expect(shownTexts(view2)[ItemPath(section: 2, item: 1)] == "e")
    _ = (source, made)
  }

  /// A run of a thousand sections or fewer is made whole and diffed: an entry added to a day
  /// is one inserted item, animated, and the selection stays on its item; a day removed is
  /// one deleted section.
  @Test func aShortRunIsDiffedAndKeepsTheSelection() {
    let view = sectionedView(rows: 30)
    var days: [[String]] = [["a", "b"], ["c"], ["d", "e", "f"]]
    var version = 0
    let source = DeclarativeDataSource(collectionView: view) {
      Sections(
        Array(days.enumerated()), id: \.element.first, version: version,
        itemCount: { $0.element.count }
      ) { day in
        Section(id: day.element.first, header: ListContent("day \(day.offset)")) {
          ForEach(day.element, id: \.self) { ListContent($0) }
        }
      }
    }
    view.layoutIfNeeded()
    view.selectItem(at: ItemPath(section: 2, item: 1))
    days[2].insert("d2", at: 1)
    version += 1
    source.updateNow(animated: true)
    #expect(source.lastAppliedChanges.insertedItems == [ItemPath(section: 2, item: 1)])
    #expect(view.isAnimating, "the insertion glides")
    #expect(view.indexPathsForSelectedItems == [ItemPath(section: 2, item: 2)])
    days.remove(at: 0)
    version += 1
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(source.lastAppliedChanges.deletedSections == [0])
    #expect(view.indexPathsForSelectedItems == [ItemPath(section: 1, item: 2)])
    #expect(shownTexts(view)[ItemPath(section: 1, item: 1)] == "d2")
    #expect(shownHeaders(view)[1] == "day 1")
  }

  /// A section whose content holds fewer items than it was said to shows blank cells for the
  /// others, with one diagnostic; never a trap.
  @Test func aCountThatDisagreesWithTheContentShowsBlanksAndSaysSoOnce() {
    let view = sectionedView()
    var diagnostics: [Diagnostic] = []
    view.diagnostics.handler = { diagnostics.append($0) }
    var sections = 2_000
    let source = DeclarativeDataSource(collectionView: view) {
      Sections(0..<sections, id: \.self, itemsPerSection: 3) { section in
        Section(id: section) {
          ForEach(0..<(section == 0 ? 1 : 3), id: \.self) { ListContent("\(section).\($0)") }
        }
      }
    }
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 3)
    #expect(shownTexts(view)[ItemPath(section: 0, item: 0)] == "0.0")
    #expect(shownTexts(view)[ItemPath(section: 0, item: 2)] == "")
    #expect(shownTexts(view)[ItemPath(section: 1, item: 2)] == "1.2")
    let said = diagnostics.filter { $0.message.contains("was said to hold 3 items") }
    #expect(said.count == 1, "\(diagnostics.map(\.message))")
    // A short run, made whole: its content's count shows, and the same is said, once.
    sections = 3
    source.updateNow()
    source.updateNow()
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 1)
    #expect(view.numberOfItems(inSection: 1) == 3)
    let shown = diagnostics.filter { $0.message.contains("its content's count shows") }
    #expect(shown.count == 1, "\(diagnostics.map(\.message))")
  }

  /// A section index over the run: its titles, and each jumping to the section it names.
  @Test func theRunsIndexTitlesJumpToTheirSections() {
    let view = sectionedView()
    let source = DeclarativeDataSource(collectionView: view) {
      Sections(0..<1_000, id: \.self, itemsPerSection: 10) { section in
        Section(id: section, header: ListContent("section \(section)")) {
          ForEach(0..<10, id: \.self) { ListContent("\(section).\($0)") }
        }
      }
      .indexTitles(["1", "500", "1k"]) { [0, 499, 5_000][$0] }
    }
    view.layoutIfNeeded()
    #expect(view.indexTitles == ["1", "500", "1k"])
    #expect(
      source.collectionView(view, indexPathForIndexTitle: "500", at: 1)
        == ItemPath(section: 499, item: 0))
    // A target past the last section goes to the last.
    #expect(
      source.collectionView(view, indexPathForIndexTitle: "1k", at: 2)
        == ItemPath(section: 999, item: 0))
  }

  /// Among other sections, a run's sections are made when the body runs and diffed as any
  /// section: an element added is one inserted section.
  @Test func amongOtherSectionsTheRunIsDiffedAsSections() {
    let view = sectionedView(rows: 30)
    var groups = [0, 1, 2]
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: "top", header: ListContent("Top")) { ListContent("first") }
      Sections(groups, id: \.self) { group in
        Section(id: group, header: ListContent("group \(group)")) {
          ForEach(0..<2, id: \.self) { ListContent("\(group).\($0)") }
        }
      }
    }
    view.layoutIfNeeded()
    #expect(view.numberOfSections == 4)
    #expect(shownHeaders(view)[2] == "group 1")
    groups.insert(7, at: 1)
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(source.lastAppliedChanges.insertedSections == [2])
    #expect(shownHeaders(view)[2] == "group 7")
    #expect(shownTexts(view)[ItemPath(section: 3, item: 1)] == "1.1")
  }

  /// Searched far from the screen: the section is made to be read, and let go (a bounded
  /// number of sections is kept).
  @Test func aSearchReadsFarSectionsWithoutKeepingThemAll() {
    let view = sectionedView()
    var made = 0
    let source = DeclarativeDataSource(collectionView: view) {
      Sections(0..<2_000, id: \.self, itemsPerSection: 5) { section in
        made += 1
        return Section(id: section) {
          ForEach(0..<5, id: \.self) { ListContent("item \(section * 5 + $0)") }
        }
      }
    }
    view.layoutIfNeeded()
    #expect(
      source.collectionView(view, searchableTextForItemAt: ItemPath(section: 1_500, item: 4))
        == "item 7504")
    // Every section read once: each made at most once (the few kept answered again).
    made = 0
    for section in 0..<2_000 {
      _ = source.collectionView(view, searchableTextForItemAt: ItemPath(section: section, item: 0))
    }
    #expect(made <= 2_000 && made >= 1_500)
    made = 0
    for section in 1_900..<2_000 {
      _ = source.collectionView(view, searchableTextForItemAt: ItemPath(section: section, item: 1))
    }
    #expect(made == 0, "the last hundred sections read were kept")
  }

  /// Without a declared count, each section is made to count it (and not kept past the
  /// bound), and the counts are right.
  @Test func withoutACountEachSectionIsCountedByItsContent() {
    let view = sectionedView()
    let source = DeclarativeDataSource(collectionView: view) {
      Sections(0..<1_600, id: \.self) { section in
        Section(id: section) {
          ForEach(0..<(section % 4), id: \.self) { ListContent("\(section).\($0)") }
        }
      }
    }
    view.layoutIfNeeded()
    #expect((0..<1_600).allSatisfy { view.numberOfItems(inSection: $0) == $0 % 4 })
    #expect(source.numberOfItemsInEverySection(in: view) == nil)
  }

  /// A collection that is a class, shrunk behind the body's back: the sections past its end
  /// show blank until the next body (never a read past the end), and that body shows it.
  @Test func aCollectionShrunkBehindTheBodysBackIsNeverReadPastItsEnd() {
    final class Days: RandomAccessCollection {
      var values = Array(0..<1_040)
      var startIndex: Int { 0 }
      var endIndex: Int { values.count }
      subscript(position: Int) -> Int { values[position] }
    }
    let days = Days()
    let view = sectionedView(rows: 40)
    var diagnostics: [Diagnostic] = []
    view.diagnostics.handler = { diagnostics.append($0) }
    let source = DeclarativeDataSource(collectionView: view) {
      Sections(days, id: \.self, itemsPerSection: 1) { day in
        Section(id: day) { ListContent("day \(day)") }
      }
    }
    view.layoutIfNeeded()
    #expect(shownTexts(view)[ItemPath(section: 3, item: 0)] == "day 3")
    days.values.removeLast(1_038)
    view.scrollToItem(at: ItemPath(section: 30, item: 0), at: .start, animated: false)
    view.layoutIfNeeded()
    #expect(shownTexts(view)[ItemPath(section: 30, item: 0)] == "")
    #expect(diagnostics.contains { $0.message.contains("was said to hold 1 items") })
    source.updateNow()
    view.layoutIfNeeded()
    #expect(view.numberOfSections == 2)
    #expect(shownTexts(view)[ItemPath(section: 1, item: 0)] == "day 1")
  }
}
