import ReuseTestSupport
import Testing

@testable import ReuseKit

/// A plain description of a rails layout's sections, with a reference that places every item
/// by walking from the start: what `RailsLayout` must agree with.
struct RailsModel {
  var counts: [Int]
  var sections: [RailSection]
  /// Spans of grid sections' items, by section then item.
  var spans: [[ItemSpan]]

  static let behaviours: [RailScrolling] = [
    .continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered,
  ]

  static func random(_ random: inout SeededRandom, grids: Bool = true) -> RailsModel {
    let sectionCount = random.int(0...24)
    var counts: [Int] = []
    var sections: [RailSection] = []
    var spans: [[ItemSpan]] = []
    for _ in 0..<sectionCount {
      let grid = grids && random.chance(0.2)
      let count = random.chance(0.1) ? 0 : random.int(0...(grid ? 40 : 400))
      counts.append(count)
      let scrolling = grid ? RailScrolling.none : behaviours[random.int(0..<behaviours.count)]
      let width: RailSection.ItemWidth =
        random.chance(0.3)
        ? .fractional([0.5, 0.9, 1][random.int(0...2)])
        : random.chance(0.2)
          ? .fillingPages(minimum: Double(random.int(8...90)))
          : .absolute(Double(random.int(8...90)))
      sections.append(
        RailSection(
          scrolling: scrolling, itemWidth: width, itemHeight: Double(random.int(4...60)),
          spacing: Double(random.int(0...6)),
          insets: EdgeInsets(
            top: Double(random.int(0...4)), left: Double(random.int(0...8)),
            bottom: Double(random.int(0...4)), right: Double(random.int(0...8))),
          headerHeight: random.chance(0.5) ? Double(random.int(1...12)) : 0))
      spans.append(
        (0..<count).map { _ in
          guard grid else { return .single }
          switch random.int(0...9) {
          case 0: return .fullWidth(height: random.chance(0.5) ? Double(random.int(2...80)) : nil)
          case 1, 2: return ItemSpan(columns: random.int(2...5))
          default: return .single
          }
        })
    }
    return RailsModel(counts: counts, sections: sections, spans: spans)
  }

  func makeLayout() -> RailsLayout {
    let sections = self.sections
    let spans = self.spans
    let layout = RailsLayout { sections[$0] }
    layout.spanProvider = { spans[$0.section][$0.item] }
    return layout
  }

  /// The width of `section`'s items in a viewport `viewportWidth` wide.
  static func itemWidth(of section: RailSection, viewportWidth: Double) -> Double {
    switch section.itemWidth {
    case .absolute(let value): return value
    case .fractional(let fraction):
      return max(0, viewportWidth - section.insets.left - section.insets.right) * fraction
    case .fillingPages(let minimum):
      let perPage = max(1, (viewportWidth / (minimum + section.spacing)).rounded(.down))
      return viewportWidth / perPage - section.spacing
    }
  }

  /// Every item's frame with its rail at `offsets[section]`, and each section's top, by
  /// walking from the start.
  func frames(viewportWidth width: Double, offsets: [Double]) -> [ItemPath: Rect] {
    var frames: [ItemPath: Rect] = [:]
    var top = 0.0
    for (index, section) in sections.enumerated() {
      let room = max(0, width - section.insets.left - section.insets.right)
      let itemWidth = Self.itemWidth(of: section, viewportWidth: width)
      let itemsTop = top + section.headerHeight + section.insets.top
      var body = 0.0
      if section.scrolling != .none {
        for item in 0..<counts[index] {
          frames[ItemPath(section: index, item: item)] = Rect(
            x: (section.insets.left - offsets[index]) + Double(item)
              * (itemWidth + section.spacing),
            y: itemsTop, width: itemWidth, height: section.itemHeight)
        }
        body = counts[index] > 0 ? section.itemHeight : 0
      } else {
        let stride = itemWidth + section.spacing
        let columns =
          stride > 0 ? max(1, Int(((room + section.spacing) / stride).rounded(.down))) : 1
        let columnWidth = max(0, (room - Double(columns - 1) * section.spacing) / Double(columns))
        // Rows: items go beside the last while their span fits.
        var rows: [[(item: Int, column: Int, span: Int, height: Double)]] = []
        var next = 0
        for item in 0..<counts[index] {
          let span = min(max(1, spans[index][item].columns), columns)
          let height = spans[index][item].height ?? section.itemHeight
          if rows.isEmpty || next + span > columns {
            rows.append([])
            next = 0
          }
          rows[rows.count - 1].append((item, next, span, height))
          next += span
        }
        var y = 0.0
        for (r, row) in rows.enumerated() {
          let height = row.map(\.height).max() ?? 0
          for entry in row {
            frames[ItemPath(section: index, item: entry.item)] = Rect(
              x: section.insets.left + Double(entry.column) * (columnWidth + section.spacing),
              y: itemsTop + y,
              width: Double(entry.span) * columnWidth + Double(entry.span - 1) * section.spacing,
              height: height)
          }
          y += height + (r + 1 < rows.count ? section.spacing : 0)
        }
        body = y
      }
      top += section.headerHeight + section.insets.top + body + section.insets.bottom
    }
    return frames
  }

