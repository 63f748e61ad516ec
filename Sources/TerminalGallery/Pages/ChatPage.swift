import GalleryKit
import ReuseControls
import ReuseKit
import ReuseTerminal

/// The `chat` page: a conversation in a chat-mode list (`anchorsToEnd`). It opens at the end;
/// new messages arrive on the clock every few seconds and stream in word by word, and while
/// the list is at the end they keep it in view; scrolled up, nothing moves and "↓ N new"
/// counts what arrived. Scrolling near the top loads older history (`didApproach(.start)`),
/// prepended without moving what is on screen, their heights measured as they show.
///
/// `m` writes a message in a line below the list and Enter sends it: it goes to the end (the
/// list follows it there), a message streaming in ends at once above it, and a reply comes
/// soon after. Between messages the page asks for no frames (`nextWakeTime`): it sleeps.
final class ChatPage: OptionsPage, PanePage, CollectionViewDataSource, CollectionViewDelegate,
  SearchableDataSource, AccessibilityDescribingDataSource
{
  let title = "Chat"
  let pane: CollectionViewPane
  var frame = CellRect.zero
  private let collectionView: CollectionView

  private struct Message {
    var author: Int
    var text: String
  }
  private static let authors = ["Ada", "Grace", "Linus", "you"]
  private static let colors = [Theme.palette[0], Theme.palette[3], Theme.palette[5], Theme.accent]
  private var messages: [Message] = []
  /// Older messages still to load, counted down to 0.
  private var olderLeft: Int
  /// Generated messages so far (for their words).
  private var generated = 0
  private var random = PageRandom(seed: 0xC4A7)
  /// The words of the message streaming in, and how many show.
  private var streaming: (words: [Substring], shown: Int)?
  private var nextEvent: Double? = 0
  private var unseen = 0
  /// Where the "↓ N new" pill was drawn last, if it was.
  private var pill: CellRect?
  /// The message a screen reader reads: the one the last key brought into view (the oldest
  /// shown after a move up, the newest after a move down), as it was then (one streaming in
  /// is read whole once arrived). Scrolling said nothing of them (a new user's finding).
  private var readElement: AccessibilityElement?
  /// Whether a screen reader reads the gallery as lines: ↑ ↓ then move a reading cursor
  /// message by message (``readIndex``), scrolling only to keep it in view. Scrolling by a
  /// message read the one it brought in at the top going up and at the bottom going down, so
  /// going up from the newest skipped every message on screen (a new user's finding).
  var readsAsLines = false
  /// The message the reading cursor is on (with ``readsAsLines``); `nil` until ↑ or ↓.
  private var readIndex: Int?
  /// `/` finds in the messages loaded: each match scrolled to and marked, found again as
  /// messages arrive and stream in.
  private let find: FindBar
  /// The message being written (`m`), sent with Enter, dropped with Escape.
  private var composer: TextFieldState?
  /// A line the status shows until the next key ("nothing to send").
  private var note: String?

  init(options: GalleryOptions) {
    // `--items` messages of history (at most 100,000), the newest 30 of them shown first:
    // `--items 5` is five, and 0 an empty chat that new messages arrive in (it showed 30
    // whatever the count below it: a new user's finding).
    let history = max(0, min(options.itemCount, 100_000))
    let shown = min(30, history)
    olderLeft = history - shown
    collectionView = CollectionView(layout: ListLayout(itemSizing: .estimated(4)))
    collectionView.register(ChatMessageCell.self, forCellWithReuseIdentifier: "message")
    collectionView.diagnostics.handler = nil
    collectionView.anchorsToEnd = true
    collectionView.edgeDistance = 6
    collectionView.allowsSelection = false
    pane = .themed(collectionView, showsScrollIndicator: true)
    find = FindBar(
      collectionView: collectionView, subject: "the messages", clock: GalleryMetrics.terminal.clock)
    find.startsFromTheEnd = true  // the newest match first
    pane.marksItem = { [find] in find.isMarked($0) }
    // Messages show no cursor: the match the find is on is marked too.
    pane.marksFocusedItem = true
    messages = (0..<shown).map { _ in makeMessage() }
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  /// A message of the history (anyone's, yours too), or one arriving (`fromOthers`: never
  /// "you", which only what you send is: the replies came as "you" too, a new user's finding).
  private func makeMessage(fromOthers: Bool = false) -> Message {
    generated += 1
    let author = random.next(below: Self.authors.count - (fromOthers ? 1 : 0))
    let count = 2 + random.next(below: 18)
    let words = (0..<count).map { _ in
      DemoData.title(forItem: random.next(below: 4_096)).lowercased()
    }
    return Message(author: author, text: words.joined(separator: " ") + ".")
  }

  // MARK: The clock

  func tick(now: Double) {
    pane.tick(now: now)
    find.advance()
    guard let due = nextEvent, now >= due else { return }
    if var stream = streaming {
      // One more word of the last message: it grows, and is measured again.
      stream.shown += 1
      streaming = stream.shown < stream.words.count ? stream : nil
      messages[messages.count - 1].text = stream.words.prefix(stream.shown).joined(separator: " ")
      // At once, as arrivals are: animated, the list showed blank rows for frames (a finding).
      let last = [ItemPath(section: 0, item: messages.count - 1)]
      collectionView.performBatchUpdates(animated: false) {
        collectionView.reconfigureItems(at: last)
      }
      if streaming == nil { announceArrival(of: messages[messages.count - 1]) }
      nextEvent = streaming == nil ? now + 2 + Double(random.next(below: 30)) / 10 : now + 0.08
      return
    }
    if due == 0 {  // the first tick: schedule the first message
      nextEvent = now + 1.5
      return
    }
    // A new message arrives and starts streaming.
    let message = makeMessage(fromOthers: true)
    let words = message.text.split(separator: " ")
    messages.append(Message(author: message.author, text: String(words[0])))
    streaming = words.count > 1 ? (words, 1) : nil
    if !collectionView.isAtEnd { unseen += 1 }
    // Said once whole, with its author and text (not "1 item added" as it starts).
    _ = collectionView.announcing(
      streaming == nil ? arrival(of: messages[messages.count - 1]) : ""
    ) {
      collectionView.performBatchUpdates(animated: false) {
        collectionView.insertItems(at: [ItemPath(section: 0, item: messages.count - 1)])
      }
    }
    nextEvent = now + (streaming == nil ? 3 : 0.08)
  }

  /// "Ada: the text", for a message that has arrived whole.
  private func arrival(of message: Message) -> String {
    "\(Self.authors[message.author]): \(message.text)"
  }

  private func announceArrival(of message: Message) {
    collectionView.postAccessibilityAnnouncement(arrival(of: message))
  }

  /// The message a screen reader reads (``readElement``), else nothing (the status is read).
  /// Without its place in the list: "22 of 31" changed with every message that arrived, and
  /// the message was read again each time.
  var accessibilityFocus: AccessibilityElement? { readElement }

  /// The terminal's cursor (`--show-cursor`): on the message read, else on the newest one
  /// (it stayed on the status line: a new user's finding).
  var cursorPosition: (column: Int, row: Int)? {
    let count = collectionView.numberOfItems(inSection: 0)
    guard count > 0 else { return nil }
    let item = min(readElement?.indexPath?.item ?? count - 1, count - 1)
    guard let frame = collectionView.frameForItem(at: ItemPath(section: 0, item: item)) else {
      return nil
    }
    let offset = collectionView.contentOffset
    return pane.cursor(atViewportFrame: frame.offsetBy(dx: -offset.x, dy: -offset.y))
  }

  /// A message not drawn yet is described as its cell says it: "Ada: the text".
  func collectionView(
    _ collectionView: CollectionView, accessibilityDescriptionOfItemAt indexPath: ItemPath
  ) -> AccessibilityDescription? {
    guard messages.indices.contains(indexPath.item) else { return nil }
    return AccessibilityDescription(label: arrival(of: messages[indexPath.item]))
  }

  /// Notes the message a key brought into view, where the scroll comes to rest: the top one
  /// after a move up, the bottom one after a move down.
  private func noteReadItem(atTop: Bool) {
    let resting = collectionView.restingContentOffset
    let y = atTop ? resting.y + 0.5 : resting.y + collectionView.viewportSize.height - 0.5
    guard let path = collectionView.indexPathForItem(at: Point(x: 1, y: max(0, y))),
      var element = collectionView.accessibilityElement(forItemAt: path)
    else { return }
    element.positionInSet = nil
    element.setSize = nil
    element.positionInSection = nil
    element.sectionSize = nil
    readElement = element
  }

  var isAnimating: Bool { collectionView.isAnimating || find.isSearching }

  /// Ctrl-C stops the find while it looks (not the gallery).
  func cancelJob() -> Bool { find.cancelSearch() }

  var isTyping: Bool { find.isTyping || composer != nil }

  /// Into the message being written (on one line: Enter sends it), or the find's prompt.
  func paste(_ text: String) -> Bool {
    guard var field = composer else { return find.paste(text) }
    field.insert(PastedText.oneLine(text))
    composer = field
    return true
  }

  var nextWakeTime: Double? { nextEvent }

  // MARK: Data source and delegate

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { messages.count }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      ChatMessageCell.self, withReuseIdentifier: "message", for: indexPath)
    let message = messages[indexPath.item]
    cell.author = Self.authors[message.author]
    cell.text = message.text
    cell.isMine = message.author == Self.authors.count - 1
    cell.color = Self.colors[message.author]
    return cell
  }

  /// A message's text, for the find.
  func collectionView(
    _ collectionView: CollectionView, searchableTextForItemAt indexPath: ItemPath
  ) -> String? {
    messages.indices.contains(indexPath.item) ? messages[indexPath.item].text : nil
  }

  /// Near the top: twenty older messages, prepended without moving what is on screen (a Home
  /// under way lands on the message that was first).
  func collectionView(_ collectionView: CollectionView, didApproach edge: ContentEdge) {
    guard edge == .start, olderLeft > 0 else { return }
    let count = min(20, olderLeft)
    olderLeft -= count
    messages.insert(contentsOf: (0..<count).map { _ in makeMessage() }, at: 0)
    readIndex = readIndex.map { $0 + count }
    // Said as what it is, not as "20 items added" (a new user's finding).
    let said = count == 1 ? "1 older message loaded" : "\(count) older messages loaded"
    _ = collectionView.announcing(said) {
      collectionView.performBatchUpdates(animated: false) {
        collectionView.insertItems(at: (0..<count).map { ItemPath(section: 0, item: $0) })
      }
    }
  }

  // MARK: Layout and drawing

  /// The messages above a row of their own for the "↓ N new" pill and the message being
  /// written, so that neither ever covers a message.
  func layout(in frame: CellRect) { place(in: frame, bottom: 1) }

  func draw(into canvas: Canvas) {
    guard let context = beginDrawing(into: canvas) else { return }
    if collectionView.isAtEnd { unseen = 0 }
    let history = olderLeft > 0 ? "older history loads at the top" : "the whole history is here"
    context.text(
      " \(plural(messages.count, "message")) · \(history)", x: 0, y: 0, style: Theme.title,
      maxWidth: frame.width - 1)
    pane.draw(into: canvas)
    if let composer, frame.maxY > pane.frame.maxY {
      drawComposer(composer, in: canvas)
    } else if unseen > 0, frame.maxY > pane.frame.maxY {
      let badge = " ↓ \(unseen.formatted) new "
      let width = CharacterWidth.of(badge)
      let column = max(frame.x, pane.frame.maxX - width - 2)
      canvas.draw(
        badge, column: column, row: pane.frame.maxY,
        style: TextStyle(foreground: Theme.onAccent, background: Theme.accent, attributes: .bold))
      pill = CellRect(x: column, y: pane.frame.maxY, width: width, height: 1)
      return
    }
    pill = nil
  }

  /// A click on the "↓ N new" pill goes to the newest message, as End does (it did nothing: a
  /// new user's finding); other presses go to the messages.
  func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
    if let pill, pill.contains(column: mouse.column, row: mouse.row), !pane.isPressed {
      if mouse.kind == .press {
        note = nil
        collectionView.scroll(by: .end)
        readIndex = nil
      }
      return true
    }
    return pane.handle(mouse, at: time)
  }

  /// The line below the list: "you ▸ " and the text, scrolled to keep the caret in view, the
  /// caret a reversed cell.
  private func drawComposer(_ field: TextFieldState, in canvas: Canvas) {
    let row = pane.frame.maxY
    let label = " you ▸ "
    let bar = TextStyle(foreground: Theme.text, background: Theme.bar)
    canvas.draw(
      String(repeating: " ", count: max(0, frame.width)), column: frame.x, row: row, style: bar)
    let x = frame.x + canvas.draw(label, column: frame.x, row: row, style: bar)
    let room = max(1, frame.maxX - x - 1)
    let shown = field.visibleWindow(width: Double(room - 1)) {
      Double(CharacterWidth.of(String($0)))
    }
    canvas.draw(field.markingCuts(shown), column: x, row: row, style: bar)
    let before = CharacterWidth.of(String(shown.text.prefix(shown.caret)))
    let under = shown.text.dropFirst(shown.caret).first.map(String.init) ?? " "
    canvas.draw(
      under, column: x + before, row: row,
      style: TextStyle(foreground: Theme.onAccent, background: Theme.accent, attributes: .bold))
  }

  // MARK: Input

  func handle(_ key: KeyEvent, at time: Double) -> Bool {
    note = nil
    if let press = key.keyPress {
      if composer != nil, compose(press, at: time) { return true }
      if find.handle(press) { return true }
      if press.key == .character("m"), press.modifiers.isEmpty || press.modifiers == .shift {
        composer = TextFieldState(maxLength: 2_000)
        return true
      }
    }
    if readsAsLines, key.key == .up || key.key == .down {
      moveReadingCursor(by: key.key == .up ? -1 : 1)
      return true
    }
    switch key.key {
    case .up: collectionView.scroll(by: .items(-1))
    case .down: collectionView.scroll(by: .items(1))
    case .pageUp: collectionView.scroll(by: .pages(-1))
    case .pageDown: collectionView.scroll(by: .pages(1))
    case .home: collectionView.scroll(by: .home)
    case .end, .enter: collectionView.scroll(by: .end)
    default: return false
    }
    noteReadItem(atTop: [.up, .pageUp, .home].contains(key.key))
    // The cursor starts again from what the pages, Home or End brought into view.
    readIndex = readElement?.indexPath?.item
    return true
  }

  /// Moves the reading cursor one message up or down (from the newest one on screen, the
  /// first time), brings it into view if it is not, and reads it; at either end it reads the
  /// message again, which says there is no further to go.
  private func moveReadingCursor(by step: Int) {
    guard !messages.isEmpty else { return }
    collectionView.layoutIfNeeded()
    let start =
      readIndex
      ?? collectionView.indexPathsForVisibleItems.map(\.item).max() ?? messages.count - 1
    let index = min(max(0, start + (readIndex == nil && step < 0 ? 0 : step)), messages.count - 1)
    readIndex = index
    let path = ItemPath(section: 0, item: index)
    if let frame = collectionView.frameForItem(at: path) {
      let top = collectionView.restingContentOffset.y
      if frame.minY < top || frame.maxY > top + collectionView.viewportSize.height {
        collectionView.scrollToItem(at: path, at: .nearest, animated: true)
      }
    }
    guard var element = collectionView.accessibilityElement(forItemAt: path) else { return }
    element.positionInSet = nil
    element.setSize = nil
    element.positionInSection = nil
    element.sectionSize = nil
    readElement = element
  }

  /// A key while a message is written: Enter sends, Escape drops it, ↑ ↓ PgUp PgDn still
  /// scroll, the field takes the rest. Returns whether it was used.
  private func compose(_ key: KeyPress, at time: Double) -> Bool {
    guard var field = composer else { return false }
    switch (key.key, key.modifiers) {
    case (.escape, []): composer = nil
    case (.enter, []): send(field.text, at: time)
    case (.pageUp, _), (.pageDown, _), (.up, _), (.down, _): return false
    default:
      _ = field.handle(key)
      composer = field
    }
    return true
  }

  /// Sends `text` (trimmed; nothing when blank) as "you": a message still streaming ends at
  /// once, the new one is inserted at the end and the list goes there, and a reply is due
  /// soon.
  private func send(_ text: String, at time: Double) {
    composer = nil
    let trimmed = String(
      text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard !trimmed.isEmpty else {
      // Said, not only closed (a new user's finding: Enter seemed to do nothing).
      note = "nothing to send: the message was empty"
      collectionView.postAccessibilityAnnouncement(note!)
      return
    }
    if let stream = streaming {
      streaming = nil
      messages[messages.count - 1].text = stream.words.joined(separator: " ")
      collectionView.reconfigureItems(at: [ItemPath(section: 0, item: messages.count - 1)])
    }
    messages.append(Message(author: Self.authors.count - 1, text: trimmed))
    // Said with what was sent, in place of the batch's "1 item added" (the engine's words,
    // and the text was never read back: a new user's finding).
    _ = collectionView.announcing("sent: \(trimmed)") {
      collectionView.performBatchUpdates(animated: false) {
        collectionView.insertItems(at: [ItemPath(section: 0, item: messages.count - 1)])
      }
    }
    collectionView.scroll(by: .end)
    unseen = 0
    nextEvent = time + 1.5
  }

  var status: String {
    if let composer {
      // At the most a message holds, said: typing and pasting stopped there without a word
      // (a new user's finding).
      let full = composer.text.count >= composer.maxLength ? " (the most a message holds)" : ""
      return
        "message: \(plural(composer.text.count, "character"))\(full) · Enter sends, Esc cancels"
    }
    if let note { return note }
    let last = messages.last.map { Self.authors[$0.author] } ?? "nobody"
    return find.status((unseen > 0 ? "↓ \(unseen.formatted) new · " : "") + "last from \(last)")
  }

  /// What a screen reader hears with no message read: the status without who wrote last,
  /// which changed at every arrival and was read as a line of its own before the message
  /// itself ("last from Grace", then "Grace: …": a new user's finding).
  var spokenWithoutFocus: String {
    if composer != nil || note != nil { return status }
    return find.status("the chat, newest message last")
  }

  var keyHelp: [(String, String)] {
    let moves: [(String, String)] =
      readsAsLines
      ? [
        ("↑ ↓", "read the previous, the next message; near the top, older messages load"),
        ("PgUp PgDn", "a page up or down, read from its edge"),
      ] : [("↑ ↓ PgUp PgDn", "scroll; near the top, older messages load")]
    return moves + [
      ("End Enter", "back to the newest message"), ("Home", "the oldest loaded"),
      ("m, then text and Enter", "write a message and send it (Esc drops it)"),
      ("wheel, drag", "scroll"), find.keyHelp,
    ]
  }
}
