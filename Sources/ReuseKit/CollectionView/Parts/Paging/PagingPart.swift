/// What the paging part drives: a data source with work on the host's clock, such as one whose
/// items load a page at a time (``PagedDataSource``) or a declarative one whose body changed.
package protocol PagingDriver: AnyObject {
  /// Whether loads run, or have brought what is not shown yet: the host keeps ticking.
  var hasPendingWork: Bool { get }
  /// Shows what loads brought (on a tick, never inside a pass).
  func applyArrivals(in view: CollectionView)
  /// A pass ended: the displayed items may be others now.
  func displayedItemsDidChange(in view: CollectionView)
  /// Whether it hears of passes (``displayedItemsDidChange(in:)``). A driver that only needs
  /// ticks says `false`, and the part then takes no part in passes (it would be asked about
  /// every view displayed). `true` by default.
  var observesPasses: Bool { get }
}

extension PagingDriver {
  package var observesPasses: Bool { true }
}

extension CollectionView {
  /// Attaches the data source that has work on the host's clock (one at a time), or detaches
  /// it with `nil`.
  package func attachDriver(_ driver: (any PagingDriver)?) {
    paging.attach(driver, to: self)
  }
}

/// The paging part of a collection view: while a paged data source is attached, it tells it
/// after every pass which items are displayed (so loads start and stop), and on each tick lets
/// it show what loads brought. It takes part in passes only while a source is attached.
final class PagingPart: CollectionViewPart, LayoutPassParticipant {
  /// The paged data source. Held weakly.
  private(set) weak var driver: (any PagingDriver)?
  /// Whether a driver was attached: a collection view without one pays a load of this flag
  /// per tick question, not a weak load.
  @exclusivity(unchecked) private var isAttached = false

  /// Attaches `driver` (or, `nil`, detaches the one attached).
  func attach(_ driver: (any PagingDriver)?, to view: CollectionView) {
    self.driver = driver
    isAttached = driver != nil
    if let driver, driver.observesPasses { view.join(self) } else { view.leave(self) }
  }

  /// Whether loads need the host's clock.
  @inline(__always)
  func needsTicks(in view: CollectionView) -> Bool {
    isAttached && (driver?.hasPendingWork ?? false)
  }

  /// One tick: what arrived is shown.
  @inline(__always)
  func advance(in view: CollectionView) {
    guard isAttached, let driver else { return }
    if driver.hasPendingWork { driver.applyArrivals(in: view) }
  }

  func collectionViewDidFinishPass(_ collectionView: CollectionView) {
    guard let driver else {
      isAttached = false
      return collectionView.leave(self)
    }
    driver.displayedItemsDidChange(in: collectionView)
  }
}
