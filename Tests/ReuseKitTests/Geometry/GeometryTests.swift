import ReuseKit
import ReuseTestSupport
import Testing

@Suite struct GeometryTests {
  @Test func rectsThatOnlyTouchDoNotIntersect() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
    #expect(!a.intersects(Rect(x: 0, y: 10, width: 5, height: 5)))
    #expect(a.intersects(Rect(x: 9.5, y: 9.5, width: 5, height: 5)))
  }

  @Test func zeroLengthRectMeetsOnlyStrictlyInside() {
    let line = Rect(x: 0, y: 5, width: 10, height: 0)
    #expect(line.intersects(Rect(x: 0, y: 0, width: 10, height: 10)))
    #expect(!line.intersects(Rect(x: 0, y: 5, width: 10, height: 10)))
    #expect(!line.intersects(Rect(x: 0, y: 0, width: 10, height: 5)))
  }

  @Test func insetAndOutsetNeverGoNegative() {
    let r = Rect(x: 0, y: 0, width: 10, height: 4)
    #expect(r.insetBy(dx: 3, dy: 3) == Rect(x: 3, y: 3, width: 4, height: 0))
    #expect(r.outset(by: 2) == Rect(x: -2, y: -2, width: 14, height: 8))
    #expect(r.inset(by: EdgeInsets(top: 1, left: 20, bottom: 1, right: 0)).width == 0)
  }

  @Test func axisAccessorsAgreeWithComponents() {
    let r = Rect(axis: .horizontal, main: 5, mainLength: 20, cross: 1, crossLength: 3)
    #expect(r == Rect(x: 5, y: 1, width: 20, height: 3))
    #expect(r.min(.horizontal) == 5 && r.max(.horizontal) == 25 && r.length(.vertical) == 3)
    var p = Point.zero
    p[.vertical] = 7
    #expect(p == Point(x: 0, y: 7))
  }

  @Test func itemPathsOrderBySectionThenItem() {
    let paths = [
      ItemPath(section: 1, item: 0), ItemPath(section: 0, item: 5), ItemPath(section: 0, item: 1),
    ]
    #expect(
      paths.sorted() == [
        ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 5), ItemPath(section: 1, item: 0),
      ])
    #expect(MemoryLayout<ItemPath>.size == 2 * MemoryLayout<Int>.size)
  }

  @Test func insetsSanitizeNonFiniteAndNegativeEdges() {
    let bad = EdgeInsets(top: .nan, left: -3, bottom: .infinity, right: 2)
    #expect(bad.sanitized == EdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
    #expect(!bad.isValid && EdgeInsets(all: 1).isValid)
  }

  @Test func transformScalesAroundTheCentre() {
    let frame = Rect(x: 0, y: 0, width: 100, height: 50)
    let scaled = Transform(scaleX: 0.9, scaleY: 0.8).applied(to: frame)
    #expect(scaled.isClose(to: Rect(x: 5, y: 5, width: 90, height: 40)))
    #expect(Transform.identity.applied(to: frame) == frame)
  }
}
