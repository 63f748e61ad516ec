import ReuseKit

/// A cell that draws itself in a terminal. Subclass it and override ``draw(in:)``.
///
/// The host calls ``draw(in:)`` every frame the cell is displayed, after the collection view's
/// layout pass. Draw only into the context: it clips to the visible part of the cell. Keep
/// configuration in properties set by the data source; `prepareForReuse()` should reset them.
open class TerminalCell: CollectionViewCell {
  /// Creates a cell. The collection view calls this; don't call it from `cellForItemAt`.
  public required init() { super.init() }

  /// Draws the cell. The default fills it with the terminal's default style.
  open func draw(in context: DrawContext) {
    context.fill(.plain)
  }
}

/// A header, footer or other supplementary view that draws itself in a terminal.
open class TerminalSupplementaryView: ReusableView {
  /// Creates a view. The collection view calls this.
  public required init() { super.init() }

  /// Draws the view. The default fills it with the terminal's default style.
  open func draw(in context: DrawContext) {
    context.fill(.plain)
  }
}
