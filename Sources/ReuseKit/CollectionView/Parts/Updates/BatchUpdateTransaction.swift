/// One validated batch update, applied to a collection view in named steps:
///
/// 1. ``captureAnchor(in:)``: the item to keep in its place on screen;
/// 2. ``followSelection(in:)``: the selection and the focus follow their items;
/// 3. ``carryOnPreviousAnimation(in:)``: views still leaving from an interrupted animation go
///    on leaving (or settle at once, unanimated);
/// 4. ``remapDisplayedViews(in:)``: displayed views follow their items; removed ones leave;
/// 5. ``updateLayout(in:)``: the new counts, and the layout's update;
/// 6. ``restoreAnchor(in:)``: the anchor keeps its place (``CollectionView/restoreScrollAnchor(_:clamping:)``,
///    shared with self-sizing);
/// 7. ``showResult(in:)``: the pass that shows the new state (views entering or leaving in it
///    are the update's);
/// 8. ``reconfigureDisplayedViews(in:)`` and ``finishIfStill(in:)``.
///
/// Everything starts from where views are drawn now (mid-way through a previous animation,
/// perhaps), so an update never jumps.
struct BatchUpdateTransaction {
  let changeset: Changeset
  let mapping: ChangesetMapping
  let newCounts: ItemCountList
  let completions: [(Bool) -> Void]
  /// The animation this update runs, or `nil` to apply it at once.
  let animation: UpdateAnimation?
  /// The animation the update interrupts, if any.
  let previous: UpdateAnimation?
  private var anchor: CollectionView.ScrollAnchor?
  /// Chat mode, at the end: the end stays in view instead of an item.
  private var keepsEnd = false
  /// Home under way: the first item before the update (its new path) and how far past the
  /// start it was, should items inserted before it move the start away.
  private var firstItem: (path: ItemPath, gap: Double)?

  /// An update animated over `duration` seconds (0: applied at once).
  init(
    changeset: Changeset, mapping: ChangesetMapping, newCounts: ItemCountList, duration: Double,
    completions: [(Bool) -> Void], previous: UpdateAnimation?
  ) {
    self.changeset = changeset
    self.mapping = mapping
    self.newCounts = newCounts
    self.completions = completions
    self.previous = previous
    animation = duration > 0 ? UpdateAnimation(duration: duration) : nil
    animation?.completions = completions
  }

  /// Runs every step.
  mutating func run(on collectionView: CollectionView) {
    captureAnchor(in: collectionView)
    partsFollow(in: collectionView)
    carryOnPreviousAnimation(in: collectionView)
    remapDisplayedViews(in: collectionView)
    collectionView.refreshFocusFlags()
    updateLayout(in: collectionView)
    restoreAnchor(in: collectionView)
    showResult(in: collectionView)
    reconfigureDisplayedViews(in: collectionView)
    finishIfStill(in: collectionView)
    #if REUSEKIT_CHECKS
      collectionView._checkInvariants()
    #endif
  }

  // MARK: Steps

  /// The first displayed item reaching into the viewport that the update keeps in place (not
  /// deleted, not moved itself or with its section). Scrolled to the very top, the content
  /// stays at the top instead, so what is inserted there shows, as a feed expects.
  mutating func captureAnchor(in view: CollectionView) {
    let axis = view.collectionViewLayout.scrollDirection
    let offset = view.contentOffset[axis]
    // Chat mode: at the end, the end stays in view; elsewhere, even at the very top (where
    // older items are prepended), the first visible item keeps its place.
    if view.keepsEndInView {
      keepsEnd = true
      return
    }
    if view.aimsAtStart, let first = view.indexPath(forFlatIndex: 0),
      let frame = view.collectionViewLayout.layoutAttributesForItem(at: first)?.frame,
      let path = mapping.newIndexPath(forOld: first)
    {
      firstItem = (path, frame.min(axis) - view.minimumContentOffset[axis])
    }
    guard view.updates.anchorsFirstVisibleItem,
      offset > view.minimumContentOffset[axis] || view.anchorsToEnd
    else { return }
    // The first item on screen that stays where it was in the order.
    let mapping = self.mapping
    guard
      let first = view.firstDisplayedItem(
        reachingPast: offset, along: axis,
        where: {
          !mapping.isMoved($0.indexPath) && !mapping.isSectionMoved($0.indexPath.section)
            && mapping.newIndexPath(forOld: $0.indexPath) != nil
        }),
      let path = mapping.newIndexPath(forOld: first.indexPath)
    else { return }
    anchor = CollectionView.ScrollAnchor(indexPath: path, onScreen: first.frame.min(axis) - offset)
  }

