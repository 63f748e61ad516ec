import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

/// A body over unchanged data keeps the sections it shows (no section made, compared or
/// freed), and what it keeps is what a new section would have been: the new declaration's
/// content for the next cells, identities compared as `AnyHashable` compares them.
struct KeptSectionTests {
  /// The data did not change but the content closure's capture did: the cells shown stay
  /// (nothing to reconfigure), and the next cells made come from the new declaration.
  @Test func theNextCellsComeFromTheNewDeclaration() {
    let view = makeView()
    let numbers = Array(0..<1_000)
    var prefix = "old"
    let source = DeclarativeDataSource(collectionView: view) {
      // Read by the body, so each declaration's content captures the value of its own body.
      let label = prefix
      Section(id: 7) { ForEach(numbers, id: \.self) { ListContent("\(label) \($0)") } }
    }
    view.layoutIfNeeded()
    #expect(shownTexts(view)[ItemPath(section: 0, item: 2)] == "old 2")
    let configured = source.statistics.cellsConfigured
    prefix = "new"
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(source.statistics.groupsDiffed == 0)
    #expect(source.statistics.cellsConfigured == configured, "the same data: none configured")
    view.scrollToItem(at: ItemPath(section: 0, item: 500), at: .start, animated: false)
    view.layoutIfNeeded()
    #expect(shownTexts(view)[ItemPath(section: 0, item: 500)] == "new 500")
    #expect(source.sectionIdentifier(for: 0) == AnyHashable(7))
  }

  /// Identities compare as `AnyHashable` compares them: an `Int` and an `Int64` of one value
  /// are one section, so a body that switches between them neither deletes nor inserts it.
  @Test func identitiesOfOtherTypesCompareAsAnyHashable() {
    let view = makeView()
    var wide = false
    var titles = ["a", "b"]
    let source = DeclarativeDataSource(collectionView: view) {
      if wide {
        Section(id: Int64(3)) { ForEach(0..<5, id: \.self) { ListContent("row \($0)") } }
      } else {
        Section(id: 3) { ForEach(0..<5, id: \.self) { ListContent("row \($0)") } }
      }
      for title in titles {
        Section(title) { ListContent(title) }
      }
    }
    view.layoutIfNeeded()
    let cell = view.cellForItem(at: ItemPath(section: 0, item: 1)).map(ObjectIdentifier.init)
    wide = true
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(view.numberOfSections == 3)
    #expect(view.cellForItem(at: ItemPath(section: 0, item: 1)).map(ObjectIdentifier.init) == cell)
    #expect(source.sectionIdentifier(for: 0) == AnyHashable(Int64(3)))
    // Titles moved: matched by title, not by place.
    titles = ["b", "a"]
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(source.sectionIdentifier(for: 1) == AnyHashable("b"))
    #expect(shownTexts(view)[ItemPath(section: 2, item: 0)] == "a")
  }

  /// A section that repeats one shown at an earlier place is still left out and reported
  /// once, also after the sections before it were kept.
  @Test func aDuplicateAfterKeptSectionsIsLeftOutAndReportedOnce() {
    let view = makeView()
    var diagnostics: [Diagnostic] = []
    view.diagnostics.handler = { diagnostics.append($0) }
    var repeats = false
    let source = DeclarativeDataSource(collectionView: view) {
      Section(id: 1) { ListContent("first") }
      Section(id: 2) { ListContent("second") }
      if repeats { Section(id: 1) { ListContent("again") } }
    }
    view.layoutIfNeeded()
    repeats = true
    source.updateNow(animated: false)
    source.updateNow(animated: false)
    view.layoutIfNeeded()
    #expect(view.numberOfSections == 2)
    #expect(shownTexts(view)[ItemPath(section: 0, item: 0)] == "first")
    #expect(diagnostics.filter { $0.code == .duplicateIdentifier }.count == 1)
  }
}