  /// The items meeting `rect`, in order.
  func items(in rect: Rect, viewportWidth: Double, offsets: [Double]) -> [ItemPath] {
    frames(viewportWidth: viewportWidth, offsets: offsets).filter { $0.value.intersects(rect) }
      .map(\.key).sorted()
  }

  /// Where rail `section` may rest after a release settles.
  func isRestingStop(
    _ offset: Double, section index: Int, viewportWidth: Double, maximum: Double
  ) -> Bool {
    let section = sections[index]
    if offset == 0 || abs(offset - maximum) < 1e-6 { return true }
    let itemWidth = Self.itemWidth(of: section, viewportWidth: viewportWidth)
    let stride = itemWidth + section.spacing
    switch section.scrolling {
    case .none, .continuous: return offset >= 0 && offset <= maximum
    case .paging:
      let pages = offset / max(1, viewportWidth)
      return abs(pages - pages.rounded()) < 1e-6
    case .groupPaging, .continuousGroupLeadingBoundary:
      let items = offset / stride
      return abs(items - items.rounded()) < 1e-6
    case .groupPagingCentered:
      let items = (offset + viewportWidth / 2 - itemWidth / 2 - section.insets.left) / stride
      return abs(items - items.rounded()) < 1e-6
    }
  }
}

@Suite struct RailsLayoutTests {
  // MARK: Geometry

  @Test func queriesMatchAWalkFromTheStart() {
    for index in 0..<60 {
      var (seed, random) = SeededRandom.forCase(index, base: 0x7A11)
      let model = RailsModel.random(&random)
      let layout = model.makeLayout()
      let width = Double(random.int(40...400))
      layout.prepare(
        LayoutContext(
          itemCounts: model.counts, viewportSize: Size(width: width, height: 300),
          diagnostics: Diagnostics()))
      var offsets = model.counts.indices.map { _ in 0.0 }
      for section in model.counts.indices where layout.isRail(section) {
        let maximum = layout.maximumRailOffset(of: section)
        offsets[section] = random.chance(0.3) ? 0 : random.double(0...maximum)
        layout.setRailOffset(offsets[section], of: section, clamped: true)
      }
      let frames = model.frames(viewportWidth: width, offsets: offsets)
      let height = layout.contentSize.height
      for _ in 0..<20 {
        let rect = random.rect(maxX: width, maxY: height, maxWidth: width, maxHeight: 300)
        let found = layout.elements(in: rect)
        let expected = model.items(in: rect, viewportWidth: width, offsets: offsets)
        #expect(found.items.map(\.indexPath) == expected, "seed \(seed)")
        for attributes in found.items {
          #expect(attributes.frame == frames[attributes.indexPath], "seed \(seed)")
        }
      }
      for (path, frame) in frames.prefix(50) where frame.width > 0 && frame.height > 0 {
        #expect(layout.layoutAttributesForItem(at: path)?.frame == frame, "seed \(seed)")
        let inside = Point(x: frame.midX, y: frame.midY)
        #expect(layout.indexPathForItem(at: inside) == path, "seed \(seed): hit \(path)")
      }
      _ = seed
    }
  }

