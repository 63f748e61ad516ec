import ReuseKit
import Testing

@testable import ReuseDeclarative

/// A declared list's cells call the sole section's maker through an unretained reference. A
/// body resolved again while a cell is being made (the cell's own code reaching the data
/// source, which the public API defers, so only from inside the module) replaces the maker in
/// use: the cell is still made, and the cells after it come from the new maker, in order.
/// (The maker touches nothing of its own after the cell's code returns, so a maker freed early
/// would not show here even under AddressSanitizer: the maker waits all the same.)
@Suite struct MakerLifetimeTests {
  struct Hooked {
    let id: Int
    let hook: () -> Void
  }

  final class HookedCell: CollectionViewCell, ConfigurableCell {
    var shown = -1
    func configure(with item: Hooked, at indexPath: ItemPath) {
      item.hook()
      shown = item.id
    }
  }

  @Test func aBodyResolvedWhileACellIsMadeKeepsTheMakerInUse() {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: 10))
    view.diagnostics.handler = { _ in }
    weak var weakSource: DeclarativeDataSource?
    var resolvedDuringACell = 0
    let hook = {
      guard resolvedDuringACell < 3, let source = weakSource else { return }
      resolvedDuringACell += 1
      source.sections = source.evaluate()  // the maker in use is replaced
    }
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach((0..<100).map { Hooked(id: $0, hook: hook) }, id: \.id) {
        Cell(HookedCell.self, $0)
      }
    }
    weakSource = source
    view.layoutIfNeeded()
    #expect(resolvedDuringACell == 3)
    var shown: [Int] = []
    for path in view.indexPathsForVisibleItems {
      shown.append((view.cellForItem(at: path) as? HookedCell)?.shown ?? -2)
    }
    #expect(shown == Array(0..<shown.count) && shown.count >= 10, "\(shown)")
    withExtendedLifetime(source) {}
  }
}
