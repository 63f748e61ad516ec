import ReuseControls
import ReuseKit

/// A table cell: its text (or a placeholder while its row loads), right-aligned for numbers,
/// marked when a find matched it.
public protocol TableCellPresenting: CollectionViewCell {
  /// Shows `text` (`nil`: a placeholder), aligned right when `isNumeric`, marked when
  /// `isMatch`.
  func present(text: String?, isNumeric: Bool, isMatch: Bool)
  /// Shows the cell as a text field being edited (after ``present(text:isNumeric:isMatch:)``),
  /// or not (`nil`): the field's text and caret in place of the cell's text.
  func present(editing field: TextFieldState?)
}

/// A column header: its title, whether the table is sorted by it (and which way), and its
/// alignment.
public protocol TableHeaderPresenting: ReusableView {
  /// Shows a header.
  func present(title: String, sortedAscending: Bool?, isNumeric: Bool)
}
