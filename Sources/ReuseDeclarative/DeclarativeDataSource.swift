import ReuseKit

/// A collection view's data, declared: a body that says what the collection shows, the way a
/// SwiftUI `List` is written, with ReuseKit's engine underneath.
///
/// ```swift
/// let source = DeclarativeDataSource(collectionView: collectionView) {
///   Section("Photos") {
///     ForEach(model.photos) { photo in Cell(PhotoCell.self, photo) }
///   }
///   if model.hasMore { ListContent("Load more", accessories: [.disclosure]) }
/// }
/// ```
///
/// ### What it costs
/// - The body runs when the source is made, on ``update(animated:)``, and when an
///   `Observable` model it read changes. It builds no item: a ``ForEach`` keeps its
///   collection, reads its count, and makes content only for the items the collection view
///   displays or prefetches. So a body whose data did not change costs O(sections).
/// - A collection whose value may have changed (see ``ForEach``) is diffed by identifier
///   (O(n)) and applied as one animated batch update; changes within a frame are coalesced,
///   and applied on the host's next tick.
/// - A property of an `Observable` element that a displayed cell read configures that cell
///   again, alone: no diff, no layout of the others.
///
/// ### Bad input
/// Duplicate section identifiers: the first section with an identifier shows, later ones are
/// left out, and a diagnostic says so (once). Duplicate item identifiers within a ``ForEach``:
/// every item shows; an update matches the first of each identifier, and a diagnostic says so.
///
/// The collection view holds its data source weakly: keep a reference.
public final class DeclarativeDataSource: CollectionViewDataSource, SearchableDataSource,
  MoveTargetSteering, CollectionViewTreeDataSource
{
  /// The collection view this source drives.
  public let collectionView: CollectionView
  private let body: () -> CollectionContent
  /// The sections shown now.
  @exclusivity(unchecked) var sections = SectionList() {
    didSet { keepSoleMaker() }
  }
  /// For a body of one section of one group (the common list): its cell maker and item count,
  /// read by each new cell with no look into the sections. Kept by ``sections``: a section's
  /// maker changes only while a body is resolved, which then sets the sections.
  ///
  /// Each new cell calls the maker through an unretained reference (a reference read from a
  /// stored property is retained and released per call). ``soleMakerKept`` keeps it alive; one
  /// that a body replaces while a cell is being made (the cell's own code updating the data
  /// source) waits in ``retiredMakers`` until the outermost cell is made (the public API defers
  /// updates asked for inside a pass, so this guards code of the module's own).
  @exclusivity(unchecked) private var soleMakerKept: CellMaker?
  @exclusivity(unchecked) private var soleMaker: Unmanaged<CellMaker>?
  @exclusivity(unchecked) private var soleCount = 0
  @exclusivity(unchecked) private var cellsBeingMade = 0
  @exclusivity(unchecked) private var retiredMakers: [CellMaker] = []

  /// Sets the sole section's maker and count from the sections (by ``sections``' observer,
  /// and by the initializer, where observers do not run: the first frame's cells take the
  /// small path too).
  private func keepSoleMaker() {
    if cellsBeingMade > 0, let old = soleMakerKept { retiredMakers.append(old) }
    // The section read in place (not retained and released to ask it two things).
    let (maker, count) =
      sections.lazy == nil && sections.resolved.count == 1
      ? sections.resolved.withUnsafeBufferPointer { ($0[0].singleMaker, $0[0].count) } : (nil, 0)
    soleMakerKept = maker
    if let maker {
      soleMaker = Unmanaged.passUnretained(maker)
      soleCount = count
    } else {
      soleMaker = nil
      soleCount = 0
    }
  }

  let tracker = ObservationTracker()
  /// An update was asked for, with this animation; applied on the next tick.
  @exclusivity(unchecked) var requestedUpdate: Bool?
  /// A move the data does not show: the next tick reloads.
  @exclusivity(unchecked) var needsReload = false
  /// Sections whose header or footer a user's move changed, and the groups it left and
  /// joined: configured again on the next tick.
  @exclusivity(unchecked) var staleHeaders: [Int] = []
  @exclusivity(unchecked) var staleGroups: Set<SectionGroup> = []
  /// Whether the swipe-action providers are installed, and whether a body declared actions.
  @exclusivity(unchecked) private var hasInstalledSwipeProviders = false
  @exclusivity(unchecked) var declaresSwipeActions = false
  /// Whether a body declared drag or drop, and whether the source became the delegate.
  @exclusivity(unchecked) var declaresDragAndDrop = false
  @exclusivity(unchecked) var hasInstalledDragAndDrop = false
  /// Whether a body declared spans, and whether the source became the layout's provider.
  @exclusivity(unchecked) var declaresSpans = false
  @exclusivity(unchecked) var hasInstalledSpans = false
  /// Problems already reported (each once).
  @exclusivity(unchecked) private var reported: Set<String> = []
  /// The identifier each content type's cells are registered under.
  /// The content types registered, with their identifiers, but for ``lastRegistered``.
  @exclusivity(unchecked) var registeredTypes = [ObjectIdentifier: String]()
  /// The content type met last and its identifier: most bodies declare one type section
  /// after section, and this answers them with no hashing (and a body of one type makes no
  /// dictionary at all).
  @exclusivity(unchecked) var lastRegistered: (type: ObjectIdentifier, identifier: String)?
  /// The identifiers of the outline rows whose children show (``OutlineGroup``): the source's
  /// state, kept by identifier, so it survives reuse and new values of the data. Setting it
  /// shows the change on the next tick, animated.
  @exclusivity(unchecked) public var expandedItemIdentifiers: Set<AnyHashable> = [] {
    didSet {
      guard expandedItemIdentifiers != oldValue else { return }
      expansionRevision &+= 1
      update()
    }
  }
  @exclusivity(unchecked) var expansionRevision = 0
  /// The expansion the last applied update showed.
  @exclusivity(unchecked) var appliedExpansionRevision = 0
  /// The row the user opened or closed (a key, a click, assistive technology), where it was:
  /// the update that shows it keeps that row in view (not the focused one, which assistive
  /// technology's action on another row would have scrolled to).
  @exclusivity(unchecked) var revealedRow: (path: ItemPath, id: AnyHashable)?
  /// What groups are resolved against, while a body is.
  @exclusivity(unchecked) var groupContext = GroupContext(expanded: [], expansionRevision: 0)
  /// Whether the last body declared an outline.
  @exclusivity(unchecked) var declaresOutline = false
  /// The stacked headers the last body's outline asked for, and those given to the layout.
  @exclusivity(unchecked) var declaredStacking: (maximumRows: Int, maximumFraction: Double)?
  @exclusivity(unchecked) var installedStacking: (maximumRows: Int, maximumFraction: Double)?
  /// The section index the last body declared (``Sections/indexTitles(_:target:)``): the
  /// titles, and the section each jumps to.
  @exclusivity(unchecked) var declaredIndex: (titles: [String], target: (Int) -> Int)?
  /// State kept for items by identifier (``setTransientState(_:of:)``).
  var transientStates = [AnyHashable: Any]()
  /// The batch update the last body applied: its inserted, deleted and moved items and
  /// sections, and the sections whose headers it configured again (empty when the body
  /// changed nothing, or when a reload showed it). The items configured again are not in it
  /// (the displayed items of every group whose data changed are). A user's move does not
  /// change it, and an update asked for inside a layout pass changes it on the next tick.
  public internal(set) var lastAppliedChanges = Changeset()
  /// Whether ``lastAppliedChanges`` has any.
  @exclusivity(unchecked) var hasAppliedChanges = false
  /// Counts, for tests and benchmarks: how many times the body ran, and how many cells were
  /// made (configured) since the source was made.
  @exclusivity(unchecked) public internal(set) var statistics = Statistics()

  /// What the source did since it was made.
  public struct Statistics: Equatable, Sendable {
    /// Times the body ran.
    public var bodyEvaluations = 0
    /// Cells made or configured again.
    public var cellsConfigured = 0
    /// Groups of items diffed by identifier (a `RecordedArray`'s edits applied as they were
    /// made, and an outline's rows opened or closed, are not diffed).
    public var groupsDiffed = 0
  }

  /// Becomes `collectionView`'s data source, showing what `body` declares. The body runs now,
  /// and again on ``update(animated:)`` or when an `Observable` model it read changes.
  ///
  /// With `anchorsToEnd`, the collection view is in chat mode (`anchorsToEnd`): short content
  /// sits at the end, the end stays in view while items arrive there, and items the body
  /// declares before the ones on screen (older messages, loaded from an ``ForEach/onAppear(perform:)``
  /// of the first) move nothing on screen.
  public init(
    collectionView: CollectionView, anchorsToEnd: Bool = false,
    @CollectionContentBuilder body: @escaping () -> CollectionContent
  ) {
    self.collectionView = collectionView
    self.body = body
    if anchorsToEnd { collectionView.anchorsToEnd = true }
    sections = evaluate()
    keepSoleMaker()
    collectionView.dataSource = self
    collectionView.attachDriver(self)
    installSwipeProvidersIfNeeded()
    installDragAndDropIfNeeded()
    installSpansIfNeeded()
    installStackedHeadersIfNeeded()
    // A rails layout takes each section's geometry from the declaration.
    if let rails = collectionView.layout as? RailsLayout {
      rails.sectionProvider = { [weak self] in
        self?.railSection(at: $0) ?? Self.plainRailSection
      }
    }
  }

  /// A section that declares no rail: full-width rows of one line (a list).
  static let plainRailSection = RailSection(
    scrolling: .none, itemWidth: .fractional(1), itemHeight: 1)

  /// The rail geometry section `index` declares (``Section/rail(_:)``), if any.
  public func railSection(at index: Int) -> RailSection? {
    sections.indices.contains(index) ? sections[index].rail : nil
  }

  /// Swipe actions come from the declaration once it declares some (a collection view without
  /// providers does not hit-test touches for swipes), unless the app set providers of its own.
  func installSwipeProvidersIfNeeded() {
    guard !hasInstalledSwipeProviders, declaresSwipeActions else { return }
    hasInstalledSwipeProviders = true
    if collectionView.leadingSwipeActionsProvider == nil {
      collectionView.leadingSwipeActionsProvider = { [weak self] in
        self?.swipeActions(at: $0, leading: true)
      }
    }
    if collectionView.trailingSwipeActionsProvider == nil {
      collectionView.trailingSwipeActionsProvider = { [weak self] in
        self?.swipeActions(at: $0, leading: false)
      }
    }
  }

  /// The swipe actions the item's ``ForEach`` declares at an edge.
  private func swipeActions(at indexPath: ItemPath, leading: Bool) -> SwipeActionsConfiguration? {
    guard let (entry, index) = locate(indexPath) else { return nil }
    return entry.group.swipeActions(at: index, leading: leading)
  }

  /// Called, on whatever thread made the change, when an observed model changed: wake the
  /// host's loop so that its next tick applies it. Changes made on the loop need nothing.
  public var onChange: (@Sendable () -> Void)? {
    didSet { tracker.setWake(onChange) }
  }

  /// Runs the body again on the next tick and applies what changed, animated or not. Calls
  /// within one frame are coalesced into one update (unanimated if any asked for that).
  public func update(animated: Bool = true) {
    requestedUpdate = (requestedUpdate ?? true) && animated
    tracker.requestTick()
  }

  /// Runs the body again and applies what changed now (not inside a layout pass: then it waits
  /// for the next tick).
  public func updateNow(animated: Bool = true) {
    guard !collectionView.isInPass else { return update(animated: animated) }
    requestedUpdate = nil
    apply(evaluate(), animated: animated)
  }

  // MARK: Data source

  /// Standard content's text, or what the item's ``ForEach/searchable(_:)`` gives: what an
  /// `ItemSearch` finds the item by.
  public func collectionView(
    _ collectionView: CollectionView, searchableTextForItemAt indexPath: ItemPath
  ) -> String? {
    guard let (entry, index) = locate(indexPath) else { return nil }
    return entry.group.searchableText(at: index)
  }

  /// The declared sections, duplicates left out.
  public func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  /// The section's items: the counts of its groups, read without building an item.
  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    sections.indices.contains(section) ? sections.itemCount(at: section) : 0
  }

  /// Every section's count, when the body is one run of ``Sections`` that says it
  /// (`itemsPerSection`): the collection view then asks no section.
  public func numberOfItemsInEverySection(in collectionView: CollectionView) -> Int? {
    sections.lazy?.run.uniformItemCount
  }

  /// The section index a ``Sections`` run declares (``Sections/indexTitles(_:target:)``).
  public func indexTitles(for collectionView: CollectionView) -> [String]? {
    guard let titles = declaredIndex?.titles, !titles.isEmpty else { return nil }
    return titles
  }

  /// The first item of the section title `index` jumps to.
  public func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> ItemPath {
    ItemPath(section: declaredIndex?.target(index) ?? index, item: 0)
  }

  /// The item's content, built now, in its cell.
  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  ) -> CollectionViewCell {
    // The common case, a body of one section of one group, in as small a function as can be
    // (the general case is kept apart, so that this one saves and restores little).
    // One unsigned comparison takes both bounds; the counts wrap rather than check (a cell
    // count and a nesting depth never reach Int.max).
    // `soleCount` is 0 whenever `soleMaker` is nil.
    if indexPath.section == 0, UInt(bitPattern: indexPath.item) < UInt(bitPattern: soleCount) {
      let maker = soleMaker.unsafelyUnwrapped
      statistics.cellsConfigured &+= 1
      cellsBeingMade &+= 1
      defer {
        cellsBeingMade &-= 1
        if cellsBeingMade == 0 && !retiredMakers.isEmpty { retiredMakers.removeAll() }
      }
      return maker._withUnsafeGuaranteedRef {
        $0.make($0, indexPath.item, indexPath, collectionView)
      }
    }
    return cell(locating: indexPath, in: collectionView)
  }

  /// The item's cell when the body has several sections or groups.
  @inline(never)
  private func cell(
    locating indexPath: ItemPath, in collectionView: CollectionView
  ) -> CollectionViewCell {
    // One group: its maker kept by the section. (The section is only read here, not held
    // across the call: no retain and release of it per new cell.)
    if let makeCell = singleMaker(for: indexPath) {
      statistics.cellsConfigured += 1
      return makeCell(indexPath.item, indexPath, collectionView)
    }
    guard let (entry, index) = locate(indexPath) else {
      // Never asked for outside the counts; a blank cell rather than a trap if it were.
      collectionView.diagnostics.report(
        .indexPathOutOfRange, "DeclarativeDataSource: no item at \(indexPath); a blank cell")
      return collectionView.dequeueListContentCell(for: indexPath, content: ListContent(""))
    }
    statistics.cellsConfigured += 1
    guard let maker = entry.maker else {
      return collectionView.dequeueListContentCell(for: indexPath, content: ListContent(""))
    }
    return maker(index, indexPath, collectionView)
  }

  /// The maker of the cell at `indexPath` when its section holds one group and the path is in
  /// range, else `nil`.
  @inline(__always)
  private func singleMaker(for indexPath: ItemPath) -> CellMaker? {
    guard indexPath.section >= 0 && indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.count else { return nil }
    return section.singleMaker
  }

  /// The section's header or footer as standard content (empty when it declares none).
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    let section = sections.indices.contains(indexPath.section) ? sections[indexPath.section] : nil
    let content: ListContent? =
      switch kind {
      case .header: section?.header
      case .footer: section?.footer
      default: nil
      }
    guard kind == .header || kind == .footer else {
      return collectionView.dequeuePlaceholderSupplementaryView(ofKind: kind, for: indexPath)
    }
    return collectionView.dequeueListContentSupplementaryView(
      ofKind: kind, for: indexPath, content: content ?? ListContent(""))
  }

  /// The group holding the item at `indexPath`, and the item's index in it.
  @inline(__always)
  func locate(_ indexPath: ItemPath) -> (GroupEntry, Int)? {
    guard indexPath.section >= 0 && indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.count else { return nil }
    if section.groups.count == 1 { return (section.groups[0], indexPath.item) }
    let group = section.group(containing: indexPath.item)
    return (section.groups[group], indexPath.item - section.starts[group])
  }

  // MARK: Evaluating

  /// Runs the body, watching what it reads, and resolves it into sections.
  func evaluate() -> SectionList {
    statistics.bodyEvaluations += 1
    var content = tracker.trackingBody(body)
    groupContext = GroupContext(
      expanded: expandedItemIdentifiers, expansionRevision: expansionRevision)
    declaresOutline = false
    declaredStacking = nil
    return resolve(&content)
  }

  func report(_ message: String) {
    guard reported.insert(message).inserted else { return }
    collectionView.diagnostics.report(.duplicateIdentifier, message)
  }

  /// Becomes the layout's span provider once a body declares spans (unless the app set one),
  /// whichever layout takes spans (`SpanProvidingLayout`).
  func installSpansIfNeeded() {
    guard declaresSpans, !hasInstalledSpans,
      let grid = collectionView.layout as? any SpanProvidingLayout, grid.spanProvider == nil
    else { return }
    hasInstalledSpans = true
    grid.spanProvider = { [weak self] path in self?.span(at: path) ?? .single }
  }

  /// The span the item at `indexPath`'s group declares for it; one column otherwise.
  public func span(at indexPath: ItemPath) -> ItemSpan {
    guard let (entry, index) = locate(indexPath) else { return .single }
    return entry.group.span(at: index) ?? .single
  }
}