  /// Every part follows the update: the selection its items (deleted ones leave it), the
  /// focus its item or a neighbour when the item goes (the cells' flags are set once they are
  /// remapped), drags, rails and size changes theirs; prefetches are cancelled.
  func partsFollow(in view: CollectionView) {
    let change = DataChange.update(mapping, oldCounts: view.itemCounts, newCounts: newCounts)
    view.forEachPart { $0.dataDidChange(change, in: view) }
  }

  /// Views still fading or sliding away from the interrupted animation carry on in this one,
  /// following their items if the items survive this update too; unanimated, they settle
  /// right after the update.
  func carryOnPreviousAnimation(in view: CollectionView) {
    guard let previous else { return }
    let fraction = previous.fraction(at: view.now)
    for item in previous.disappearing {
      guard let animation else {
        view.updates.settlingViews.append(item)
        continue
      }
      var attributes = item.attributes
      var follows = item.followsItem
      if follows, attributes.category == .cell {
        if let path = mapping.newIndexPath(forOld: attributes.indexPath) {
          attributes.indexPath = path
        } else {
          follows = false
        }
      } else if follows, let section = mapping.newSection(forOld: attributes.indexPath.section) {
        attributes.indexPath.section = section
      } else {
        follows = false
      }
      animation.disappear(
        item.view, attributes, from: item.from.interpolated(to: item.to, fraction: fraction),
        to: item.to, followsItem: follows)
    }
  }

  /// Displayed views follow their items (a moved item keeps its cell; a reloaded one gets a
  /// new one); removed ones fade out, or end at once without an animation.
  func remapDisplayedViews(in view: CollectionView) {
    let animation = self.animation
    let fraction = previous?.fraction(at: view.now) ?? 0
    let previous = self.previous
    let context = view.passContext
    func drawn(_ displayed: ReusableView, _ attributes: LayoutAttributes) -> LayoutAttributes {
      guard let start = previous?.startAttributes[ObjectIdentifier(displayed)] else {
        return attributes
      }
      return start.interpolated(to: attributes, fraction: fraction)
    }
    let removed: (ReusableView, LayoutAttributes) -> Void = { displayed, attributes in
      if let animation {
        let from = drawn(displayed, attributes)
        var faded = from
        faded.alpha = 0
        animation.disappear(displayed, attributes, from: from, to: faded, followsItem: false)
      } else {
        view.endDisplaying(displayed, attributes, context)
      }
    }
    let mapping = self.mapping
    func follow(_ displayed: ReusableView, to moved: LayoutAttributes) -> LayoutAttributes {
      displayed.layoutAttributes = moved
      displayed.apply(moved)
      return moved
    }
    view.displayedItems.remap(
      { displayed, attributes in
        animation?.startAttributes[ObjectIdentifier(displayed)] = drawn(displayed, attributes)
        guard !mapping.isReloaded(attributes.indexPath),
          let path = mapping.newIndexPath(forOld: attributes.indexPath)
        else { return nil }
        var moved = attributes
        moved.indexPath = path
        return follow(displayed, to: moved)
      }, removed: removed)
    view.displayedSupplementaryViews.remap(
      { displayed, attributes in
        animation?.startAttributes[ObjectIdentifier(displayed)] = drawn(displayed, attributes)
        let old = attributes.indexPath.section
        guard !mapping.isSectionReloaded(old), let section = mapping.newSection(forOld: old) else {
          return nil
        }
        var moved = attributes
        moved.indexPath = ItemPath(section: section, item: 0)
        return follow(displayed, to: moved)
      }, removed: removed)
    for item in animation?.disappearing ?? [] {
      animation?.startAttributes[ObjectIdentifier(item.view)] = nil
    }
  }

