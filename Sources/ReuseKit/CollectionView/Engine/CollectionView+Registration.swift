extension CollectionView {
  // MARK: Registering

  /// Registers a cell class under `identifier`; the collection view creates instances with
  /// `init()` when the pool is empty. Registering an identifier again replaces the class.
  public func register(
    _ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String
  ) {
    addRegistration(identifier, kind: nil, viewType: cellClass) { cellClass.init() }
  }

  /// Registers a factory for cells under `identifier`.
  public func register(
    forCellWithReuseIdentifier identifier: String,
    factory: @escaping () -> CollectionViewCell
  ) {
    addRegistration(identifier, kind: nil, viewType: nil, factory: factory)
  }

  /// Registers a supplementary view class for `kind` under `identifier`.
  public func register(
    _ viewClass: ReusableView.Type, forSupplementaryViewOfKind kind: SupplementaryKind,
    withReuseIdentifier identifier: String
  ) {
    addRegistration(identifier, kind: kind, viewType: viewClass) { viewClass.init() }
  }

  /// Registers a factory for supplementary views of `kind` under `identifier`.
  public func register(
    forSupplementaryViewOfKind kind: SupplementaryKind, withReuseIdentifier identifier: String,
    factory: @escaping () -> ReusableView
  ) {
    addRegistration(identifier, kind: kind, viewType: nil, factory: factory)
  }

  private func addRegistration(
    _ identifier: String, kind: SupplementaryKind?, viewType: ReusableView.Type?,
    factory: @escaping () -> ReusableView
  ) {
    let registration = Registration(
      identifier: identifier, kind: kind, viewType: viewType, factory: factory)
    if let slot = registry.slots[identifier] {
      let existing = registry.registrations[slot]
      require(
        (existing.kind == nil) == (kind == nil),
        "Reuse identifier \"\(identifier)\" is already registered for "
          + (existing.kind == nil ? "cells" : "supplementary views")
          + "; use a different identifier for each role.")
      registry.registrations[slot] = registration
    } else {
      registry.slots[identifier] = registry.registrations.count
      registry.registrations.append(registration)
      registry.poolSlots.append(reusePool.slot(for: identifier))
      registry.counters.append(ReuseCounters())
    }
    registry.lastDequeued = ("", -1)
  }

  /// What is registered for cells under `identifier`: `.type(T)` for a class, `.factory` for a
  /// closure, or `nil` when nothing is (or the identifier is used for supplementary views).
  public func cellRegistration(forReuseIdentifier identifier: String) -> CellRegistration? {
    guard let slot = registry.slots[identifier], registry.registrations[slot].kind == nil else {
      return nil
    }
    return registry.registrations[slot].viewType.map { .type($0) } ?? .factory
  }

  // MARK: Dequeuing

  /// A cell for `indexPath`: an idle one from the pool (after `prepareForReuse()`), or a new
  /// one from the registration.
  ///
  /// Call it from ``CollectionViewDataSource/collectionView(_:cellForItemAt:)`` only.
  ///
  /// - Precondition: a cell is registered under `identifier`.
  /// - Complexity: O(1); no allocation when the pool has a cell.
  public func dequeueReusableCell(
    withReuseIdentifier identifier: String, for indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    checkedCell(dequeueView(identifier, kind: nil), identifier: identifier)
  }

  /// The view dequeued for cell `identifier`, not yet known to be a cell: for a caller that
  /// compares its class with the one it expects first (the declarative layer's cell makers),
  /// and passes any other to ``checkedCell(_:identifier:)``.
  @inlinable
  package func dequeueCellView(withReuseIdentifier identifier: String) -> ReusableView {
    dequeueView(identifier, kind: nil)
  }

  /// `view` as a cell; stops, naming its class, when a view that is not a cell was registered
  /// under cell `identifier`.
  @usableFromInline
  package func checkedCell(_ view: ReusableView, identifier: String) -> CollectionViewCell {
    guard view.isCell else {
      misuse(
        "The view registered for cell identifier \"\(identifier)\" is \(type(of: view)), which is "
          + "not a CollectionViewCell; register a CollectionViewCell subclass.")
    }
    return unsafeDowncast(view, to: CollectionViewCell.self)
  }

  /// A cell of type `Cell` for `indexPath`, without a cast at the call site.
  ///
  /// Inlinable so that the cast specializes to `Cell` in the caller's module: it runs once per
  /// entering cell, on the per-frame path.
  ///
  /// - Precondition: `Cell` (or a subclass) is what is registered under `identifier`.
  /// - Complexity: O(1); no allocation when the pool has a cell.
  @inlinable
  public func dequeueReusableCell<Cell: CollectionViewCell>(
    _ type: Cell.Type, withReuseIdentifier identifier: String, for indexPath: ItemPath
  ) -> Cell {
    let view = dequeueView(identifier, kind: nil)
    // The class registered is the one asked for, nearly always: its metadata compared, no
    // cast (two casts, to a cell and to `Cell`, walked the class chains: about 30
    // instructions a cell, 2,900 of a table's jump). A subclass takes the cast.
    if ObjectIdentifier(Swift.type(of: view)) == ObjectIdentifier(Cell.self) {
      return unsafeDowncast(view, to: Cell.self)
    }
    if let typed = view as? Cell { return typed }
    wrongCellType(view, expected: Cell.self, identifier: identifier)
  }

  /// Stops with a message naming the registered type and the requested one.
  @usableFromInline
  func wrongCellType(_ cell: ReusableView, expected: Any.Type, identifier: String) -> Never {
    let registered = registry.slots[identifier].map {
      registry.registrations[$0].typeDescription
    }
    misuse(
      "dequeueReusableCell(\(expected).self, withReuseIdentifier: \"\(identifier)\"): the cell "
        + "registered for \"\(identifier)\" is \(registered ?? "?") (this one is "
        + "\(Swift.type(of: cell))), not \(expected). Register \(expected) under "
        + "\"\(identifier)\", or dequeue the type you registered.")
  }

  /// A supplementary view of `kind` for `indexPath.section`, from the pool or new.
  ///
  /// - Precondition: a view is registered for `kind` under `identifier`.
  public func dequeueReusableSupplementaryView(
    ofKind kind: SupplementaryKind, withReuseIdentifier identifier: String, for indexPath: ItemPath
  ) -> ReusableView {
    dequeueView(identifier, kind: kind)
  }

  /// A supplementary view of type `View`, without a cast at the call site.
  public func dequeueReusableSupplementaryView<View: ReusableView>(
    _ type: View.Type, ofKind kind: SupplementaryKind, withReuseIdentifier identifier: String,
    for indexPath: ItemPath
  ) -> View {
    let view = dequeueView(identifier, kind: kind)
    if let typed = view as? View { return typed }
    misuse(
      "dequeueReusableSupplementaryView(\(View.self).self, ofKind: \(kind), withReuseIdentifier: "
        + "\"\(identifier)\"): the view registered is \(Swift.type(of: view)), not \(View.self).")
  }

  /// `provider`'s view, or the blank placeholder when there is none: the one fallback the
  /// data sources share.
  func supplementaryView(
    from provider: ((CollectionView, SupplementaryKind, ItemPath) -> ReusableView)?,
    ofKind kind: SupplementaryKind, at indexPath: ItemPath
  ) -> ReusableView {
    provider?(self, kind, indexPath)
      ?? dequeuePlaceholderSupplementaryView(ofKind: kind, for: indexPath)
  }

  /// The blank view the default supplementary provider returns.
  package func dequeuePlaceholderSupplementaryView(
    ofKind kind: SupplementaryKind, for indexPath: ItemPath
  )
    -> ReusableView
  {
    let identifier = "ReuseKit.placeholder.\(kind.rawValue)"
    if registry.slots[identifier] == nil {
      register(ReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
    }
    if !registry.reportedMissingSupplementaryProvider {
      registry.reportedMissingSupplementaryProvider = true
      diagnostics.report(
        .invalidConfiguration,
        "the layout places \(kind) views but the data source does not implement "
          + "collectionView(_:viewForSupplementaryElementOfKind:at:); showing blank views")
    }
    return dequeueView(identifier, kind: kind)
  }

  /// A blank cell for an item a data source cannot show (its own data went away, say):
  /// return it from `collectionView(_:cellForItemAt:)` instead of trapping. It needs no
  /// registration and shows nothing; the next reload replaces it.
  public func dequeueBlankCell(for indexPath: ItemPath) -> CollectionViewCell {
    let identifier = "ReuseKit.blank.cell"
    if registry.slots[identifier] == nil {
      register(CollectionViewCell.self, forCellWithReuseIdentifier: identifier)
    }
    return dequeueView(identifier, kind: nil) as! CollectionViewCell
  }

  /// Pops a view for `identifier` from the pool, or creates one.
  @usableFromInline
  func dequeueView(_ identifier: String, kind: SupplementaryKind?) -> ReusableView {
    if let view = registry.reconfiguringView, view.reuseIdentifier == identifier {
      // A reconfigure: the current view, as it is (no `prepareForReuse`).
      registry.reconfiguringView = nil
      return view
    }
    let slot: Int
    if identifier == registry.lastDequeued.identifier {
      slot = registry.lastDequeued.slot
    } else {
      guard let found = registry.slots[identifier] else {
        misuse(
          "No \(kind == nil ? "cell" : "supplementary view") is registered under reuse "
            + "identifier \"\(identifier)\"; call register(_:for\(kind == nil ? "Cell" : "SupplementaryViewOfKind:")"
            + "WithReuseIdentifier:) before dequeuing.")
      }
      slot = found
      registry.lastDequeued = (identifier, slot)
    }
    // The pool is lent unretained: taking a view runs no code outside it.
    let poolSlot = registry.poolSlots[slot]
    if let view = Unmanaged.passUnretained(reusePool)._withUnsafeGuaranteedRef({
      $0.dequeue(slot: poolSlot)
    }) {
      if view.registrationSlot != slot || view.ownerID != ObjectIdentifier(self) {
        checkRole(of: slot, identifier: identifier, kind: kind)
        if view.ownerID != ObjectIdentifier(self) {
          view.owner?.relinquish(view)
          view.owner = self
        }
        view.registrationSlot = slot
      }
      view.dequeuedBy = ObjectIdentifier(self)
      registry.counters[slot].reused += 1
      registry.totals.reused += 1
      view.prepareForReuse()
      return view
    }
    checkRole(of: slot, identifier: identifier, kind: kind)
    let view = registry.registrations[slot].factory()
    view.reuseIdentifier = identifier
    view.owner = self
    view.registrationSlot = slot
    view.reuseState = .dequeued
    view.dequeuedBy = ObjectIdentifier(self)
    registry.counters[slot].created += 1
    registry.totals.created += 1
    return view
  }

  /// Stops when an identifier registered for cells is dequeued as a supplementary view, or the
  /// reverse. (A view that comes back to the same slot passed this check when it was made.)
  private func checkRole(of slot: Int, identifier: String, kind: SupplementaryKind?) {
    let registration = registry.registrations[slot]
    require(
      (registration.kind == nil) == (kind == nil),
      "Reuse identifier \"\(identifier)\" is registered for "
        + (registration.kind == nil ? "cells" : "supplementary views") + ", not for "
        + (kind == nil ? "cells" : "supplementary views") + ".")
  }
}

extension CollectionView: ReuseOwner {
  func reusePool(_ pool: ReusePool, didDiscard view: ReusableView) {
    if view.registrationSlot >= 0 && view.registrationSlot < registry.counters.count {
      registry.counters[view.registrationSlot].discarded += 1
    }
    registry.totals.discarded += 1
    relinquish(view)
  }

  /// Takes `view` out of this collection view's host, because a pool dropped it or another
  /// collection view sharing the pool took it.
  func relinquish(_ view: ReusableView) {
    if view.isAttached {
      view.isAttached = false
      host?.collectionView(self, detach: view)
    }
  }
}

/// What a collection view has registered under a cell reuse identifier.
public enum CellRegistration {
  /// A class, created with `init()`.
  case type(ReusableView.Type)
  /// A factory closure (its type is known only once it makes a cell).
  case factory
}

extension CollectionView {
  /// What is registered, per identifier slot, beside where its views wait in the pool and
  /// what the reuse engine has done with them: plain arrays, so that the per-view bookkeeping
  /// touches no object.
  struct Registry {
    var registrations: [Registration] = []
    /// Per registration slot: its identifier's slot in the pool.
    var poolSlots: [Int] = []
    /// Per registration slot: its counters.
    var counters: [ReuseCounters] = []
    /// Across all identifiers.
    var totals = ReuseCounters()
    var slots: [String: Int] = [:]
    /// The last identifier dequeued and its slot: most frames dequeue one identifier
    /// repeatedly.
    var lastDequeued: (identifier: String, slot: Int) = ("", -1)
    /// The cell a reconfigure is asking the data source about: dequeuing its identifier
    /// returns it, unprepared, as UIKit's reconfigure does.
    var reconfiguringView: ReusableView?
    var reportedMissingSupplementaryProvider = false

    /// Every registration's pool slot, in `pool`.
    mutating func movePoolSlots(to pool: ReusePool) {
      for (slot, registration) in registrations.enumerated() {
        poolSlots[slot] = pool.slot(for: registration.identifier)
      }
    }
  }

  /// What the reuse engine has done, across all identifiers.
  public var reuseCounters: ReuseCounters { registry.totals }

  /// Every identifier a view is registered under, in registration order (the blank
  /// placeholders' included once used).
  public var registeredReuseIdentifiers: [String] { registry.registrations.map(\.identifier) }

  /// What the reuse engine has done for one identifier.
  public func reuseCounters(forReuseIdentifier identifier: String) -> ReuseCounters {
    registry.slots[identifier].map { registry.counters[$0] } ?? ReuseCounters()
  }

  /// One registered view type or factory.
  final class Registration {
    let identifier: String
    /// `nil` for cells; the kind for supplementary views.
    let kind: SupplementaryKind?
    let factory: () -> ReusableView
    /// The registered class, or `nil` for a factory closure.
    let viewType: ReusableView.Type?
    /// The registered class's name, or "a factory closure", for error messages.
    var typeDescription: String { viewType.map { String(describing: $0) } ?? "a factory closure" }

    init(
      identifier: String, kind: SupplementaryKind?, viewType: ReusableView.Type?,
      factory: @escaping () -> ReusableView
    ) {
      self.identifier = identifier
      self.kind = kind
      self.viewType = viewType
      self.factory = factory
    }
  }
}
