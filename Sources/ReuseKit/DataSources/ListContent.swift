/// What a standard row shows, whatever draws it (UIKit's `UIListContentConfiguration`): a
/// text, a secondary text, a symbol and accessories. A ``ListContentCell`` holds it; each host
/// draws that cell its own way (the terminal in one line of text, GTK with labels), so a
/// collection that shows only standard content runs unchanged in every host.
///
/// ```swift
/// ListContent("Amber Falcon", secondary: "#1", symbol: "★", accessories: [.disclosure])
/// ```
///
/// Its accessibility follows from it: the label is ``text``, the value the secondary text and
/// the accessories' states ("on", "checked", "3 new").
public struct ListContent: Hashable, Sendable {
  /// The main text.
  public var text: String
  /// A second, quieter text (beside the main one in a terminal, below it in GTK).
  public var secondaryText: String?
  /// A short symbol drawn before the text: an emoji, a glyph, or a host's icon name.
  public var symbol: String?
  /// What the row shows at its end, in order.
  public var accessories: [Accessory]
  /// Where the row sits in an outline, if it does: indented by its level, with a disclosure
  /// triangle (▸ collapsed, ▾ expanded) when it has children.
  public var outline: OutlineRow?

  /// Something a row shows at its end.
  public enum Accessory: Hashable, Sendable {
    /// There is more behind the row (`›`).
    case disclosure
    /// The row is chosen (`✓`).
    case checkmark
    /// A count or a short label in a badge.
    case badge(String)
    /// A switch and its state.
    case toggle(isOn: Bool)
    /// A grip the row is dragged by.
    case reorder
  }

  /// Content with `text` and, optionally, the rest.
  public init(
    _ text: String, secondary: String? = nil, symbol: String? = nil,
    accessories: [Accessory] = []
  ) {
    self.text = text
    secondaryText = secondary
    self.symbol = symbol
    self.accessories = accessories
  }

  /// The content as a row of an outline (``outline``).
  public func outline(_ row: OutlineRow) -> ListContent {
    var copy = self
    copy.outline = row
    return copy
  }

  /// What assistive technology reads as the value: the secondary text, then the accessories'
  /// states, joined by commas; `nil` when there is none.
  public var accessibilityValue: String? {
    var parts: [String] = []
    if let secondaryText, !secondaryText.isEmpty { parts.append(secondaryText) }
    for accessory in accessories {
      switch accessory {
      case .checkmark: parts.append("checked")
      case .badge(let text): parts.append(text)
      case .toggle(let isOn): parts.append(isOn ? "on" : "off")
      case .disclosure, .reorder: break
      }
    }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// What assistive technology reads as the hint, from the accessories.
  public var accessibilityHint: String? {
    if accessories.contains(.disclosure) { return "opens more" }
    if accessories.contains(where: { if case .toggle = $0 { true } else { false } }) {
      return "toggles"
    }
    return nil
  }
}

/// The standard cell: it holds a ``ListContent`` and every host draws it (the terminal pane,
/// the GTK widget). Its accessibility label, value and hint follow from the content.
///
/// Declarative collections use it for standard content; an imperative data source can too:
/// register it, dequeue it and set ``content``.
open class ListContentCell: CollectionViewCell {
  /// The identifier standard cells are registered and dequeued under.
  public static let reuseIdentifier = "ReuseKit.ListContentCell"

  /// What the cell shows. Setting it asks the host to draw the cell again, and sets the
  /// accessibility label (the text), value (the secondary text and the accessories' states) and
  /// hint (from the accessories).
  public var content = ListContent("") {
    didSet { if content != oldValue { show(content) } }
  }

  /// Empty content, ready for the next item.
  open override func prepareForReuse() {
    content = ListContent("")
  }
}

/// The standard header or footer: a ``ListContent`` (its text, usually) that every host draws.
open class ListContentSupplementaryView: ReusableView {
  /// The identifier standard headers and footers are registered and dequeued under.
  public static let reuseIdentifier = "ReuseKit.ListContentSupplementaryView"

  /// What the view shows, and what a screen reader says: the text, then the secondary text
  /// ("12 tasks", "nothing opened yet"; a screen reader heard the heading alone, a new user's
  /// finding).
  public var content = ListContent("") {
    didSet { if content != oldValue { show(content) } }
  }

  /// Empty content, ready for the next section.
  open override func prepareForReuse() {
    content = ListContent("")
  }
}

extension ReusableView {
  /// Draws `content` again and says it: its text, secondary text and accessories.
  fileprivate func show(_ content: ListContent) {
    accessibilityLabel = content.text
    accessibilityValue = content.accessibilityValue
    accessibilityHint = content.accessibilityHint
    setNeedsDisplay()
  }
}

extension CollectionView {
  /// A standard cell for `indexPath`, showing `content`: registered on first use (unless a
  /// subclass already is, under ``ListContentCell/reuseIdentifier``).
  public func dequeueListContentCell(
    for indexPath: ItemPath, content: ListContent
  )
    -> ListContentCell
  {
    let identifier = ListContentCell.reuseIdentifier
    if cellRegistration(forReuseIdentifier: identifier) == nil {
      register(ListContentCell.self, forCellWithReuseIdentifier: identifier)
    }
    let cell = dequeueReusableCell(
      ListContentCell.self, withReuseIdentifier: identifier, for: indexPath)
    cell.content = content
    return cell
  }

  /// A standard header or footer of `kind` for `indexPath.section`, showing `content`:
  /// registered on first use.
  public func dequeueListContentSupplementaryView(
    ofKind kind: SupplementaryKind, for indexPath: ItemPath, content: ListContent
  ) -> ListContentSupplementaryView {
    let identifier = "\(ListContentSupplementaryView.reuseIdentifier).\(kind.rawValue)"
    if registry.slots[identifier] == nil {
      register(
        ListContentSupplementaryView.self, forSupplementaryViewOfKind: kind,
        withReuseIdentifier: identifier)
    }
    let view = dequeueReusableSupplementaryView(
      ListContentSupplementaryView.self, ofKind: kind, withReuseIdentifier: identifier,
      for: indexPath)
    view.content = content
    return view
  }
}