  @Test func badMetricsAreReportedAndClamped() {
    let diagnostics = Diagnostics()
    var messages: [String] = []
    diagnostics.handler = { messages.append($0.message) }
    let layout = RailsLayout { _ in
      RailSection(
        scrolling: .continuous, itemWidth: .absolute(.nan), itemHeight: -4, spacing: .infinity)
    }
    layout.prepare(
      LayoutContext(
        itemCounts: [5, 1_000_000], viewportSize: Size(width: 80, height: 24),
        diagnostics: diagnostics))
    #expect(!messages.isEmpty)
    #expect(layout.contentSize.height.isFinite && layout.contentSize.height >= 0)
    var found = LayoutElements()
    layout.elements(
      in: LayoutQuery(viewport: Rect(x: 0, y: 0, width: 80, height: 24)), into: &found)
    for attributes in found.items { #expect(attributes.frame.isFinite) }
  }

  // MARK: Gestures

  private func makeRails(
    _ scrolling: RailScrolling, rails: Int = 20, items: Int = 50, width: Double = 100
  ) -> (CollectionView, Recorder) {
    let layout = RailsLayout { _ in
      RailSection(
        scrolling: scrolling, itemWidth: .absolute(30), itemHeight: 20, spacing: 5,
        insets: EdgeInsets(top: 0, left: 5, bottom: 5, right: 5), headerHeight: 5)
    }
    let (view, recorder) = makeCollectionView(
      counts: Array(repeating: items, count: rails), layout: layout,
      viewport: Size(width: width, height: 100))
    recorder.recordsEvents = false
    view.layoutIfNeeded()
    return (view, recorder)
  }

  /// Drags from `start` by `delta` over `steps` samples 1/60 s apart, then lets go.
  private func drag(
    _ view: CollectionView, from start: Point, by delta: Point, steps: Int = 6, time: inout Double
  ) {
    view.handle(PointerEvent(.began, at: start, time: time))
    for step in 1...steps {
      time += 1.0 / 60
      let f = Double(step) / Double(steps)
      view.handle(
        PointerEvent(
          .moved, at: Point(x: start.x + delta.x * f, y: start.y + delta.y * f), time: time))
    }
    view.handle(
      PointerEvent(.ended, at: Point(x: start.x + delta.x, y: start.y + delta.y), time: time))
  }

  private func settle(_ view: CollectionView, time: inout Double) {
    for _ in 0..<600 where view.isAnimating {
      time += 1.0 / 60
      view.tick(now: time)
    }
  }

  @Test func aSidewaysDragScrollsTheRailUnderItAndNothingElse() {
    let (view, recorder) = makeRails(.continuous)
    defer { withExtendedLifetime(recorder) {} }
    var time = 1.0
    // The second rail's band: header 5, rows from y = 5 + 25 + 5 = 35 to 55.
    drag(view, from: Point(x: 80, y: 40), by: Point(x: -40, y: 2), time: &time)
    #expect(view.contentOffset.y == 0, "the list stays")
    #expect(view.railOffset(ofSection: 1) >= 40, "the rail follows the finger")
    #expect(view.railOffset(ofSection: 0) == 0)
    #expect(view.railOffset(ofSection: 2) == 0)
    settle(view, time: &time)
    let rested = view.railOffset(ofSection: 1)
    #expect(rested > 40, "a fling decelerates further")
    // The cells of rail 1 sit where the rail's offset puts them.
    view.layoutIfNeeded()
    let first = view.layoutAttributesForItem(at: ItemPath(section: 1, item: 0))!.frame
    #expect(first.minX == 5 - rested)
    // A vertical drag scrolls the list, not the rail.
    drag(view, from: Point(x: 50, y: 40), by: Point(x: 2, y: -30), time: &time)
    settle(view, time: &time)
    #expect(view.contentOffset.y > 0)
    #expect(view.railOffset(ofSection: 1) == rested)
  }

  @Test func pagingAndGroupPagingRestOnTheirStops() {
    for scrolling in RailsModel.behaviours {
      let (view, recorder) = makeRails(scrolling)
      defer { withExtendedLifetime(recorder) {} }
      var time = 1.0
      drag(view, from: Point(x: 80, y: 10), by: Point(x: -50, y: 0), time: &time)
      settle(view, time: &time)
      let offset = view.railOffset(ofSection: 0)
      let layout = view.collectionViewLayout as! RailsLayout
      #expect(offset > 0, "\(scrolling)")
      switch scrolling {
      case .paging:
        #expect(offset.truncatingRemainder(dividingBy: 100) == 0, "\(scrolling): \(offset)")
      case .groupPaging:
        #expect(offset == 35, "one item per swipe, \(scrolling): \(offset)")
      case .groupPagingCentered:
        let item = layout.railItem(nearest: offset, in: 0, alignment: .center)
        #expect(offset == layout.railOffset(aligning: item, in: 0, alignment: .center))
      case .continuousGroupLeadingBoundary:
        #expect(offset.truncatingRemainder(dividingBy: 35) == 0, "\(scrolling): \(offset)")
      default: break
      }
    }
  }

  /// `.fillingPages` fits whole items to a page, so that a paging rail rests on whole items
  /// at every page: the first at the leading inset, the last ending inside the rail, none cut
  /// (issue 41, finding 10: the store's "a page a swipe" rail left part of a tile).
  @Test func itemsThatFillPagesLetAPagingRailRestOnWholeItems() {
    for width in [100.0, 173, 240.5] {
      let layout = RailsLayout { _ in
        RailSection(
          scrolling: .paging, itemWidth: .fillingPages(minimum: 30), itemHeight: 20,
          spacing: 5, insets: EdgeInsets(top: 0, left: 5, bottom: 5, right: 5), headerHeight: 5)
      }
      let (view, recorder) = makeCollectionView(
        counts: [40], layout: layout, viewport: Size(width: width, height: 100))
      defer { withExtendedLifetime(recorder) {} }
      view.layoutIfNeeded()
      let perPage = Int(width / 35)
      let item = view.layoutAttributesForItem(at: ItemPath(section: 0, item: 0))!.frame
      #expect(item.width >= 30, "at least the minimum: \(width)")
      #expect(abs((item.width + 5) * Double(perPage) - width) < 1e-9, "a page of whole items")
      var time = 1.0
      for page in 1...3 {
        drag(view, from: Point(x: width - 5, y: 10), by: Point(x: -0.6 * width, y: 0), time: &time)
        settle(view, time: &time)
        let offset = view.railOffset(ofSection: 0)
        #expect(abs(offset - Double(page) * width) < 1e-9, "page \(page) at \(width): \(offset)")
        view.layoutIfNeeded()
        let shown = view.indexPathsForVisibleItems.compactMap {
          view.layoutAttributesForItem(at: $0)?.frame
        }
        .filter { $0.maxX > 0.5 && $0.minX < width - 0.5 }
        #expect(shown.count == perPage, "whole items only, page \(page) at \(width)")
        #expect(shown.allSatisfy { $0.minX >= 0 && $0.maxX <= width + 1e-9 })
      }
    }
  }

  @Test func aTouchStopsAMovingRailAndATapThenSettlesIt() {
    let (view, recorder) = makeRails(.groupPaging)
    defer { withExtendedLifetime(recorder) {} }
    var time = 1.0
    view.tick(now: time)
    view.setRailOffset(350, ofSection: 2, animated: true)
    time += 0.05
    view.tick(now: time)
    let moving = view.railOffset(ofSection: 2)
    #expect(moving > 0 && moving < 350)
    view.handle(PointerEvent(.began, at: Point(x: 50, y: 70), time: time))
    time += 0.1
    view.tick(now: time)
    #expect(view.railOffset(ofSection: 2) == moving, "held under the finger")
    view.handle(PointerEvent(.ended, at: Point(x: 50, y: 70), time: time))
    settle(view, time: &time)
    let rested = view.railOffset(ofSection: 2)
    #expect(rested.truncatingRemainder(dividingBy: 35) == 0, "settles on an item: \(rested)")
    #expect(view.contentOffset.y == 0)
  }

  @Test func aSidewaysWheelOverARailScrollsIt() {
    let (view, recorder) = makeRails(.continuous)
    defer { withExtendedLifetime(recorder) {} }
    view.handle(WheelEvent(delta: Point(x: 30, y: 0), time: 1, location: Point(x: 50, y: 40)))
    #expect(view.railOffset(ofSection: 1) == 30)
    view.handle(
      WheelEvent(
        delta: Point(x: 0, y: 20), time: 1.1, modifiers: .shift, location: Point(x: 50, y: 40)))
    #expect(view.railOffset(ofSection: 1) == 50)
    // A plain wheel scrolls the list.
    view.handle(WheelEvent(delta: Point(x: 0, y: 20), time: 1.2, location: Point(x: 50, y: 40)))
    #expect(view.contentOffset.y == 20)
    #expect(view.railOffset(ofSection: 1) == 50)
  }

  // MARK: Offsets kept

  @Test func aRailKeepsItsOffsetOutOfViewAcrossReloadsUpdatesAndRestores() {
    let (view, recorder) = makeRails(.continuous)
    view.setRailOffset(123, ofSection: 0)
    view.setRailOffset(77, ofSection: 3)
    // Scrolled far away and back.
    view.contentOffset = Point(x: 0, y: 400)
    view.layoutIfNeeded()
    view.contentOffset = Point(x: 0, y: 0)
    view.layoutIfNeeded()
    #expect(view.railOffset(ofSection: 0) == 123)
    #expect(
      view.layoutAttributesForItem(at: ItemPath(section: 0, item: 4))!.frame.minX == 5 + 140 - 123)
    // A reload keeps them.
    view.reloadData()
    view.layoutIfNeeded()
    #expect(view.railOffset(ofSection: 3) == 77)
    // A section inserted above: the offsets move with their sections.
    recorder.counts.insert(50, at: 0)
    view.performBatchUpdates { view.insertSections([0]) }
    view.layoutIfNeeded()
    #expect(view.railOffset(ofSection: 1) == 123)
    #expect(view.railOffset(ofSection: 4) == 77)
    #expect(view.railOffset(ofSection: 0) == 0)
    // A saved position carries them.
    let saved = view.savedScrollPosition()!
    #expect(saved.railOffsets?.count == 2)
    view.setRailOffset(0, ofSection: 1)
    view.setRailOffset(300, ofSection: 2)
    view.restoreScrollPosition(saved)
    #expect(view.railOffset(ofSection: 1) == 123)
    #expect(view.railOffset(ofSection: 2) == 0)
    #expect(view.railOffset(ofSection: 4) == 77)
    // Shrunk content clamps.
    recorder.counts[1] = 3
    view.reloadData()
    view.layoutIfNeeded()
    #expect(view.railOffset(ofSection: 1) == 10)  // 5 + 3 × 30 + 2 × 5 + 5 − 100
  }

