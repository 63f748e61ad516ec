extension CollectionView {
  /// The views waiting in the pool, per identifier slot. For tests.
  package var _pooledViews: [[ReusableView]] { reusePool.stacks }
}

extension ScrollView {
  /// A label invariant failures print first (a randomised test sets its seed and step here),
  /// so that a failed precondition still names the case that found it. For tests.
  package var _debugLabel: String {
    get { debugLabel }
    set { debugLabel = newValue }
  }
}
