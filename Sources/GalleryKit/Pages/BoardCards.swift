import ReuseDeclarative
import ReuseKit

/// A card of the board page: its number, title and topic.
public struct BoardCard: Hashable, Sendable {
  /// The card's number (its colour comes from it).
  public var id: Int
  /// What the card says.
  public var title: String
  /// Its topic, shown as a tag.
  public var topic: String
}

/// A cell that shows a card of the board page.
public protocol BoardCardPresenting: CollectionViewCell {
  /// The card shown.
  var card: BoardCard? { get set }
  /// Whether its column is the active one: only there is the focused card drawn as the
  /// cursor.
  var showsFocus: Bool { get set }
}

extension BoardCardPresenting {
  /// Shows `card`: it names the cell for assistive technology (its title, then its topic).
  public func present(_ card: BoardCard) {
    self.card = card
    accessibilityLabel = card.title
    accessibilityValue = card.topic
    setNeedsDisplay()
  }
}

/// The board's cards and what its declarations ask the model (a reference the declarations
/// hold, so they do not hold the model).
final class BoardCards {
  /// The cards (ids) of each column.
  var cards: [[Int]]
  /// The data file's titles, if any.
  let titles: [String]?
  /// The column whose cursor is drawn.
  var activeColumn = 0
  /// How a drag drops into a column.
  var dropOperation: (_ column: Int, _ session: DragSession) -> DropOperation = { _, _ in .move }
  /// Performs a drop of cards into a column at an index.
  var drop: (_ ids: [Int], _ column: Int, _ index: Int) -> Void = { _, _, _ in }

  init(cards: [[Int]], titles: [String]?) {
    self.cards = cards
    self.titles = titles
  }

  /// The title of card `id`.
  func title(_ id: Int) -> String {
    if let titles, id < titles.count { return titles[id] }
    return "#\((id + 1).formatted) " + DemoData.title(forItem: id)
  }

  /// The name of card `id`, without its number: what type-ahead reads ("c" found no card on
  /// a board of "#3 Cobalt Falcon": a new user's finding).
  func name(_ id: Int) -> String {
    if let titles, id < titles.count { return titles[id] }
    return DemoData.title(forItem: id)
  }

  /// The topic of card `id`.
  static func topic(_ id: Int) -> String {
    DemoData.topics[id % DemoData.topics.count].lowercased()
  }

  /// Card `id`.
  func card(_ id: Int) -> BoardCard { BoardCard(id: id, title: title(id), topic: Self.topic(id)) }
}

/// A declared item shown in a host's own cell class under a page's identifier: registered
/// there unless the host registered it already (a page's model registers it with its view).
protocol HostCellContent: CellContent {}

extension HostCellContent {
  static func register(in collectionView: CollectionView) {
    if collectionView.cellRegistration(forReuseIdentifier: reuseIdentifier) == nil {
      collectionView.register(CellType.self, forCellWithReuseIdentifier: reuseIdentifier)
    }
  }
}

/// A card as a declared item: the host's card cell, registered under
/// ``BoardModel/cardIdentifier``, told whether its column is the active one.
struct BoardCardContent<Card: BoardCardPresenting>: HostCellContent {
  let card: BoardCard
  let showsFocus: Bool

  static var reuseIdentifier: String { BoardModel<Card>.cardIdentifier }

  func configure(_ cell: Card, at indexPath: ItemPath) {
    cell.showsFocus = showsFocus
    cell.present(card)
  }
}
