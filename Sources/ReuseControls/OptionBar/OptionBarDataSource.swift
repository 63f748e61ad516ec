import ReuseKit

/// How a selection change came about.
public enum SelectionOrigin: Hashable, Sendable {
  /// A tap on a column.
  case tap
  /// The strip was slid until a column settled in the centre (with
  /// ``OptionBar/selectsCenteredColumnOnSlide``).
  case slide
  /// Code: ``OptionBar/select(_:animated:)`` or ``OptionBar/deselect(animated:)``.
  case programmatic
}

/// Supplies an option bar's columns.
public protocol OptionBarDataSource: AnyObject {
  /// The number of columns (0 is fine).
  func numberOfColumns(in optionBar: OptionBar) -> Int
  /// A dequeued cell for the column, configured: use ``OptionBar/dequeueReusableCell(_:withReuseIdentifier:forColumnAt:)``.
  func optionBar(_ optionBar: OptionBar, cellForColumnAt index: Int) -> CollectionViewCell
}

/// Hears about an option bar's columns and selection. Every method has a default.
public protocol OptionBarDelegate: AnyObject {
  /// The width of a column; the default is ``OptionBar/columnWidth``.
  func optionBar(_ optionBar: OptionBar, widthForColumnAt index: Int) -> Double
  /// A column's cell is about to show.
  func optionBar(
    _ optionBar: OptionBar, willDisplay cell: CollectionViewCell, forColumnAt index: Int)
  /// A column's cell stopped showing.
  func optionBar(
    _ optionBar: OptionBar, didEndDisplaying cell: CollectionViewCell, forColumnAt index: Int)
  /// A column became the selection.
  func optionBar(_ optionBar: OptionBar, didSelectColumnAt index: Int, origin: SelectionOrigin)
  /// A column stopped being the selection.
  func optionBar(_ optionBar: OptionBar, didDeselectColumnAt index: Int, origin: SelectionOrigin)
  /// The columns are about to be read again.
  func optionBarWillReload(_ optionBar: OptionBar)
  /// The columns were read again.
  func optionBarDidReload(_ optionBar: OptionBar)
}

extension OptionBarDelegate {
  /// ``OptionBar/columnWidth``.
  public func optionBar(_ optionBar: OptionBar, widthForColumnAt index: Int) -> Double {
    optionBar.columnWidth
  }
  /// Nothing.
  public func optionBar(
    _ optionBar: OptionBar, willDisplay cell: CollectionViewCell, forColumnAt index: Int
  ) {}
  /// Nothing.
  public func optionBar(
    _ optionBar: OptionBar, didEndDisplaying cell: CollectionViewCell, forColumnAt index: Int
  ) {}
  /// Nothing.
  public func optionBar(
    _ optionBar: OptionBar, didSelectColumnAt index: Int, origin: SelectionOrigin
  ) {}
  /// Nothing.
  public func optionBar(
    _ optionBar: OptionBar, didDeselectColumnAt index: Int, origin: SelectionOrigin
  ) {}
  /// Nothing.
  public func optionBarWillReload(_ optionBar: OptionBar) {}
  /// Nothing.
  public func optionBarDidReload(_ optionBar: OptionBar) {}
}
