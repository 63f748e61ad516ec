import ReuseKit

extension ForEach {
  /// Lets the user move these items among themselves (a drag, or the keyboard's move):
  /// `action(source, destination)` moves the element at `source` to `destination`, its index
  /// after the move: `data.insert(data.remove(at: source), at: destination)`.
  ///
  /// The collection view moves the item on screen at once; the body then runs again, and if
  /// its data does not show the move (the action refused it), the collection view reloads to
  /// show the data as it is, with a diagnostic. Items move only within their `ForEach`: a drag
  /// over another section or group lands at the nearest end of its own.
  public func onMove(
    perform action: @escaping (_ source: Int, _ destination: Int) -> Void
  )
    -> Self
  {
    var copy = self
    copy.uniqueCore().modifiers.moveAction = action
    copy.uniqueCore().modifiers.transfer = nil
    return copy
  }

  /// Lets the user move these items among themselves and to and from every other `ForEach`
  /// of the body whose tag has the same type, across sections: a task dragged from "To do"
  /// to "Done", a message to another folder (UIKit's reordering across sections; SwiftUI's
  /// `onMove` stays within one `ForEach`). `tag` names this `ForEach` (a column's or
  /// folder's identifier); `action(move)` performs the move in the app's data: remove the
  /// element at `move.sourceIndex` of the collection tagged `move.sourceTag` and insert it at
  /// `move.destinationIndex` of the one tagged `move.destinationTag` (its index there after
  /// the move; within one collection, `insert(remove(at: source), at: destination)`).
  ///
  /// ```swift
  /// for column in board.columns {
  ///   Section(column.title) {
  ///     ForEach(column.cards) { Cell(CardCell.self, $0) }
  ///       .onMove(tag: column.id) { move in board.move(move) }
  ///   }
  /// }
  /// ```
  ///
  /// A moving item lands only in a `ForEach` of its tag's type (a section without one keeps
  /// it at the nearest end of its own). Give each `ForEach` a tag of its own: two with equal
  /// tags are told a move between them as one within a collection. The collection view moves the item on screen at once;
  /// the body then runs again, and if its data does not show the move, the collection view
  /// reloads to show the data as it is, with a diagnostic. An update that moves an element
  /// between two `ForEach`es (from code: a "Done" button) glides it there as well.
  public func onMove<Tag: Hashable>(
    tag: Tag, perform action: @escaping (ItemTransfer<Tag>) -> Void
  ) -> Self {
    var copy = self
    copy.uniqueCore().modifiers.moveAction = nil
    copy.uniqueCore().modifiers.transfer = MoveTransfer(
      space: ObjectIdentifier(Tag.self), tag: AnyHashable(tag),
      perform: { source, destinationTag, destination in
        guard let destinationTag = destinationTag.base as? Tag else { return }
        action(
          ItemTransfer(
            sourceTag: tag, sourceIndex: source, destinationTag: destinationTag,
            destinationIndex: destination))
      })
    return copy
  }

  /// Actions revealed when an item is swiped (or opened from the keyboard) at `edge`:
  /// `actions(element)` gives them, each with its own handler; with `allowsFullSwipe`, swiping
  /// most of the way across performs the first. An empty list: none for that element.
  ///
  /// ```swift
  /// ForEach(model.mail) { ListContent($0.subject) }
  ///   .swipeActions { mail in
  ///     [SwipeAction(title: "Delete", style: .destructive, width: 8) { _ in model.delete(mail) }]
  ///   }
  /// ```
  public func swipeActions(
    edge: SwipeEdge = .trailing, allowsFullSwipe: Bool = true,
    _ actions: @escaping (Data.Element) -> [SwipeAction]
  ) -> Self {
    var copy = self
    let elementAt = elementAt
    let provider: (Int) -> SwipeActionsConfiguration? = { index in
      let list = actions(elementAt(index))
      guard !list.isEmpty else { return nil }
      var configuration = SwipeActionsConfiguration(actions: list)
      configuration.performsFirstActionWithFullSwipe = allowsFullSwipe
      return configuration
    }
    if edge == .leading {
      copy.uniqueCore().modifiers.leadingSwipe = provider
    } else {
      copy.uniqueCore().modifiers.trailingSwipe = provider
    }
    return copy
  }

  /// Each element's span in a layout that lets items span (`GridLayout`, `WaterfallLayout`,
  /// a `RailsLayout`'s grid sections: `SpanProvidingLayout`): how many columns it covers
  /// (`ItemSpan`; `.fullWidth()` for a banner) and, optionally, its height. The data source
  /// becomes the layout's span provider once a body declares spans (a grid without one places
  /// items at its fast, uniform pace); items of groups without spans take one column.
  public func gridSpan(_ span: @escaping (Data.Element) -> ItemSpan) -> Self {
    answering(\.modifiers.spanAt, with: span)
  }

