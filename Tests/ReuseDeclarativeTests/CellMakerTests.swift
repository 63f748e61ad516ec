import ReuseKit
import ReuseTestSupport
import Testing

@testable import ReuseDeclarative

/// A declared item's cell: its content type's class, configured; another class registered
/// under the same identifier since (a subclass, configured; an unrelated cell, shown as it is
/// with a diagnostic); and which `ForEach` identifiers are the elements themselves.
@Suite struct CellMakerTests {
  class NumberCell: CollectionViewCell, ConfigurableCell {
    var number = -1
    func configure(with number: Int, at indexPath: ItemPath) { self.number = number }
  }

  final class LoudNumberCell: NumberCell {}

  final class OtherCell: CollectionViewCell {}

  /// A list of 100 numbers in `NumberCell`s, 10 rows on screen, laid out, and the diagnostics
  /// it reported.
  private func numbers() -> (CollectionView, DeclarativeDataSource, Box<[String]>) {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(1)), viewportSize: Size(width: 40, height: 10))
    let reported = Box<[String]>([])
    view.diagnostics.handler = { reported.value.append($0.message) }
    let source = DeclarativeDataSource(collectionView: view) {
      ForEach(0..<100, id: \.self) { Cell(NumberCell.self, $0) }
    }
    view.layoutIfNeeded()
    return (view, source, reported)
  }

  /// The numbers shown, row by row (-2: a cell of another class).
  private func shown(_ view: CollectionView) -> [Int] {
    view.indexPathsForVisibleItems.sorted().map {
      (view.cellForItem(at: $0) as? NumberCell)?.number ?? -2
    }
  }

  @Test func theContentTypesClassIsConfigured() {
    let (view, source, reported) = numbers()
    #expect(shown(view) == Array(0..<10))
    #expect(view.visibleCells.allSatisfy { type(of: $0) == NumberCell.self })
    #expect(reported.value.isEmpty)
    withExtendedLifetime(source) {}
  }

  /// The list with `cellClass` registered under its cells' identifier since, and twenty more
  /// rows on screen: new cells, of the class registered now. The numbers shown, and what was
  /// reported.
  private func shownWith(registeredSince cellClass: CollectionViewCell.Type) -> ([Int], [String]) {
    let (view, source, reported) = numbers()
    view.register(cellClass, forCellWithReuseIdentifier: NumberCell.reuseIdentifier)
    view.viewportSize = Size(width: 40, height: 30)
    view.layoutIfNeeded()
    #expect(view.visibleCells.contains { type(of: $0) == cellClass })
    return withExtendedLifetime(source) { (shown(view), reported.value) }
  }

  @Test func aSubclassRegisteredSinceIsConfigured() {
    let (shown, reported) = shownWith(registeredSince: LoudNumberCell.self)
    #expect(shown == Array(0..<30))
    #expect(reported.isEmpty, "\(reported)")
  }

  @Test func anotherClassRegisteredSinceIsShownAsItIsAndSaid() {
    let (shown, reported) = shownWith(registeredSince: OtherCell.self)
    // The ten cells made before show their numbers; the twenty new ones are the other class.
    #expect(shown == Array(0..<10) + Array(repeating: -2, count: 20))
    #expect(reported.contains { $0.contains("OtherCell") && $0.contains("unconfigured") })
  }

  @Test func numbersAndStringsByThemselvesAreTheirOwnIdentifiers() {
    #expect(ForEach<[Int], Int, ListContent>.isIdentity(\.self))
    #expect(ForEach<[String], String, ListContent>.isIdentity(\.self))
    // Paths to values of the element's own type that are not the element itself.
    #expect(!ForEach<[Int], Int, ListContent>.isIdentity(\.bitWidth))
    #expect(!ForEach<[Int], Int, ListContent>.isIdentity(\.magnitude.bitWidth))
    #expect(!ForEach<[String], String, ListContent>.isIdentity(\.description))
    // Another type by itself: identified through its key path.
    #expect(!ForEach<[Double], Double, ListContent>.isIdentity(\.self))
  }
}

/// A value shared with a closure.
final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
