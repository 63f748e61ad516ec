import Benchmark
import ReuseKit
import Scenarios

/// The `outline` family: a world of 1,011,101 nodes (100 regions × 100 countries × 100
/// cities, and one country with 1,000 cities in region 50), with every region and 9,901
/// countries expanded (10,001 expanded nodes, about a million visible rows). Each operation
/// expands the 1,000-city country or collapses it again: in the tree alone, and through an
/// `OutlineDataSource` on a collection view scrolled to it (the batch update and the pass
/// that shows its rows, unanimated).
func registerOutlineBenchmarks() {
  registerSteps(
    "outline/expand/tree", items: 1_011_101, scaling: .one,
    make: { OutlineWorld() },
    step: { world in world.toggleInTree() },
    result: { $0.tree.visibleCount })
  registerSteps(
    "outline/expand/view", items: 1_011_101, scaling: .one,
    make: { OutlineWorld(showing: true) },
    step: { world in world.toggleInView() },
    result: { $0.tree.visibleCount })
}

private final class OutlineCell: CollectionViewCell {
  var item = 0
}

private final class OutlineWorld {
  let tree = OutlineTree<Int>()
  let big = -1
  var collectionView: CollectionView?
  var dataSource: OutlineDataSource<Int>?

  init(showing: Bool = false) {
    // Regions 0..<100, countries 100 + r·100 + c, cities 20,000 + …: unique integers.
    let regions = Array(0..<100)
    tree.append(regions)
    var city = 1_000_000
    for region in regions {
      let countries = (0..<100).map { 100 + region * 100 + $0 }
      tree.append(countries, to: region)
      for country in countries {
        tree.append(Array(city..<(city + 100)), to: country)
        city += 100
      }
    }
    tree.append([big], to: 50)
    tree.append(Array(city..<(city + 1_000)), to: big)
    for region in regions { tree.expand(region) }
    var expanded = 100
    for country in 100..<10_100 where expanded < 10_001 {
      tree.expand(country)
      expanded += 1
    }
    guard showing else { return }
    let view = CollectionView(
      layout: ListLayout(itemSizing: .uniform(44)), viewportSize: Size(width: 320, height: 800))
    view.diagnostics.handler = nil
    view.register(OutlineCell.self, forCellWithReuseIdentifier: "cell")
    let source = OutlineDataSource<Int>(collectionView: view, tree: tree) { view, path, item, _ in
      let cell = view.dequeueReusableCell(OutlineCell.self, withReuseIdentifier: "cell", for: path)
      cell.item = item
      return cell
    }
    view.layoutIfNeeded()
    view.scrollToItem(at: source.indexPath(for: big)!, at: .start, animated: false)
    collectionView = view
    dataSource = source
  }

  func toggleInTree() {
    if tree.isExpanded(big) { tree.collapse(big) } else { tree.expand(big) }
  }

  func toggleInView() {
    dataSource!.toggle(big, animated: false)
    collectionView!.layoutIfNeeded()
  }
}
