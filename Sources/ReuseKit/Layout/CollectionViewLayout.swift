/// The plain inputs a layout computes its geometry from.
///
/// The collection view builds a context from its data source's counts and its viewport, and
/// passes it to ``CollectionViewLayout/prepare(_:)``. A layout never talks to the data source
/// and never sees a cell.
public struct LayoutContext {
  /// The number of items in each section, already sanitised (never negative): one number
  /// when every section holds as many (a table's rows).
  public var itemCounts: ItemCountList
  /// The size of the visible area.
  public var viewportSize: Size
  /// Where the layout reports sizes or metrics it had to clamp.
  public var diagnostics: Diagnostics

  /// Creates a context.
  public init(itemCounts: [Int], viewportSize: Size, diagnostics: Diagnostics) {
    self.init(
      itemCounts: ItemCountList(itemCounts), viewportSize: viewportSize, diagnostics: diagnostics)
  }

  /// Creates a context.
  public init(itemCounts: ItemCountList, viewportSize: Size, diagnostics: Diagnostics) {
    self.itemCounts = itemCounts
    self.viewportSize = viewportSize
    self.diagnostics = diagnostics
  }

  /// The number of sections.
  public var numberOfSections: Int { itemCounts.count }
}

/// A rectangle to find elements in, plus the viewport it was derived from.
///
/// ``rect`` is the visible area widened by overscan (or the prefetch area). ``viewport`` is the
/// area actually on screen; layouts with pinned elements (sticky headers) pin them to it.
public struct LayoutQuery: Hashable, Sendable {
  /// The area to find elements in.
  public var rect: Rect
  /// The visible bounds, in content coordinates.
  public var viewport: Rect

  /// Creates a query.
  public init(rect: Rect, viewport: Rect) {
    self.rect = rect
    self.viewport = viewport
  }

  /// A query whose area is the viewport itself.
  public init(viewport: Rect) {
    self.init(rect: viewport, viewport: viewport)
  }
}

/// The elements a layout found for a query, in reusable buffers.
///
/// Layouts append to ``items`` in ascending index-path order, and to ``supplementaryViews`` in
/// any order. The collection view keeps one instance and clears it each frame with
/// ``removeAll()``, which keeps the capacity, so a steady-state frame does not allocate.
public struct LayoutElements {
  /// The cells' attributes, in ascending index-path order.
  public var items: [LayoutAttributes] = []
  /// The supplementary views' attributes.
  public var supplementaryViews: [LayoutAttributes] = []

  /// Creates empty buffers.
  public init() {}

  /// Empties both buffers, keeping their capacity.
  public mutating func removeAll() {
    items.removeAll(keepingCapacity: true)
    supplementaryViews.removeAll(keepingCapacity: true)
  }
}

/// Computes the geometry of a collection view: content size, element frames, and which
/// elements meet a rectangle.
///
/// A layout is an object the collection view owns and drives:
/// 1. When the layout is invalid (``needsPrepare``) or the viewport size changed, the
///    collection view calls ``prepare(_:)`` with a fresh ``LayoutContext``.
/// 2. Every frame it asks ``elements(in:into:)`` for the elements that meet the visible area.
/// 3. It asks single-element questions (``layoutAttributesForItem(at:)``,
///    ``indexPathForItem(at:)``) on demand.
///
/// Only call queries after ``prepare(_:)``. A layout belongs to one collection view at a time.
public protocol CollectionViewLayout: AnyObject {
  /// The axis along which the content scrolls.
  var scrollDirection: Axis { get }

  /// `true` when the layout must be prepared again before its next query.
  var needsPrepare: Bool { get }

  /// Computes (or updates) the geometry for `context`.
  ///
  /// - Complexity: Depends on the layout and on what was invalidated; see each layout.
  func prepare(_ context: LayoutContext)

  /// The size of the whole content.
  var contentSize: Size { get }

