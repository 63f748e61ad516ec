import ReuseDeclarative
import ReuseKit
import ReuseTestSupport
import Testing

/// Hears the collection view's display callbacks and checks they pair: each item is told
/// `willDisplay` once before `didEndDisplaying`, and what it was told is what is displayed.
final class DisplayLedger: CollectionViewDelegate {
  var displayed: [ObjectIdentifier: ItemPath] = [:]
  var violations: [String] = []

  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    if displayed[ObjectIdentifier(cell)] != nil {
      violations.append("willDisplay twice for a cell, now at \(indexPath)")
    }
    displayed[ObjectIdentifier(cell)] = indexPath
  }

  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: ItemPath
  ) {
    if displayed.removeValue(forKey: ObjectIdentifier(cell)) == nil {
      violations.append("didEndDisplaying without willDisplay at \(indexPath)")
    }
  }
}

extension Array {
  /// Inserts `element` at a random place (seeded).
  mutating func insertRandomly(_ element: Element, _ rng: inout SeededRandom) {
    insert(element, at: rng.int(0...count))
  }

  /// Removes a random element (seeded); the array is not empty.
  mutating func removeRandomly(_ rng: inout SeededRandom) { remove(at: rng.int(0..<count)) }

  /// Moves a random element to a random place (seeded); the array is not empty.
  mutating func moveRandomly(_ rng: inout SeededRandom) {
    let moved = remove(at: rng.int(0..<count))
    insert(moved, at: rng.int(0...count))
  }

  /// Inserts a new element (`make`'s), removes one or moves one (seeded), as `choice` says
  /// (0, 1 or 2) where the array allows it; returns what it did to a `noun`, or nil where it
  /// did nothing.
  mutating func reshapeRandomly(
    _ choice: Int, _ noun: String, _ rng: inout SeededRandom,
    inserting make: (inout SeededRandom) -> Element
  ) -> String? {
    switch choice {
    case 0:
      let element = make(&rng)
      insertRandomly(element, &rng)
      return "insert a \(noun)"
    case 1 where !isEmpty:
      removeRandomly(&rng)
      return "remove a \(noun)"
    case 2 where count > 1:
      moveRandomly(&rng)
      return "move a \(noun)"
    default:
      return nil
    }
  }
}

extension DeclarativeDataSource {
  /// Updates now or on the next tick, animated or not (both seeded).
  func updateRandomly(_ rng: inout SeededRandom) {
    if rng.chance(0.5) {
      updateNow(animated: rng.chance(0.5))
    } else {
      update(animated: rng.chance(0.5))
    }
  }
}

/// A list of one-point rows and headers in a 30 × 12 viewport, for the model tests: its display
/// callbacks heard by the ledger returned, its diagnostics given to `report`.
private func makeModelView(
  reporting report: @escaping (Diagnostic) -> Void
) -> (CollectionView, DisplayLedger) {
  let view = CollectionView(
    layout: ListLayout(itemSizing: .uniform(1), headerLength: .fixed(1)),
    viewportSize: Size(width: 30, height: 12))
  view.diagnostics.handler = report
  let ledger = DisplayLedger()
  view.delegate = ledger
  return (view, ledger)
}

/// Checks that `view` shows `expected` (each section's texts): its counts, each displayed
/// cell's text, and display callbacks paired with what is displayed; returns whether all held
/// (a model test stops at its first failing step).
func expectShows(
  _ expected: [[String]], in view: CollectionView, ledger: DisplayLedger,
  diagnostics: [Diagnostic], at step: String
) -> Bool {
  view.layoutIfNeeded()
  #expect(view.numberOfSections == expected.count, "\(step)")
  guard view.numberOfSections == expected.count else { return false }
  var holds = true
  for (section, texts) in expected.enumerated()
  where view.numberOfItems(inSection: section) != texts.count {
    holds = false
    Issue.record("\(step): section \(section) has \(view.numberOfItems(inSection: section))")
  }
  guard holds else { return false }
  for (path, text) in shownTexts(view) {
    let want =
      expected.indices.contains(path.section)
        && expected[path.section].indices.contains(path.item)
      ? expected[path.section][path.item] : nil
    if text != want {
      holds = false
      Issue.record("\(step): \(path) shows \(text), not \(want ?? "nothing")")
    }
  }
  #expect(
    Set(ledger.displayed.keys) == Set(view.visibleCells.map(ObjectIdentifier.init)),
    "\(step): display callbacks")
  #expect(ledger.violations.isEmpty, "\(step): \(ledger.violations)")
  let inconsistent = diagnostics.contains { $0.code == .inconsistentUpdate }
  #expect(!inconsistent, "\(step): \(diagnostics)")
  return holds && ledger.violations.isEmpty && !inconsistent
}

