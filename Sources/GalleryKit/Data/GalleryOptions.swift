/// What every page is built from: the command-line options and where diagnostics go.
public struct GalleryOptions: Sendable {
  /// How many items demos generate.
  public var itemCount: Int
  /// Data loaded from `--data`, if any.
  public var data: GalleryData?

  /// Creates options.
  public init(itemCount: Int = 1_000, data: GalleryData? = nil) {
    self.itemCount = itemCount
    self.data = data
  }
}
