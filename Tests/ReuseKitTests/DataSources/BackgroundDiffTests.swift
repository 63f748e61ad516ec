import ReuseKit
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `applyInBackground`: a large diff found off the host's loop, the view answering meanwhile
/// with the state it shows, then the changes as one batch; cancelled by `cancel()`, by a newer
/// snapshot or by the user's move, with nothing changed on screen.
@Suite struct BackgroundDiffTests {
  typealias Source = CollectionViewDiffableDataSource<String, Int>

  /// What the collection view reported.
  private final class Reports {
    var problems: [String] = []
  }

  private func make(count: Int) -> (CollectionView, Source, Reports) {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: 10))
    let reports = Reports()
    view.diagnostics.handler = { reports.problems.append("\($0)") }
    let source = Source(collectionView: view) { view, path, id in
      view.dequeueListContentCell(for: path, content: ListContent("#\(id)"))
    }
    source.applySnapshotUsingReloadData(snapshot(Array(0..<count)))
    view.layoutIfNeeded()
    return (view, source, reports)
  }

  private func snapshot(_ items: [Int]) -> Snapshot<String, Int> {
    var snapshot = Snapshot<String, Int>()
    snapshot.appendSections(["all"])
    snapshot.appendItems(items)
    return snapshot
  }

  /// The text each displayed cell shows, by path.
  private func shown(_ view: CollectionView) -> [ItemPath: String] {
    var texts: [ItemPath: String] = [:]
    for path in view.indexPathsForVisibleItems {
      texts[path] = (view.cellForItem(at: path) as? ListContentCell)?.content.text
    }
    return texts
  }

  /// Ticks `view` (a frame each millisecond of real time) until `done` or 60 s.
  private func tick(_ view: CollectionView, time: inout Double, until done: () -> Bool) {
    var waited = 0
    while !done() && waited < 60_000 {
      time += 1.0 / 60
      view.tick(now: time)
      usleep(1_000)
      waited += 1
    }
  }

  @Test func aMillionItemsDiffOffTheLoopAndShowAsOneBatch() {
    let (view, source, reports) = make(count: 1_000_000)
    var items = Array(0..<1_000_000)
    items.swapAt(0, 1)
    items.insert(-1, at: 2)
    items.remove(at: 500_000)
    let job = source.applyInBackground(snapshot(items), animatingDifferences: false)
    // Until it is done, the view shows and answers with the state it showed.
    #expect(view.isAnimating, "the host keeps ticking while the diff runs")
    #expect(source.itemIdentifier(for: ItemPath(section: 0, item: 0)) == 0)
    #expect(job.fractionDone >= 0 && job.fractionDone <= 1)
    var progress: [Double] = []
    var time = 0.0
    tick(view, time: &time) {
      progress.append(job.fractionDone)
      return job.isApplied
    }
    #expect(job.isApplied && !job.isCancelled)
    #expect(progress == progress.sorted(), "progress only rises")
    #expect(job.fractionDone == 1)
    #expect(view.numberOfItems(inSection: 0) == 1_000_000)
    #expect(source.itemIdentifier(for: ItemPath(section: 0, item: 0)) == 1)
    #expect(source.itemIdentifier(for: ItemPath(section: 0, item: 2)) == -1)
    view.layoutIfNeeded()
    #expect(shown(view)[ItemPath(section: 0, item: 0)] == "#1")
    #expect(shown(view)[ItemPath(section: 0, item: 2)] == "#-1")
    #expect(reports.problems.isEmpty, "\(reports.problems)")
    #expect(!view.isAnimating, "nothing left to tick for")
  }

  @Test func theCompletionHearsWhetherTheChangesShowed() {
    let (view, source, _) = make(count: 1_000)
    var heard: [Bool] = []
    source.applyInBackground(snapshot(Array((0..<1_000).reversed()))) { heard.append($0) }
    var time = 0.0
    tick(view, time: &time) { !heard.isEmpty }
    #expect(heard == [true])
    #expect(source.itemIdentifier(for: ItemPath(section: 0, item: 0)) == 999)
  }

  @Test func aCancelledDiffChangesNothing() {
    let (view, source, _) = make(count: 200_000)
    var heard: [Bool] = []
    let job = source.applyInBackground(snapshot(Array((0..<200_000).reversed()))) {
      heard.append($0)
    }
    job.cancel()
    var time = 0.0
    tick(view, time: &time) { !view.isAnimating }
    #expect(job.isCancelled && !job.isApplied)
    #expect(heard == [false])
    #expect(source.itemIdentifier(for: ItemPath(section: 0, item: 0)) == 0, "unchanged")
    job.cancel()  // again, after it ended: nothing
    #expect(heard == [false])
  }

  @Test func aNewerSnapshotReplacesADiffUnderWay() {
    let (view, source, reports) = make(count: 200_000)
    var heard: [String] = []
    let first = source.applyInBackground(snapshot(Array((0..<200_000).reversed()))) {
      heard.append("first \($0)")
    }
    // Applied at once, while the first is found: the first is cancelled, never shown.
    source.apply(snapshot([7, 8, 9]), animatingDifferences: false) { heard.append("second") }
    #expect(first.isCancelled)
    #expect(heard == ["first false", "second"])
    var time = 0.0
    tick(view, time: &time) { !view.isAnimating }
    view.layoutIfNeeded()
    #expect(view.numberOfItems(inSection: 0) == 3)
    #expect(shown(view)[ItemPath(section: 0, item: 0)] == "#7")
    // Two in the background: the later one wins.
    let a = source.applyInBackground(snapshot([1, 2, 3]))
    let b = source.applyInBackground(snapshot([3, 2, 1, 0]))
    tick(view, time: &time) { b.isApplied }
    #expect(a.isCancelled && !a.isApplied && b.isApplied)
    #expect(view.numberOfItems(inSection: 0) == 4)
    #expect(source.itemIdentifier(for: ItemPath(section: 0, item: 0)) == 3)
    #expect(reports.problems.isEmpty, "\(reports.problems)")
  }

  @Test func theFirstSnapshotShowsAtOnce() {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: 10))
    let source = Source(collectionView: view) { view, path, id in
      view.dequeueListContentCell(for: path, content: ListContent("#\(id)"))
    }
    let job = source.applyInBackground(snapshot([4, 5]))
    #expect(job.isApplied && job.fractionDone == 1)
    #expect(view.numberOfItems(inSection: 0) == 2)
    #expect(!view.isAnimating)
  }
}
