import ReuseKit

// What the page models hand their cells: each host's cells adopt these and draw the content
// their own way. A model registers nothing: the host registers its cells under the model's
// identifiers, and the model's data sources dequeue and configure them.

/// A cell whose focused look depends on whether its view has the page's keyboard focus.
public protocol FocusShowing: CollectionViewCell {
  /// Whether its view has the page's keyboard focus: only then is the focused cell drawn so.
  var showsFocus: Bool { get set }
}

/// A cell that shows a row of the list: a title, a detail, a colour (an index into the host's
/// palette) and whether it is striped.
public protocol RowPresenting: FocusShowing {
  /// Shows a row.
  func present(title: String, detail: String, colorIndex: Int, isStriped: Bool)
  /// The lines an expanded row shows below its title (Enter expands it); empty when it is not
  /// expanded.
  var expandedLines: [String] { get set }
  /// Whether the row matches the page's find (`/`): drawn marked.
  var isFindMatch: Bool { get set }
}

/// A header (or any view) that shows a title.
public protocol TitlePresenting: ReusableView {
  /// The title.
  var title: String { get set }
}

/// A chip of the list page's horizontal strip.
public protocol ChipPresenting: FocusShowing {
  /// Shows a chip.
  func present(text: String, colorIndex: Int)
}