  // MARK: Focus

  @Test func focusMovesAcrossRailsByGeometryAndRemembersEachRail() {
    let (view, recorder) = makeRails(.continuous)
    defer { withExtendedLifetime(recorder) {} }
    view.focusItem(at: ItemPath(section: 0, item: 0))
    for _ in 0..<5 { view.handle(KeyPress(.right)) }
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 5))
    // The rail scrolled to show the focused item.
    let frame = view.layoutAttributesForItem(at: ItemPath(section: 0, item: 5))!.frame
    #expect(frame.minX >= 0 && frame.maxX <= 100)
    #expect(view.railOffset(ofSection: 0) > 0)
    // Down: the item of the rail below nearest the focused one's centre.
    view.handle(KeyPress(.down))
    let below = view.focusedIndexPath!
    #expect(below.section == 1)
    let belowFrame = view.layoutAttributesForItem(at: below)!.frame
    #expect(abs(belowFrame.midX - frame.midX) <= 17.5)
    view.handle(KeyPress(.right))
    // Back up: the rail above remembers item 5.
    view.handle(KeyPress(.up))
    #expect(view.focusedIndexPath == ItemPath(section: 0, item: 5))
    // Down again: rail 1 remembers its item.
    view.handle(KeyPress(.down))
    #expect(view.focusedIndexPath == ItemPath(section: 1, item: below.item + 1))
    // End of the line.
    view.handle(KeyPress(.end))
    #expect(view.focusedIndexPath?.section == 19)
  }

  @Test func prefetchReachesTheNextItemsOfTheRailsOnScreen() {
    let (view, recorder) = makeRails(.continuous)
    recorder.recordsEvents = true
    view.prefetchDataSource = recorder
    view.contentOffset = Point(x: 0, y: 1)
    view.layoutIfNeeded()
    let prefetched = recorder.events.flatMap { event -> [ItemPath] in
      if case .prefetch(let paths) = event { return paths }
      return []
    }
    // Rail 0 shows items 0...2 (5 + 3 × 35 > 100); its next items are prefetched.
    #expect(prefetched.contains(ItemPath(section: 0, item: 3)))
    #expect(prefetched.contains(ItemPath(section: 0, item: 4)))
    #expect(!prefetched.contains(ItemPath(section: 0, item: 0)))
  }
}
