extension StagedChangeset {
  /// The changes from `source` to `target`, one section, with duplicated identifiers reported
  /// to `diagnostics`.
  @inlinable
  public init<Element: Differentiable>(
    source: [Element], target: [Element], contentUpdate: ContentUpdate = .reconfigure,
    diagnostics: Diagnostics?
  ) {
    self.init(source: source, target: target, contentUpdate: contentUpdate)
    reportDuplicates(to: diagnostics)
  }

  /// The changes from `source` to `target`, sections and items, with duplicated identifiers
  /// reported to `diagnostics`.
  @inlinable
  public init<Model: Differentiable, Element: Differentiable>(
    source: [ArraySection<Model, Element>], target: [ArraySection<Model, Element>],
    contentUpdate: ContentUpdate = .reconfigure, diagnostics: Diagnostics?
  ) {
    self.init(source: source, target: target, contentUpdate: contentUpdate)
    reportDuplicates(to: diagnostics)
  }

  @usableFromInline
  func reportDuplicates(to diagnostics: Diagnostics?) {
    guard duplicatedIdentifiers > 0, let diagnostics else { return }
    diagnostics.report(
      .duplicateIdentifier,
      "\(duplicatedIdentifiers) identifier(s) occur more than once; occurrences are matched "
        + "in order, and the extra ones deleted or inserted")
  }
}
