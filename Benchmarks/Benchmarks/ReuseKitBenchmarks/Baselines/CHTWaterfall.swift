import ReuseKit

/// Baseline `cht-union20`: a faithful Swift port of CHTCollectionViewWaterfallLayout's
/// visible-element query (`layoutAttributesForElementsInRect:`), with the collection view's
/// part done the simple way a host would (a dictionary of visible cells, a set difference).
///
/// What it reproduces:
/// - `prepareLayout` places every item in the shortest column and keeps all frames, plus the
///   union of every 20 consecutive frames (`unionRects`, `unionSize = 20`);
/// - a query scans the union rectangles from the start for the first that meets the rect,
///   and from the end for the last (O(n / 20)), then tests every item between;
/// - the result goes through a dictionary keyed by index path, as the original.
final class CHTWaterfall {
  private static let unionSize = 20
  private var allItemAttributes: [(item: Int, frame: Rect)] = []
  private var unionRects: [Rect] = []
  private var visibleItems: [Int: BaselineCell] = [:]
  private var reusable: [BaselineCell] = []
  let boundsHeight: Double
  var contentOffset = 0.0
  private(set) var cellsCreated = 0

  /// `prepareLayout`, given every item's frame in item order.
  init(frames: [Rect], boundsHeight: Double) {
    self.boundsHeight = boundsHeight
    allItemAttributes = frames.enumerated().map { ($0.offset, $0.element) }
    var index = 0
    while index < frames.count {
      var union = frames[index]
      let end = min(frames.count, index + CHTWaterfall.unionSize)
      for other in (index + 1)..<max(index + 1, end) { union = union.union(frames[other]) }
      unionRects.append(union)
      index = end
    }
  }

  /// `layoutAttributesForElementsInRect:`.
  func layoutAttributesForElements(in rect: Rect) -> [Int] {
    var begin = 0
    var end = unionRects.count
    for i in 0..<unionRects.count where rect.intersectsInclusive(unionRects[i]) {
      begin = i * CHTWaterfall.unionSize
      break
    }
    for i in stride(from: unionRects.count - 1, through: 0, by: -1)
    where rect.intersectsInclusive(unionRects[i]) {
      end = min((i + 1) * CHTWaterfall.unionSize, allItemAttributes.count)
      break
    }
    var cellAttrDict: [ItemPath: Int] = [:]
    for i in begin..<max(begin, end) where rect.intersectsInclusive(allItemAttributes[i].frame) {
      cellAttrDict[ItemPath(section: 0, item: allItemAttributes[i].item)] = i
    }
    return Array(cellAttrDict.values)
  }

  /// One scroll event: query, then show the result.
  func layout() {
    let shown = Set(
      layoutAttributesForElements(
        in: Rect(x: 0, y: contentOffset, width: Geometry.viewport.width, height: boundsHeight)))
    for (item, cell) in visibleItems where !shown.contains(item) {
      cell.isInSuperview = false
      reusable.append(cell)
      visibleItems[item] = nil
    }
    for item in shown where visibleItems[item] == nil {
      let cell: BaselineCell
      if let reused = reusable.popLast() {
        cell = reused
      } else {
        cellsCreated += 1
        cell = BaselineCell(reuseIdentifier: "cell")
      }
      cell.index = item
      cell.frame = allItemAttributes[item].frame
      cell.isInSuperview = true
      visibleItems[item] = cell
    }
  }

  var visible: [Int] { Array(visibleItems.keys) }
}

extension Rect {
  /// `CGRectIntersectsRect`: rectangles that only touch count, as in Core Graphics.
  func intersectsInclusive(_ other: Rect) -> Bool {
    minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
  }
}