  /// Lets a drag carry these items, out of this collection view and into any other of its
  /// `DragCoordinator` (or within it) whose declaration takes their elements
  /// (``onInsert(of:operation:perform:)-(_,DropOperation,_)``). `isDraggable` says which may go; with the
  /// selection, a drag that starts on a selected item carries every selected one that may.
  ///
  /// The data source becomes the collection view's drag delegate (unless the app set one);
  /// the host adds the collection view to a `DragCoordinator`, as for the imperative API.
  public func draggable(_ isDraggable: @escaping (Data.Element) -> Bool = { _ in true }) -> Self {
    answering(\.modifiers.dragFilter, with: isDraggable)
  }

  /// Takes drops of dragged elements of type `Element` (from any ``draggable(_:)``
  /// declaration) among these items: `perform(index, elements, operation)` changes the data:
  /// for a `DropOperation.move`, remove the elements from where they are (here, or
  /// another collection) and insert them at `index` (in this collection after the removal);
  /// for a `DropOperation.copy`, insert copies. The collection views then show the
  /// change as one animated batch each, with no diff.
  ///
  /// ```swift
  /// ForEach(column.cards) { Cell(CardCell.self, $0) }
  ///   .draggable()
  ///   .onInsert(of: Card.self) { index, cards, _ in board.move(cards, to: column, at: index) }
  /// ```
  public func onInsert<Element>(
    of type: Element.Type, operation: DropOperation = .move,
    perform: @escaping (_ index: Int, _ elements: [Element], _ operation: DropOperation) -> Void
  ) -> Self {
    onInsert(of: type, operation: { _ in operation }, perform: perform)
  }

  /// Takes drops as `onInsert(of:operation:perform:)` with a fixed operation does, with the
  /// operation chosen for each drag: `operation(session)` says how this drag drops here, or
  /// `.forbidden` for one it may not (a column that takes cards only from the one before it:
  /// `session.source` is the collection view the drag began in).
  ///
  /// ```swift
  /// ForEach(done.cards) { Cell(CardCell.self, $0) }
  ///   .onInsert(of: Card.self, operation: { $0.source === review ? .move : .forbidden }) {
  ///     index, cards, _ in board.move(cards, to: .done, at: index)
  ///   }
  /// ```
  public func onInsert<Element>(
    of type: Element.Type, operation: @escaping (DragSession) -> DropOperation,
    perform: @escaping (_ index: Int, _ elements: [Element], _ operation: DropOperation) -> Void
  ) -> Self {
    var copy = self
    copy.uniqueCore().modifiers.insertion = DropHandler(
      operation: operation, accepts: { $0.allSatisfy { $0 is Element } },
      perform: { index, elements, operation in
        perform(index, elements.compactMap { $0 as? Element }, operation)
      })
    return copy
  }

  /// The text a search (`ItemSearch`) finds an item by: for cells of your own (standard
  /// content is found by its text without this).
  public func searchable(_ text: @escaping (Data.Element) -> String) -> Self {
    answering(\.searchTextAt, with: text)
  }

  /// Watches what each displayed item's content reads of `Observable` models, as for elements
  /// that are `Observable` classes (watched without this): for values whose cells read a model
  /// beside them. A change to a property a displayed cell read configures that cell again on
  /// the next tick, with no body and no diff. Observation watches properties, not their
  /// contents: a property every displayed cell read (a set of unseen items) configures them
  /// all again; a property of each item's own model, only its cell.
  ///
  /// ```swift
  /// ForEach(0..<recentCount, id: \.self) { item in
  ///   ListContent(title(item), accessories: unseen.contains(item) ? [.badge("new")] : [])
  /// }
  /// .observesModels()  // `unseen` is an @Observable object: opening an item updates the rows
  /// ```
  ///
  /// Without it, values are not watched: a steady frame of cells for values makes no watch
  /// (a watch is an allocation per cell made).
  public func observesModels() -> Self {
    var copy = self
    copy.observes = true
    return copy
  }

  /// Calls `action` with an item's element each time its cell is made for display: the place
  /// for loading more when the last items appear, or for starting work a row needs.
  public func onAppear(perform action: @escaping (Data.Element) -> Void) -> Self {
    answering(\.modifiers.appearAction, with: action)
  }

  /// A copy whose per-index answer at `property` is `answer` of the element at that index.
  private func answering<Answer>(
    _ property: ReferenceWritableKeyPath<ForEachCore<Data, ID, Content>, ((Int) -> Answer)?>,
    with answer: @escaping (Data.Element) -> Answer
  ) -> Self {
    var copy = self
    let elementAt = elementAt
    copy.uniqueCore()[keyPath: property] = { answer(elementAt($0)) }
    return copy
  }
}
