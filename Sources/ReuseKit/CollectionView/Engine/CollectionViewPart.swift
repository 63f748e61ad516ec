/// What happened to the data, as a part hears it.
enum DataChange {
  /// Everything was read again (``CollectionView/reloadData()``): no item maps from before.
  case reload
  /// A batch update: `mapping` says where every old item and section went; the counts are
  /// those before and after it.
  case update(ChangesetMapping, oldCounts: ItemCountList, newCounts: ItemCountList)
}

/// One feature of a collection view (selection, focus, a swipe, the rails, a drag), told
/// about the engine's events through this one protocol, as swift-nio's channel handlers are:
/// the engine calls the list of parts (``CollectionView/Parts/all``) at each event and never
/// names a part. Every method has an empty default, so a part implements only the events it
/// cares about.
///
/// The lifecycle, in the order the engine calls it:
/// - ``dataWillChange(reloading:in:)``: before the counts are read again, for a reload or a
///   batch update: a gesture made over the old data ends without effect.
/// - ``dataDidChange(_:in:)``: the new counts are read; what the part remembers by path
///   follows the mapping (an update) or is checked against the new counts (a reload).
/// - ``dataChangeDidFinish(in:)``: every part follows the change; the part may tell the app
///   (the selection reports the items an update deselected).
/// - ``layoutWillChange(in:)``: a new layout replaces the old one.
/// - ``touchDidBegin(at:in:)``: a finger or a button went down (viewport coordinates).
/// - ``checkInvariants(in:)``: checks (`REUSEKIT_CHECKS`) at the end of every mutation.
///
/// Three events can come every frame, so they do not go through the list: the host's clock
/// and content that moved under the viewport (an anchor keeping its place while estimated
/// sizes are measured). The parts they concern are called directly, each by its own cheap
/// test, in ``CollectionView/Parts/needTicks(in:)``, ``CollectionView/Parts/advance(to:in:)``
/// and ``CollectionView/Parts/contentDidMove(by:in:)``: through the list, a tick cost about
/// 1,300 more instructions a frame (an existential call and a retain per part, several times
/// a tick), and a measured frame about 50.
///
/// Layout passes reach only the parts that take part in them now
/// (``LayoutPassParticipant``), so a bare pass stays bare. Call rules: a part changes its own
/// state and calls the collection view's API; it never writes another part's state.
///
/// A new part is a class conforming to this protocol (and to ``LayoutPassParticipant`` if it
/// takes part in passes) plus one entry in ``CollectionView/Parts``
/// (`Parts/CollectionView+Parts.swift`, and its clock there if it animates); no engine file
/// changes.
protocol CollectionViewPart: AnyObject {
  func dataWillChange(reloading: Bool, in view: CollectionView)
  func dataDidChange(_ change: DataChange, in view: CollectionView)
  func dataChangeDidFinish(in view: CollectionView)
  func layoutWillChange(in view: CollectionView)
  func touchDidBegin(at point: Point, in view: CollectionView)
  /// Whether the part draws elements where the layout does not put them now (a lifted item,
  /// a drop's gap): the displayed items are then not the layout's answer.
  func presentsElsewhere(in view: CollectionView) -> Bool
  /// Views the part keeps displayed outside the displayed sets (an update's disappearing
  /// views), for the engine's counters.
  var viewsStillShown: [ReusableView] { get }
  func checkInvariants(in view: CollectionView)
}

extension CollectionViewPart {
  func dataWillChange(reloading: Bool, in view: CollectionView) {}
  func dataDidChange(_ change: DataChange, in view: CollectionView) {}
  func dataChangeDidFinish(in view: CollectionView) {}
  func layoutWillChange(in view: CollectionView) {}
  func touchDidBegin(at point: Point, in view: CollectionView) {}
  func presentsElsewhere(in view: CollectionView) -> Bool { false }
  var viewsStillShown: [ReusableView] { [] }
  func checkInvariants(in view: CollectionView) {}
}

extension CollectionView {
  /// Tells every part, in ``Parts/all``'s order. The one place the engine reaches the parts.
  @inline(__always)
  func forEachPart(_ body: (any CollectionViewPart) -> Void) {
    for part in parts.all { body(part) }
  }
}
