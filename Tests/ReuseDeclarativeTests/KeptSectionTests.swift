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

  /// Each branch of an `if`, `else`, `switch` and `for` is a place of its own, at every depth
  /// and in both builders (the body's and a section's): the same items in another branch are
  /// new items (their cells made again), and the same branch again keeps them (none made).
  @Test func everyBranchIsAPlaceOfItsOwn() {
    // 0, 1: the branches of an `if` (of a `switch` in a section); 2, 3: `else if` and a nested
    // `if` in the last `else`; 4, 5: passes of a `for` (the items in its second pass, or in its
    // first).
    for inSection in [false, true] {
      var branch = 0
      let view = makeView()
      let items = ["a", "b", "c"]
      let source = DeclarativeDataSource(collectionView: view) {
        if inSection {
          // A section's items, with a `switch` where the body has `if` and `else if`.
          Section(id: 0) {
            switch branch {
            case 0: ForEach(items, id: \.self) { ListContent($0) }
            case 1: ForEach(items, id: \.self) { ListContent($0) }
            case 2: ForEach(items, id: \.self) { ListContent($0) }
            case 3: if branch > 0 { ForEach(items, id: \.self) { ListContent($0) } }
            default:
              for pass in 0..<2 {
                if (branch == 4) == (pass == 1) { ForEach(items, id: \.self) { ListContent($0) } }
              }
            }
          }
        } else if branch == 0 {
          ForEach(items, id: \.self) { ListContent($0) }
        } else if branch == 1 {
          ForEach(items, id: \.self) { ListContent($0) }
        } else if branch == 2 {
          ForEach(items, id: \.self) { ListContent($0) }
        } else if branch == 3 {
          if branch > 0 { ForEach(items, id: \.self) { ListContent($0) } }
        } else {
          for pass in 0..<2 {
            if (branch == 4) == (pass == 1) { ForEach(items, id: \.self) { ListContent($0) } }
          }
        }
      }
      view.layoutIfNeeded()
      for next in [1, 2, 3, 4, 5, 0, 3, 0] {
        let before = source.statistics.cellsConfigured
        branch = next
        source.updateNow(animated: false)
        view.layoutIfNeeded()
        #expect(
          source.statistics.cellsConfigured == before + 3,
          "branch \(next) (in a section: \(inSection)) shows the items as new ones")
        #expect(shownTexts(view).count == 3)
        let again = source.statistics.cellsConfigured
        source.updateNow(animated: false)
        view.layoutIfNeeded()
        #expect(
          source.statistics.cellsConfigured == again,
          "branch \(next) again (in a section: \(inSection)) keeps its items")
      }
    }
  }
}
