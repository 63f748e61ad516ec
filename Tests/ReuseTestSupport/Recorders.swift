import ReuseKit

/// A cell that remembers what it was configured for and how often it was prepared.
package final class RecordingCell: CollectionViewCell {
  package var configuredPath: ItemPath?
  package var prepareCount = 0
  package var applyCount = 0
  package var preferredLength: Double?

  package override func prepareForReuse() {
    prepareCount += 1
    configuredPath = nil
  }

  package override func apply(_ layoutAttributes: LayoutAttributes) { applyCount += 1 }

  package override func preferredLayoutSize(fitting proposedSize: Size) -> Size? {
    preferredLength.map { Size(width: proposedSize.width, height: $0) }
  }
}

/// A header or footer that remembers its section.
package final class RecordingHeader: ReusableView {
  package var configuredSection: Int?
  package override func prepareForReuse() { configuredSection = nil }
}

/// One display or selection event, as the delegate heard it.
package enum Event: Equatable, CustomStringConvertible {
  case cellForItem(ItemPath)
  case willDisplay(ItemPath)
  case didEndDisplaying(ItemPath)
  case willDisplaySupplementary(SupplementaryKind, Int)
  case didEndDisplayingSupplementary(SupplementaryKind, Int)
  case didSelect(ItemPath)
  case didDeselect(ItemPath)
  case prefetch([ItemPath])
  case cancelPrefetch([ItemPath])

  package var description: String {
    switch self {
    case .cellForItem(let p): "cellForItem\(p)"
    case .willDisplay(let p): "willDisplay\(p)"
    case .didEndDisplaying(let p): "didEndDisplaying\(p)"
    case .willDisplaySupplementary(let k, let s): "willDisplay \(k) \(s)"
    case .didEndDisplayingSupplementary(let k, let s): "didEndDisplaying \(k) \(s)"
    case .didSelect(let p): "didSelect\(p)"
    case .didDeselect(let p): "didDeselect\(p)"
    case .prefetch(let p): "prefetch\(p)"
    case .cancelPrefetch(let p): "cancelPrefetch\(p)"
    }
  }
}

/// A data source, delegate and prefetcher over plain counts, recording every call.
package final class Recorder: CollectionViewDataSource, CollectionViewDelegate,
  CollectionViewDataSourcePrefetching
{
  package var counts: [Int]
  package var events: [Event] = []
  package var recordsEvents = true
  /// Cells displayed now according to the callbacks (willDisplay adds, didEndDisplaying
  /// removes), by cell: during an update animation a reloaded item's old cell fades out while
  /// its new one fades in, so paths alone can't pair the callbacks.
  package var displayedCells: [ObjectIdentifier: ItemPath] = [:]
  package var displayedSupplementaryViews: [ObjectIdentifier: String] = [:]
  /// The items displayed now, according to the callbacks.
  package var displayed: Set<ItemPath> { Set(displayedCells.values) }
  /// The supplementary views displayed now ("header3"), according to the callbacks.
  package var displayedSupplementary: Set<String> { Set(displayedSupplementaryViews.values) }
  package var pairingViolations: [String] = []
  package var refusesSelection: Set<ItemPath> = []
  package var lastCell: RecordingCell?
  /// The length each item measures at, answered through the delegate's size hook (estimated
  /// layouts ask it when cells show); `nil` leaves it to the cells.
  package var measuredLength: ((ItemPath) -> Double)?

  package init(counts: [Int]) { self.counts = counts }

  package func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

  package func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    counts[section]
  }

  package func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    if recordsEvents { events.append(.cellForItem(indexPath)) }
    let cell = collectionView.dequeueReusableCell(
      RecordingCell.self, withReuseIdentifier: "cell", for: indexPath)
    cell.configuredPath = indexPath
    lastCell = cell
    return cell
  }

  package func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      RecordingHeader.self, ofKind: kind, withReuseIdentifier: kind.rawValue, for: indexPath)
    view.configuredSection = indexPath.section
    return view
  }

  package func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    if recordsEvents { events.append(.willDisplay(indexPath)) }
    if displayedCells.updateValue(indexPath, forKey: ObjectIdentifier(cell)) != nil {
      pairingViolations.append("willDisplay \(indexPath) for a cell already displayed")
    }
  }

  package func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    if recordsEvents { events.append(.didEndDisplaying(indexPath)) }
    if displayedCells.removeValue(forKey: ObjectIdentifier(cell)) == nil {
      pairingViolations.append("didEndDisplaying \(indexPath) without willDisplay")
    }
  }

  package func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind kind: SupplementaryKind, at indexPath: ItemPath
  ) {
    if recordsEvents { events.append(.willDisplaySupplementary(kind, indexPath.section)) }
    if displayedSupplementaryViews.updateValue(
      "\(kind)\(indexPath.section)", forKey: ObjectIdentifier(view)) != nil
    {
      pairingViolations.append("willDisplay \(kind) \(indexPath.section) twice")
    }
  }

  package func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind kind: SupplementaryKind, at indexPath: ItemPath
  ) {
    if recordsEvents { events.append(.didEndDisplayingSupplementary(kind, indexPath.section)) }
    if displayedSupplementaryViews.removeValue(forKey: ObjectIdentifier(view)) == nil {
      pairingViolations.append("didEndDisplaying \(kind) \(indexPath.section) unpaired")
    }
  }

  package func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath
  )
    -> Bool
  { !refusesSelection.contains(indexPath) }

  package func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
  {
    events.append(.didSelect(indexPath))
  }

  package func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath
  ) {
    events.append(.didDeselect(indexPath))
  }

  package func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: ItemPath,
    fitting proposedSize: Size
  ) -> Size? {
    guard let measuredLength else { return nil }
    var size = proposedSize
    size[collectionView.collectionViewLayout.scrollDirection] = measuredLength(indexPath)
    return size
  }

  package func collectionView(
    _ collectionView: CollectionView, prefetchItemsAt indexPaths: [ItemPath]
  ) {
    events.append(.prefetch(indexPaths))
  }

  package func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [ItemPath]
  ) {
    events.append(.cancelPrefetch(indexPaths))
  }
}

package extension CollectionView {
  /// Runs any update animation to its end (two ticks: the first starts its clock).
  func settleUpdateAnimation() {
    let time = now + 10
    tick(now: time)
    tick(now: time + 10)
  }
}

/// Builds a collection view wired to a recorder, with cells and headers registered.
package func makeCollectionView(
  counts: [Int], layout: any CollectionViewLayout = ListLayout(itemSizing: .uniform(10)),
  viewport: Size = Size(width: 100, height: 100)
) -> (CollectionView, Recorder) {
  let collectionView = makeTestView(
    layout: layout, viewport: viewport, cell: RecordingCell.self, header: RecordingHeader.self)
  collectionView.register(
    RecordingHeader.self, forSupplementaryViewOfKind: .footer, withReuseIdentifier: "footer")
  let recorder = Recorder(counts: counts)
  collectionView.delegate = recorder
  collectionView.dataSource = recorder
  return (collectionView, recorder)
}

/// A collection view for tests: no diagnostics printed, `cell` registered as "cell" and
/// `header` as "header".
package func makeTestView(
  layout: any CollectionViewLayout, viewport: Size, cell: CollectionViewCell.Type,
  header: ReusableView.Type
) -> CollectionView {
  let view = CollectionView(layout: layout, viewportSize: viewport)
  view.register(cell, forCellWithReuseIdentifier: "cell")
  view.register(header, forSupplementaryViewOfKind: .header, withReuseIdentifier: "header")
  return view
}