  /// The new counts, and the layout's update: content changes invalidate from the first item
  /// they touch; structural ones let the layout carry its per-item state (measured sizes) to
  /// the items' new places (an append keeps everything placed).
  func updateLayout(in view: CollectionView) {
    let layout = view.collectionViewLayout
    view.setItemCounts(newCounts)
    if changeset.isContentOnly && changeset.reloadedSections.isEmpty {
      let updated = (changeset.reloadedItems + changeset.reconfiguredItems).compactMap {
        mapping.newIndexPath(forOld: $0)
      }
      if let first = updated.min() { layout.invalidateLayout(from: first) }
    } else {
      layout.prepare(forCollectionViewUpdates: mapping)
    }
    view.stopBeforeResize = nil  // the update's anchor keeps what is on screen instead
    view.prepareLayout()
  }

  /// The anchor keeps its place on screen, and the content comes back in bounds when nothing
  /// moves it; every animation start moves with the content.
  func restoreAnchor(in view: CollectionView) {
    view.updates.setAnimation(animation, in: view)
    let before = view.contentOffset
    if keepsEnd {
      view.restoreEnd()
    } else {
      view.restoreScrollAnchor(anchor, clamping: .toContentWhenIdle)
    }
    // Home or End under way, and items arrived above what is on screen (older history at the
    // top): it goes on to where it was heading, moved with the content, not to the new edge.
    // Home aims at the item that was first, as at an item scrolled to: the inserted items'
    // sizes, measured as they come near, move it, and a fixed offset landed in the middle of
    // a message (a new user's finding, the chat's second Home).
    guard view.aimsAtEdge && view.contentOffset != before else { return }
    view.animationAim = nil
    if let (path, gap) = firstItem {
      let axis = view.collectionViewLayout.scrollDirection
      // `.start` keeps the inset and the pinned header before the item; the padding is the
      // rest of the gap (a section's inset or its unpinned header).
      let padding =
        gap - view.contentInset.leading(axis)
        - view.collectionViewLayout.pinnedLengths(inSection: path.section).leading
      view.aim(at: path, .start, padding: max(0, padding))
    }
  }

  /// The pass that shows the result: views entering or leaving in it are the update's (they
  /// fade in, or slide away to their item's new place).
  func showResult(in view: CollectionView) {
    animation?.isCapturing = true
    view.setNeedsLayout()
    view.layoutIfNeeded()
    animation?.isCapturing = false
  }

  /// Reconfigured items and sections that stay displayed are configured again in place.
  func reconfigureDisplayedViews(in view: CollectionView) {
    let items = Set(changeset.reconfiguredItems.compactMap { mapping.newIndexPath(forOld: $0) })
    let sections = Set(
      changeset.reconfiguredSections.compactMap { mapping.newSection(forOld: $0) })
    guard !items.isEmpty || !sections.isEmpty else { return }
    view.reconfigureDisplayedViews(items: items, sections: sections, view.passContext)
  }

  /// An animation with nothing to show ends now; without one, the completions run now.
  func finishIfStill(in view: CollectionView) {
    guard let animation else {
      for completion in completions { completion(true) }
      return
    }
    for set in [view.displayedItems, view.displayedSupplementaryViews] {
      for index in 0..<set.count {
        let key = ObjectIdentifier(set.view(at: index))
        if let start = animation.startAttributes[key], start == set.attributes[index] {
          animation.startAttributes[key] = nil
        }
      }
    }
    if animation.startAttributes.isEmpty && animation.disappearing.isEmpty {
      view.updates.finishAnimation(finished: true, in: view)
    }
  }
}
