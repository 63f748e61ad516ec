import ReuseDeclarative
import ReuseKit

/// A tree of 8 roots, the first with 10,000 children, in a 800-point list: the first root
/// opened and closed again, each an unanimated batch and a pass. Declared (an `OutlineGroup`
/// over nodes made as they are read, the gallery's outline page), or imperative (an
/// `OutlineDataSource` whose tree holds the nodes, as the page was before).
public final class OutlineScenario {
  public let view: CollectionView
  let declared: DeclarativeDataSource?
  let imperative: OutlineDataSource<Int>?
  var isOpen = false

  /// Node `n`'s children: the first root's 10,000, made as they are read.
  struct Nodes: RandomAccessCollection {
    let parent: Int?
    var startIndex: Int { 0 }
    var endIndex: Int { parent == nil ? 8 : (parent == 0 ? 10_000 : 0) }
    subscript(index: Int) -> Node { Node(id: parent == nil ? index : 100 + index) }
  }

  struct Node {
    let id: Int
    var children: Nodes? { id == 0 ? Nodes(parent: 0) : nil }
  }

  public enum Kind: Sendable {
    /// Declared: an `OutlineGroup` (the gallery's page).
    case declared
    /// The imperative `OutlineDataSource`.
    case imperative
  }

  public init(_ kind: Kind) {
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(44)), viewportSize: Size(width: 320, height: 800))
    self.view = view
    view.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
    switch kind {
    case .declared:
      declared = DeclarativeDataSource(collectionView: view) {
        OutlineGroup(Nodes(parent: nil), version: 0, id: \.id, children: \.children) { node, _ in
          Cell(BenchCell.self, node.id)
        }
      }
      imperative = nil
    case .imperative:
      let source = OutlineDataSource<Int>(collectionView: view) { view, path, node, _ in
        let cell = view.dequeueReusableCell(BenchCell.self, withReuseIdentifier: "cell", for: path)
        cell.configure(with: node, at: path)
        return cell
      }
      source.tree.append(Array(0..<8))
      source.tree.append(Array(100..<10_100), to: 0)
      source.reloadData()
      imperative = source
      declared = nil
    }
    view.layoutIfNeeded()
  }

  /// The first root opened if it is closed, closed if it is open; then a pass.
  public func toggle() {
    isOpen.toggle()
    if let declared {
      declared.setExpanded(isOpen, itemIdentifiedBy: 0)
      declared.updateNow(animated: false)
    } else if let imperative {
      _ = isOpen ? imperative.expand(0, animated: false) : imperative.collapse(0, animated: false)
    }
    view.layoutIfNeeded()
  }

  /// The rows shown.
  public var rows: Int { view.numberOfItems(inSection: 0) }
}
