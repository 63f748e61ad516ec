import ReuseKit

extension OutlineGroup {
  /// Keeps the parents of the rows at the top of the viewport stuck there, one under the
  /// other, as a file tree's sticky scroll does (VS Code's): each stays until its last
  /// descendant scrolls past, then the next pushes it up. The data source gives them to its
  /// `ListLayout` (``DeclarativeDataSource/stackedHeaders(maximumRows:maximumFraction:)``);
  /// in another layout they do nothing.
  ///
  /// - Parameters:
  ///   - maximumRows: the most rows stuck at once (5, as VS Code's default).
  ///   - maximumFraction: the most of the viewport's length they cover (0.4).
  public func stackedHeaders(maximumRows: Int = 5, maximumFraction: Double = 0.4) -> Self {
    var copy = self
    // As `StackedHeaders` takes them, so that the same declaration compares equal each time
    // (a NaN never would, and the layout would be given new headers at every update).
    copy.stacking = (
      max(0, maximumRows),
      maximumFraction.isFinite ? min(max(0, maximumFraction), 1) : 0.4
    )
    return copy
  }
}

extension OutlineGroup {
  /// Watches what each displayed row's content reads of `Observable` models, as for elements
  /// that are `Observable` classes (watched without this): for values whose rows read a model
  /// beside them, as ``ForEach/observesModels()`` does for a `ForEach`.
  public func observesModels() -> Self {
    var copy = self
    copy.watchesModels = true
    return copy
  }
}

extension OutlineGroup {
  /// The text a search (`ItemSearch`, a host's type-ahead) finds a row by: for rows of content
  /// of your own (standard content is found by its text without this), as
  /// ``ForEach/searchable(_:)`` is for a `ForEach`. Without it such rows are found by nothing
  /// (a GTK outline's type-ahead matched no row: a new user's finding).
  public func searchable(_ text: @escaping (Data.Element) -> String) -> Self {
    var copy = self
    copy.searchText = text
    return copy
  }
}
