/// A view that a collection view can reuse: the base class of cells and supplementary views.
///
/// ReuseKit's core is headless: a `ReusableView` holds state (its identifier, its layout
/// attributes, whether it is hidden) and a host draws it. Subclass it (or
/// ``CollectionViewCell``) and override the `open` members.
///
/// ### Call rules
/// - Create views only through registration; the collection view calls `init()` when its pool
///   for an identifier is empty. Never create a cell in `cellForItemAt`: dequeue one.
/// - ``prepareForReuse()`` is called inside `dequeue…`, on every view that comes out of the
///   pool, before the data source configures it. A newly created view is not prepared.
///   Overrides need not call `super`.
/// - ``apply(_:)`` is called with the view's attributes before it is displayed and whenever
///   they change while it is visible.
/// - A view is attached to the host once it is displayed. With the hide strategy it stays
///   attached while pooled and only ``isHidden`` changes.
open class ReusableView {
  /// The identifier the view was registered and dequeued under.
  @exclusivity(unchecked) public internal(set) var reuseIdentifier: String = ""

  /// The attributes the view was last given, or `nil` before its first display.
  @exclusivity(unchecked) public internal(set) var layoutAttributes: LayoutAttributes?

  /// `true` while the view is pooled under the hide strategy (or not yet displayed).
  @exclusivity(unchecked) public internal(set) var isHidden = true

  /// `true` while the host holds the view in its view tree.
  @exclusivity(unchecked) public internal(set) var isAttached = false

  /// Where the view is in its reuse life cycle.
  @exclusivity(unchecked) var reuseState = ReuseState.dequeued

  /// The collection view that displays (or last displayed) the view.
  ///
  /// Weak, so that a view kept by a host after its collection view is gone never reaches freed
  /// memory. A collection view also clears it from the views left in its pool when it goes
  /// away or changes pools (`ReusePool.forget(owner:)`). Per frame it is never loaded (the
  /// visible set compares `ownerID`), so it costs nothing there: the frame steps count the
  /// same instructions as with `unowned(unsafe)` (see the Performance article).
  @exclusivity(unchecked) weak var owner: (any ReuseOwner)? {
    didSet { ownerID = owner.map { ObjectIdentifier($0) } }
  }

  /// The owner's identity, compared on the per-frame path without touching the owner (loading
  /// a weak reference retains it).
  @exclusivity(unchecked) var ownerID: ObjectIdentifier?

  /// The collection view that last dequeued the view: checked (without reference counting)
  /// when a data source returns it.
  @exclusivity(unchecked) var dequeuedBy: ObjectIdentifier?

  /// The slot of the registration that created the view, in its owner's table.
  @exclusivity(unchecked) var registrationSlot = -1

  /// The slot of the view's identifier in the pool it belongs to.
  @exclusivity(unchecked) var poolSlot = -1

  /// The length along the scroll axis the layout gave the view after it last measured itself,
  /// or `nil` when it has not measured itself since it was dequeued.
  @exclusivity(unchecked) var measuredLength: Double?

  /// While an item is moved interactively: how far this view is drawn from its element's
  /// place in the layout, so that gliding aside survives the layout's own changes.
  @exclusivity(unchecked) var movementOffset = Point.zero

  /// What assistive technology says for this view ("Amber Falcon"): set it when configuring
  /// the view, or override it to compute it. The engine adds the role, the position ("1 of
  /// 1,000,000"), level and states (``AccessibilityElement``). `nil` by default.
  open var accessibilityLabel: String?
  /// The view's value, if it has one ("400 × 500"). `nil` by default.
  open var accessibilityValue: String?
  /// What activating it does, when that is not obvious. `nil` by default.
  open var accessibilityHint: String?
  /// Whether it can be used (a disabled row says so). `true` by default.
  open var isAccessibilityEnabled = true
  /// Whether the view shows more of its item that it can hide (ARIA's `aria-expanded`, a
  /// row that Enter opens to its details): `true` open, `false` closed, `nil` (the default)
  /// for a view with nothing to open. A tree's rows take theirs from the tree instead.
  open var accessibilityIsExpanded: Bool?

  /// Creates a view. The collection view calls this; don't call it from `cellForItemAt`.
  public required init() { isCell = false }

  /// A cell's initializer (``CollectionViewCell``'s).
  init(cell: Void) { isCell = true }

  /// Whether the view is a ``CollectionViewCell``: set by that class's initializer alone, so
  /// that a dequeue takes a cell with a load and no cast (a cast to a class that is not final
  /// walks the view's class chain).
  @usableFromInline let isCell: Bool

  /// The frame from the view's attributes, before any transform.
  public var frame: Rect { layoutAttributes?.frame ?? .zero }

  /// Resets state left from the view's previous item. Called on every view that leaves the
  /// pool, inside `dequeue…`, before the data source configures it.
  open func prepareForReuse() {}

  /// Takes new layout attributes: called before display and when they change while visible.
  open func apply(_ layoutAttributes: LayoutAttributes) {}

  /// The view's look changed while it stays where it is: ReuseKit calls it when a displayed
  /// cell's ``CollectionViewCell/isFocused``, ``CollectionViewCell/isSelected`` or
  /// ``CollectionViewCell/isLifted`` changes and when the data source configures a displayed
  /// view again (a reconfigure); call it yourself when you change what it draws from outside
  /// the data source.
  ///
  /// A host that keeps real views overrides it to redraw on its next frame (the GTK host
  /// queues a draw of the view's widget; a UIKit host would call `setNeedsDisplay()`). A host
  /// that redraws everything each frame (the terminal) needs nothing. Do not lay out here.
  open func setNeedsDisplay() {}

  /// The size the view wants when the layout estimates sizes, or `nil` to keep the layout's.
  ///
  /// Called after configuration, before display, with the size the layout proposes. Only
  /// layouts whose `wantsSelfSizing` is `true` ask.
  open func preferredLayoutSize(fitting proposedSize: Size) -> Size? { nil }
}

/// Where a reusable view is in its life cycle.
enum ReuseState: Equatable {
  /// Just created or just taken from the pool, not yet displayed.
  case dequeued
  /// Displayed for an element.
  case visible
  /// Waiting in a pool.
  case pooled
  /// Dropped from a pool; it will not be used again.
  case discarded
}

/// The object that displays views and must hear when a pool drops one (to detach it).
protocol ReuseOwner: AnyObject {
  /// Called when a pool discards `view` (cap exceeded or trim).
  func reusePool(_ pool: ReusePool, didDiscard view: ReusableView)
  /// Takes `view` out of the owner's host: another owner took it, or this one goes away.
  func relinquish(_ view: ReusableView)
}
