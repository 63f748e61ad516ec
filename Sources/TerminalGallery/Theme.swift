import GalleryKit
import ReuseKit
import ReuseTerminal

/// The gallery's colours (24-bit), in one place.
public enum Theme {
  /// The page background.
  public static let background = Color(hex: 0x1B1D2A)
  /// Raised surfaces: rows, cards.
  public static let surface = Color(hex: 0x252839)
  /// Every other row.
  public static let surfaceAlternate = Color(hex: 0x2B2F43)
  /// Section headers and bars.
  public static let bar = Color(hex: 0x33384F)
  /// Highlight and focus.
  public static let accent = Color(hex: 0x7AA2F7)
  /// Selection.
  public static let selection = Color(hex: 0x9ECE6A)
  /// Warnings and diagnostics.
  public static let warning = Color(hex: 0xE0AF68)
  /// Main text.
  public static let text = Color(hex: 0xC0CAF5)
  /// Secondary text.
  public static let dimText = Color(hex: 0x7C83A8)
  /// Text on the accent colour.
  public static let onAccent = Color(hex: 0x1B1D2A)

  /// A cell's background: the accent under the cursor, the selection colour mixed into the
  /// surface (`amount` of the surface) when selected, else `normal`.
  public static func cellBackground(
    cursor: Bool, selected: Bool, amount: Double = 0.75, normal: Color = surface
  ) -> Color {
    cursor ? accent : (selected ? selection.mixed(with: surface, amount: amount) : normal)
  }

  /// Style helpers.
  public static var plain: TextStyle { TextStyle(foreground: text, background: background) }
  /// Secondary text on the current background.
  public static var dim: TextStyle { TextStyle(foreground: dimText) }
  /// A bold title on the current background.
  public static var title: TextStyle { TextStyle(foreground: text, attributes: .bold) }

  /// A scroll indicator's track and thumb.
  public static var scrollIndicator: (track: TextStyle, thumb: TextStyle) {
    (TextStyle(foreground: bar), TextStyle(foreground: dimText))
  }

  /// The section index beside the list's scroll bar.
  public static var sectionIndex: TextStyle { TextStyle(foreground: accent, attributes: .bold) }

  /// A palette for badges and chips.
  public static let palette: [Color] = [
    Color(hex: 0xF7768E), Color(hex: 0xFF9E64), Color(hex: 0xE0AF68), Color(hex: 0x9ECE6A),
    Color(hex: 0x73DACA), Color(hex: 0x7DCFFF), Color(hex: 0x7AA2F7), Color(hex: 0xBB9AF7),
  ]
}

extension GalleryMetrics {
  /// The terminal's: one point is one character cell.
  public static let terminal = GalleryMetrics(
    rowLength: 1, headerLength: 1, overscan: 2, chipPadding: 3, chipHeaderPadding: 4,
    categoryPadding: 4, swipeActionPadding: 4,
    waterfallColumnWidths: [16, 22, 30], waterfallUnit: 1,
    // A column of gap between the cards: a box starts there (the layout's gap, not the card's).
    waterfallSpacing: (column: 1, item: 1),
    carouselInsets: (peek: 6, spacing: 2, vertical: 0),
    textWidth: { Double(CharacterWidth.of($0)) }, clock: { Platform.monotonicTime() })
}

extension CollectionViewPane {
  /// A pane in the gallery's look for `collectionView`: the plain background, and the scroll
  /// indicator in the theme's colours when `showsScrollIndicator`.
  static func themed(
    _ collectionView: CollectionView, showsScrollIndicator: Bool = false
  ) -> CollectionViewPane {
    let pane = CollectionViewPane(collectionView: collectionView)
    pane.background = Theme.plain
    pane.showsScrollIndicator = showsScrollIndicator
    pane.scrollIndicatorStyle = Theme.scrollIndicator
    return pane
  }
}