  /// Appends the attributes of every element that meets `query.rect` to `result`.
  ///
  /// Items must be appended in ascending index-path order. The buffers in `result` are not
  /// cleared first.
  ///
  /// - Complexity: O(log n + k) for the layouts ReuseKit ships, where k is the number of
  ///   elements found. No allocation once `result` has grown to its working size.
  func elements(in query: LayoutQuery, into result: inout LayoutElements)

  /// The attributes of one item, or `nil` if the path is out of range.
  ///
  /// - Complexity: O(log n) or better.
  func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes?

  /// The attributes of one supplementary view at its natural (unpinned) position, or `nil`
  /// when the section has no view of that kind.
  func layoutAttributesForSupplementaryView(
    ofKind kind: SupplementaryKind, inSection section: Int
  )
    -> LayoutAttributes?

  /// The item whose frame contains `point`, or `nil` when the point is in spacing, insets or a
  /// supplementary view.
  ///
  /// - Complexity: O(log n).
  func indexPathForItem(at point: Point) -> ItemPath?

  /// The item under `point` as it shows when the visible area is `viewport`: what pinned
  /// cells cover (a table's frozen columns) takes the point. The default is
  /// ``indexPathForItem(at:)``, for layouts whose cells are never pinned.
  ///
  /// - Complexity: O(log n).
  func indexPathForItem(at point: Point, viewport: Rect) -> ItemPath?

  /// Marks the whole layout invalid; the next ``prepare(_:)`` recomputes everything.
  func invalidateLayout()

  /// Marks the layout invalid from `indexPath` onward; earlier items keep their geometry.
  func invalidateLayout(from indexPath: ItemPath)

  /// `true` when the layout sizes items from measurements (self-sizing cells).
  var wantsSelfSizing: Bool { get }

  /// Items were inserted, deleted or moved by a batch update: carry per-item state (such as
  /// measured sizes) to the items' new places, and invalidate. The next ``prepare(_:)`` gets
  /// the new counts.
  ///
  /// The default invalidates everything.
  func prepare(forCollectionViewUpdates mapping: ChangesetMapping)

  /// Records the measured size of an item whose size was estimated.
  ///
  /// Returns `true` when the item's length changed, so that later frames moved.
  ///
  /// - Complexity: O(log n) for the layouts ReuseKit ships.
  func setMeasuredSize(_ size: Size, forItemAt indexPath: ItemPath) -> Bool

  /// How much of the viewport, along the scroll axis, pinned supplementary views cover while
  /// `section`'s items show: a pinned header at the leading edge, a pinned footer at the
  /// trailing edge. The collection view keeps items it scrolls to clear of them.
  ///
  /// The default is none.
  ///
  /// - Complexity: O(1).
  func pinnedLengths(inSection section: Int) -> PinnedLengths

  /// How arrow keys move the focus in this layout (``CollectionView/moveFocus(_:animated:)``):
  /// in item order for lists and carousels (the default), by frames for grids and waterfalls.
  var focusNavigation: FocusNavigation { get }

  /// Where a focus move from `indexPath` goes, for a layout whose ``focusNavigation`` is
  /// ``FocusNavigation/layout``: `nil` when there is nowhere to go. `viewport` is the visible
  /// area, for moves by a page. Only asked for paths in range.
  ///
  /// The default goes nowhere.
  ///
  /// - Complexity: O(log n) for the layouts ReuseKit ships.
  func indexPath(
    forFocusMove move: FocusMove, from indexPath: ItemPath, viewport: Rect
  )
    -> ItemPath?

  /// Whether a displayed element sits where the viewport is rather than where it is in the
  /// content (a list's stuck parents, ``ListLayout/stackedHeaders``; a pinned header): such
  /// an item is never what a reader sees first, nor what keeps its place when the content
  /// changes, and an update's animation shows it where it is at once, not gliding from where
  /// the viewport was.
  ///
  /// A stuck element covers what scrolls under it, so it draws above the content: the engine
  /// asks only about elements with a `zIndex` above 0. The default is `false`.
  ///
  /// - Complexity: O(1).
  func isStuck(_ attributes: LayoutAttributes) -> Bool

