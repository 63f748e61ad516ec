import ReuseKit

/// An independent, deliberately naive model of `ListLayout`'s geometry: it walks every section
/// and item from the top, so tests can compare the layout's O(log n) answers against it.
package struct ListReference {
  package var items: [LayoutAttributes] = []
  package var supplementaryViews: [LayoutAttributes] = []
  package var contentLength = 0.0

  package init(
    axis: Axis, counts: [Int], viewport: Size, length: (ItemPath) -> Double, spacing: Double,
    inset: EdgeInsets, header: (Int) -> Double, footer: (Int) -> Double
  ) {
    let cross = axis.cross
    let crossLength = viewport[cross]
    let itemCross = max(0, crossLength - inset.leading(cross) - inset.trailing(cross))
    var position = 0.0
    /// A full-width header or footer, unless its length is 0.
    func addSupplementary(_ kind: SupplementaryKind, section: Int, at main: Double, length: Double)
    {
      guard length > 0 else { return }
      supplementaryViews.append(
        LayoutAttributes(
          forSupplementaryViewOfKind: kind, section: section,
          frame: Rect(
            axis: axis, main: main, mainLength: length, cross: 0, crossLength: crossLength)))
    }
    for (section, count) in counts.enumerated() {
      let headerLength = header(section)
      addSupplementary(.header, section: section, at: position, length: headerLength)
      position += headerLength + inset.leading(axis)
      for item in 0..<count {
        let path = ItemPath(section: section, item: item)
        let itemLength = length(path)
        items.append(
          LayoutAttributes(
            forCellAt: path,
            frame: Rect(
              axis: axis, main: position, mainLength: itemLength, cross: inset.leading(cross),
              crossLength: itemCross)))
        position += itemLength + (item < count - 1 ? spacing : 0)
      }
      position += inset.trailing(axis)
      let footerLength = footer(section)
      addSupplementary(.footer, section: section, at: position, length: footerLength)
      position += footerLength
    }
    contentLength = position
  }

  /// Brute force: every item whose frame meets `rect`.
  package func items(in rect: Rect) -> [LayoutAttributes] {
    items.filter { $0.frame.intersects(rect) }
  }
}

package extension Rect {
  /// Equal up to rounding (a Fenwick tree sums in a different order than a running total).
  func isClose(to other: Rect, tolerance: Double = 1e-6) -> Bool {
    abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
      && abs(width - other.width) <= tolerance && abs(height - other.height) <= tolerance
  }
}