/// Random bodies (sections and items inserted, removed, moved and changed, conditionals
/// flipping, observable properties written, scrolls and resizes between, updates interrupting
/// running animations) against the data they declare: after every step each displayed cell
/// shows its own item, the counts are the data's, and display callbacks pair.
struct DeclarativeModelTests {
  struct ModelSection {
    var id: Int
    var banner: Bool
    var photos: [Photo]
  }

  @Test(arguments: 0..<6)
  func randomBodiesShowTheirData(_ index: Int) {
    var (seed, rng) = SeededRandom.forCase(index, base: 0xDEC1_A2A7)
    var model: [ModelSection] = []
    var nextID = 1_000
    for section in 0..<3 {
      model.append(
        ModelSection(
          id: section, banner: rng.chance(0.5),
          photos: (0..<rng.int(0...40)).map { Photo(id: section * 100 + $0, title: "p\($0)") }))
    }
    let songs = (0..<30).map { Song(id: $0, title: "song \($0)") }
    let library = Library(songs: songs)
    var diagnostics: [Diagnostic] = []
    let (view, ledger) = makeModelView { diagnostics.append($0) }
    let source = DeclarativeDataSource(collectionView: view) {
      for section in model {
        Section(id: section.id, header: ListContent("S\(section.id)")) {
          if section.banner { ListContent("banner \(section.id)") }
          ForEach(section.photos) { Cell(PhotoCell.self, $0) }
            // Within a section and across them (tagged by the section's identifier).
            .onMove(tag: section.id) { move in
              guard let from = model.firstIndex(where: { $0.id == move.sourceTag }),
                let to = model.firstIndex(where: { $0.id == move.destinationTag })
              else { return }
              var keyed = [from: model[from].photos]
              keyed[to] = model[to].photos
              let transfer = ItemTransfer(
                sourceTag: from, sourceIndex: move.sourceIndex, destinationTag: to,
                destinationIndex: move.destinationIndex)
              guard transfer.apply(to: &keyed) else { return }
              model[from].photos = keyed[from]!
              model[to].photos = keyed[to]!
            }
            .swipeActions { photo in
              [
                SwipeAction(title: "Delete", width: 5) { _ in
                  for index in model.indices { model[index].photos.removeAll { $0.id == photo.id } }
                }
              ]
            }
        }
      }
      Section(id: -1) {
        ForEach(library.songs) { song in ListContent(song.title) }
      }
    }
    var time = 1.0
    view.layoutIfNeeded()

    func expectedTexts() -> [[String]] {
      model.map { section in
        (section.banner ? ["banner \(section.id)"] : []) + section.photos.map(\.title)
      } + [library.songs.map(\.title)]
    }

    /// A section with a new identifier (seeded), to insert.
    func newSection(_ rng: inout SeededRandom) -> ModelSection {
      nextID += 1
      return ModelSection(
        id: nextID, banner: rng.chance(0.3),
        photos: (0..<rng.int(0...8)).map { Photo(id: nextID * 100 + $0, title: "n\($0)") })
    }

    for step in 0..<150 {
      var action = ""
      let choice = rng.int(0..<14)
      switch choice {
      case 3 where !model.isEmpty:
        action = "flip a banner"
        model[rng.int(0..<model.count)].banner.toggle()
      case 4...5 where !model.isEmpty:
        action = "edit items"
        let section = rng.int(0..<model.count)
        for _ in 0..<rng.int(1...5) {
          var photos = model[section].photos
          switch rng.int(0..<4) {
          case 0:
            nextID += 1
            photos.insert(Photo(id: nextID, title: "i\(nextID)"), at: rng.int(0...photos.count))
          case 1 where !photos.isEmpty: photos.remove(at: rng.int(0..<photos.count))
          case 2 where photos.count > 1:
            let moved = photos.remove(at: rng.int(0..<photos.count))
            photos.insert(moved, at: rng.int(0...photos.count))
          case 3 where !photos.isEmpty: photos[rng.int(0..<photos.count)].title += "'"
          default: break
          }
          model[section].photos = photos
        }
      case 6:
        action = "write an observed title"
        songs[rng.int(0..<songs.count)].title += "*"
      case 7:
        action = "reorder the observed songs"
        let moved = library.songs.remove(at: rng.int(0..<library.songs.count))
        library.songs.insert(moved, at: rng.int(0...library.songs.count))
      case 8:
        action = "scroll"
        let height = view.contentSize.height
        view.setContentOffset(
          Point(x: 0, y: rng.double(0...max(0, height - 12))), animated: rng.chance(0.5))
      case 9:
        action = "resize"
        view.viewportSize = Size(width: 30, height: Double(rng.int(3...20)))
      case 10:
        // A drag of a displayed photo, perhaps with the data changing under it.
        action = "drag"
        let photosShown = view.indexPathsForVisibleItems.filter {
          view.cellForItem(at: $0) is PhotoCell
        }
        guard let from = photosShown.randomElement(using: &rng) else { break }
        guard view.beginInteractiveMovementForItem(at: from) else { break }
        let frame = view.frameForItem(at: from) ?? .zero
        view.updateInteractiveMovementTargetPosition(
          Point(x: 5, y: frame.midY - view.contentOffset.y + Double(rng.int(-4...4))))
        view.layoutIfNeeded()
        if rng.chance(0.3) {
          action = "drag, the data changing under it"
          nextID += 1
          let section = rng.int(0..<model.count)
          model[section].photos.insert(Photo(id: nextID, title: "d\(nextID)"), at: 0)
          source.updateNow(animated: rng.chance(0.5))
        }
        if rng.chance(0.8) {
          view.endInteractiveMovement()
        } else {
          view.cancelInteractiveMovement()
        }
      case 11:
        action = "swipe a row open"
        if let path = view.indexPathsForVisibleItems.filter({
          view.cellForItem(at: $0) is PhotoCell
        }).randomElement(using: &rng),
          view.openSwipeActions(forItemAt: path, edge: .trailing, animated: rng.chance(0.5)),
          rng.chance(0.5), let revealed = view.revealedSwipeActions.first
        {
          action = "swipe a row open and delete it"
          view.performSwipeAction(at: Point(x: revealed.frame.midX, y: revealed.frame.midY))
        }
      case 12 where model.count > 1:
        // A photo moved to another section by the data: a move in the batch (it keeps its
        // cell), not a delete and an insert.
        action = "move a photo to another section"
        let from = rng.int(0..<model.count)
        let to = (from + rng.int(1..<model.count)) % model.count
        guard !model[from].photos.isEmpty else { break }
        let photo = model[from].photos.remove(at: rng.int(0..<model[from].photos.count))
        model[to].photos.insert(photo, at: rng.int(0...model[to].photos.count))
      default:
        // A section inserted, removed or moved (0, 1, 2) where it can be; else nothing.
        action = model.reshapeRandomly(choice, "section", &rng, inserting: newSection) ?? "nothing"
      }
      // An update now or on the next tick, perhaps with an earlier one still animating.
      source.updateRandomly(&rng)
      time += rng.chance(0.5) ? 0.05 : 1
      view.tick(now: time)
      if rng.chance(0.7) { view.settleUpdateAnimation() }
      view.layoutIfNeeded()
      // A tick shows any observed change not yet applied.
      if !view.isAnimatingUpdates {
        view.tick(now: time + 0.01)
        view.layoutIfNeeded()
      }

      let where_ = "seed \(seed), step \(step) (\(action))"
      if view.isAnimatingUpdates { view.settleUpdateAnimation() }
      guard
        expectShows(
          expectedTexts(), in: view, ledger: ledger, diagnostics: diagnostics, at: where_)
      else { return }
    }
    withExtendedLifetime(source) {}
  }
}

