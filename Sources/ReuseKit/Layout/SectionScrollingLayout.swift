/// A layout some of whose sections scroll across its axis on their own, as UIKit's orthogonal
/// scrolling sections do: ``RailsLayout``'s rails. The collection view asks its layout for
/// this through ``CollectionViewLayout/sectionScrolling`` and drives each moving rail with a
/// scroll view of its own (drags across the axis, sideways wheels, focus moves, scrolling to
/// an item, restoration), writing the offset back here.
///
/// Sections are "rails" when they scroll; every other section (`isRail` false) stays put and
/// reports an offset of 0. Every method takes any section index and answers 0, `false`,
/// `.none` or `nil` for one out of range.
public protocol SectionScrollingLayout: CollectionViewLayout {
  /// The rail whose band holds `point` (content coordinates), or `nil`.
  func railSection(at point: Point) -> Int?
  /// Whether section `section` scrolls across the axis.
  func isRail(_ section: Int) -> Bool
  /// How rail `section` scrolls: freely, by pages, or by items.
  func railScrolling(of section: Int) -> RailScrolling
  /// How far rail `section` is scrolled across the axis.
  func railOffset(of section: Int) -> Double
  /// Every section's offset, by section (0 for sections that are not rails).
  var railOffsets: [Double] { get }
  /// Sets rail `section`'s offset, clamped to its content when `clamped`; a finger past the
  /// end is not. Apps call ``CollectionView/setRailOffset(_:ofSection:animated:)`` instead:
  /// it stops the rail's motion and lays out.
  func setRailOffset(_ offset: Double, of section: Int, clamped: Bool)
  /// The width of rail `section`'s content.
  func railContentWidth(of section: Int) -> Double
  /// The largest resting offset of rail `section`.
  func maximumRailOffset(of section: Int) -> Double
  /// The visible width of every rail.
  var railViewportWidth: Double { get }
  /// The height of rail `section`'s band.
  func railHeight(of section: Int) -> Double
  /// Where rail `section` rests with item `item` aligned as `alignment` says, clamped.
  func railOffset(aligning item: Int, in section: Int, alignment: SnapAlignment) -> Double
  /// The item of rail `section` nearest the offset `offset` for `alignment`.
  func railItem(nearest offset: Double, in section: Int, alignment: SnapAlignment) -> Int
  /// Where rail `section` comes to rest nearest `offset`: a page, an aligned item, or the
  /// offset itself, clamped.
  func restingStop(nearest offset: Double, in section: Int) -> Double
  /// The number of items of section `section`, as laid out.
  func itemCount(of section: Int) -> Int
}
