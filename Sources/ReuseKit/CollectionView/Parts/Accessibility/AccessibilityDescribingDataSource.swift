/// What an item's cell would tell a screen reader: its label, value and hint.
public struct AccessibilityDescription: Equatable, Sendable {
  /// What the item is ("Amber Falcon").
  public var label: String
  /// Its value, if it has one ("Name", "on").
  public var value: String?
  /// What activating it does, if that needs saying.
  public var hint: String?

  /// A description.
  public init(label: String, value: String? = nil, hint: String? = nil) {
    self.label = label
    self.value = value
    self.hint = hint
  }
}

/// A data source that says what an item's cell would tell a screen reader, without the cell:
/// for an item that is not displayed, such as the focused row after a sort moved it off screen
/// (``CollectionView/accessibilityElement(forItemAt:)``). A displayed item is described by its
/// cell, as always.
///
/// Without it, an item not displayed is labelled with the text a search finds it by
/// (``SearchableDataSource``), or not at all.
public protocol AccessibilityDescribingDataSource: AnyObject {
  /// The item's label, value and hint, or `nil` when the data source cannot say (a row not
  /// loaded yet).
  func collectionView(
    _ collectionView: CollectionView, accessibilityDescriptionOfItemAt indexPath: ItemPath
  ) -> AccessibilityDescription?
}