  /// The items stuck at the leading edge when the visible area is `viewport`, outermost
  /// first, with their frames: a press on one scrolls the content to it, under the ones
  /// before it.
  ///
  /// The default is none.
  func stuckItems(forViewport viewport: Rect) -> [(indexPath: ItemPath, frame: Rect)]

  /// The layout's sections that scroll across its axis (``RailsLayout``'s rails), or `nil`
  /// when none can (the default).
  var sectionScrolling: (any SectionScrollingLayout)? { get }

  /// The role assistive technology gives the collection view when nothing else sets one
  /// (``CollectionView/accessibilityRole``): ``CarouselLayout`` says
  /// ``AccessibilityRole/carousel``. The default, `nil`, leaves it a list (or a grid for an
  /// ``AccessibilityGridLayout``).
  var accessibilityContainerRole: AccessibilityRole? { get }
}

/// The lengths pinned views cover at the edges of the viewport: along the scroll axis (pinned
/// headers and footers) and, for content that also scrolls across it, at the cross axis's
/// leading edge (a table's frozen columns).
public struct PinnedLengths: Hashable, Sendable {
  /// Covered at the leading edge (top, or left): a pinned header.
  public var leading: Double
  /// Covered at the trailing edge (bottom, or right): a pinned footer.
  public var trailing: Double
  /// Covered at the leading edge across the scroll axis (the left of a vertical table): its
  /// frozen columns.
  public var crossLeading: Double

  /// Creates lengths.
  public init(leading: Double = 0, trailing: Double = 0, crossLeading: Double = 0) {
    self.leading = leading
    self.trailing = trailing
    self.crossLeading = crossLeading
  }

  /// Nothing is pinned.
  public static let none = PinnedLengths()
}

extension CollectionViewLayout {
  /// Layouts without self-sizing ignore measurements.
  public var wantsSelfSizing: Bool { false }

  /// Layouts without self-sizing ignore measurements.
  public func setMeasuredSize(_ size: Size, forItemAt indexPath: ItemPath) -> Bool { false }

  /// Nothing is pinned.
  public func pinnedLengths(inSection section: Int) -> PinnedLengths { .none }

  /// The item under `point`, by natural frames.
  public func indexPathForItem(at point: Point, viewport: Rect) -> ItemPath? {
    indexPathForItem(at: point)
  }

  /// Items in order: the arrows along the scroll axis step to the previous or next item.
  public var focusNavigation: FocusNavigation { .sequential }

  /// Nowhere: only layouts with ``FocusNavigation/layout`` navigation are asked.
  public func indexPath(
    forFocusMove move: FocusMove, from indexPath: ItemPath, viewport: Rect
  )
    -> ItemPath?
  {
    nil
  }

  /// Nothing is stuck.
  public func isStuck(_ attributes: LayoutAttributes) -> Bool { false }

  /// Nothing is stuck.
  public func stuckItems(forViewport viewport: Rect) -> [(indexPath: ItemPath, frame: Rect)] {
    []
  }

  /// No section scrolls on its own.
  public var sectionScrolling: (any SectionScrollingLayout)? { nil }

  /// No role of its own.
  public var accessibilityContainerRole: AccessibilityRole? { nil }

  /// Invalidates everything; layouts that can do better override this.
  public func invalidateLayout(from indexPath: ItemPath) { invalidateLayout() }

  /// Invalidates everything: layouts without per-item state need nothing else.
  public func prepare(forCollectionViewUpdates mapping: ChangesetMapping) { invalidateLayout() }

  /// The frame of one item, or `nil` if the path is out of range.
  public func frameForItem(at indexPath: ItemPath) -> Rect? {
    layoutAttributesForItem(at: indexPath)?.frame
  }
}