/// Random changes to the data of a `Sections` run, the whole body (its sections made as they
/// show, a new version reloading) or beside another section (made on every body and diffed),
/// with scrolls, resizes and ticks between: after every step the counts are the data's, each
/// displayed cell shows its own item, and display callbacks pair.
struct SectionsModelTests {
  struct Day {
    var id: Int
    var entries: [Photo]
  }

  @Test(arguments: 0..<8)
  func randomRunsShowTheirData(_ index: Int) {
    var (seed, rng) = SeededRandom.forCase(index, base: 0x5EC7_1045)
    let mixed = index % 2 == 1
    var nextID = 10_000
    var days = (0..<rng.int(0...60)).map { day in
      Day(
        id: day, entries: (0..<rng.int(0...12)).map { Photo(id: day * 100 + $0, title: "e\($0)") })
    }
    var revision = 0
    var diagnostics: [Diagnostic] = []
    let (view, ledger) = makeModelView { diagnostics.append($0) }
    let source = DeclarativeDataSource(collectionView: view) {
      Sections(days, id: \.id, version: revision, itemCount: { $0.entries.count }) { day in
        Section(id: day.id, header: ListContent("D\(day.id)")) {
          ForEach(day.entries) { Cell(PhotoCell.self, $0) }
        }
      }
      if mixed {
        Section(id: -1, header: ListContent("tail")) { ListContent("last") }
      }
    }
    view.layoutIfNeeded()
    var time = 1.0

    /// A day with a new identifier (seeded), to insert.
    func newDay(_ rng: inout SeededRandom) -> Day {
      nextID += 1
      return Day(
        id: nextID,
        entries: (0..<rng.int(0...6)).map { Photo(id: nextID * 100 + $0, title: "n\($0)") })
    }

    for step in 0..<120 {
      let choice = rng.int(0..<8)
      let action: String
      switch choice {
      case 3 where !days.isEmpty:
        action = "edit a day's entries"
        let day = rng.int(0..<days.count)
        nextID += 1
        if rng.chance(0.5) || days[day].entries.isEmpty {
          days[day].entries.insert(
            Photo(id: nextID, title: "i\(nextID)"), at: rng.int(0...days[day].entries.count))
        } else {
          days[day].entries[rng.int(0..<days[day].entries.count)].title += "'"
        }
      case 4:
        action = "scroll"
        view.setContentOffset(
          Point(x: 0, y: rng.double(0...max(0, view.contentSize.height - 12))),
          animated: rng.chance(0.5))
      case 5:
        action = "resize"
        view.viewportSize = Size(width: 30, height: Double(rng.int(3...20)))
      case 6:
        action = "an update over the same data"
      default:
        // A day inserted, removed or moved (0, 1, 2) where it can be; else nothing.
        action = days.reshapeRandomly(choice, "day", &rng, inserting: newDay) ?? "nothing"
      }
      if action != "scroll" && action != "resize" && action != "an update over the same data"
        && action != "nothing"
      {
        revision += 1
      }
      source.updateRandomly(&rng)
      time += rng.chance(0.5) ? 0.05 : 1
      view.tick(now: time)
      if view.isAnimatingUpdates { view.settleUpdateAnimation() }
      view.layoutIfNeeded()

      let where_ = "seed \(seed), step \(step) (\(action)), mixed \(mixed)"
      let expected = days.map { $0.entries.map(\.title) } + (mixed ? [["last"]] : [])
      guard expectShows(expected, in: view, ledger: ledger, diagnostics: diagnostics, at: where_)
      else { return }
    }
    withExtendedLifetime(source) {}
  }
}
