import CGtk
import ReuseKit
import XCTest

@testable import ReuseGTK

/// A row that shows a word of a `GtkStringList`.
final class WordCell: GTKCell {
  var word = ""
}

/// A collection view over a GTK model (`GtkStringList`, and sorted and filtered views of it)
/// through `GListModelDataSource`: after every change the model makes, seeded, the rows on
/// screen are the model's items in order, and selection follows its item.
final class GListModelTests: XCTestCase {
  private func strings(_ words: [String]) -> OpaquePointer {
    GTK.start()
    let list = gtk_string_list_new(nil)!
    for word in words { gtk_string_list_append(list, word) }
    return list
  }

  private func makeHost(
    _ model: OpaquePointer
  ) -> (CollectionViewWidget, GListModelDataSource) {
    let view = CollectionView(layout: ListLayout(itemSizing: .uniform(44)))
    view.register(WordCell.self, forCellWithReuseIdentifier: "word")
    view.allowsMultipleSelection = true
    let source = GListModelDataSource(collectionView: view, model: model) { view, path, item in
      let cell = view.dequeueReusableCell(WordCell.self, withReuseIdentifier: "word", for: path)
      cell.word = String(cString: gtk_string_object_get_string(item))
      return cell
    }
    return (CollectionViewWidget(collectionView: view), source)
  }

  /// The model's string at `index`.
  private func word(_ model: OpaquePointer, _ index: Int) -> String {
    guard let item = g_list_model_get_item(model, guint(index)) else { return "<none>" }
    defer { g_object_unref(item) }
    return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
  }

  /// Every row on screen shows the model's item at its index, and the counts agree.
  private func expectRowsMatch(
    _ host: CollectionViewWidget, _ model: OpaquePointer, _ note: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let view = host.collectionView
    host.layoutAndPlace()
    XCTAssertEqual(
      view.numberOfItems(inSection: 0), Int(g_list_model_get_n_items(model)), note, file: file,
      line: line)
    XCTAssertFalse(view.indexPathsForVisibleItems.isEmpty && g_list_model_get_n_items(model) > 0)
    for path in view.indexPathsForVisibleItems {
      let shown = (view.cellForItem(at: path) as? WordCell)?.word
      XCTAssertEqual(
        shown, word(model, path.item), "\(note): row \(path.item)", file: file, line: line)
    }
  }

  /// A row replaced by a new item is a deletion and an insertion, even when the allocator
  /// gives the new item the old one's address: the data source holds the items it remembers,
  /// so no address is reused while it compares them (the selected row's selection stayed on
  /// its replacement, now and then, in the test below).
  func testAReplacedRowLosesItsSelectionWhateverTheAddressOfItsReplacement() {
    let list = strings((0..<40).map { "word \($0)" })
    let (host, source) = makeHost(list)
    source.animatesChanges = false
    let window = show(host)
    defer { close(window) }
    let view = host.collectionView
    for round in 0..<30 {
      let row = round % 8
      view.indexPathsForSelectedItems.forEach { view.deselectItem(at: $0) }
      view.selectItem(at: ItemPath(section: 0, item: row))
      var pointers = [strdup("replacement \(round)"), nil]
      pointers.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(
          to: UnsafePointer<CChar>?.self, capacity: buffer.count
        ) { gtk_string_list_splice(list, guint(row), 1, $0) }
      }
      free(pointers[0])
      host.layoutAndPlace()
      XCTAssertEqual(view.indexPathsForSelectedItems, [], "round \(round): the row was replaced")
      XCTAssertEqual(word(list, row), "replacement \(round)")
    }
    withExtendedLifetime(source) {}
  }

  func testEditsOfAStringListBecomeBatchUpdatesThatKeepTheRowsAndTheSelection() {
    let seed = UInt64(ProcessInfo.processInfo.environment["REUSE_SEED"] ?? "") ?? 0x61157
    var random = XorShift(seed: seed)
    let list = strings((0..<200).map { "word \($0)" })
    let model = list
    let (host, source) = makeHost(model)
    source.animatesChanges = false
    let window = show(host)
    defer { close(window) }
    expectRowsMatch(host, model, "seed \(seed), start")
    var next = 200
    var changing = 0
    for step in 0..<60 {
      let view = host.collectionView
      // Select a row on screen and remember its word: the selection must follow it.
      let visible = view.indexPathsForVisibleItems.sorted()
      let chosen = visible.isEmpty ? nil : visible[Int(random.next() % UInt64(visible.count))]
      view.indexPathsForSelectedItems.forEach { view.deselectItem(at: $0) }
      if let chosen { view.selectItem(at: chosen) }
      let chosenWord = chosen.map { word(model, $0.item) }
      let count = Int(g_list_model_get_n_items(model))
      let position = Int(random.next() % UInt64(count + 1))
      let removed = min(count - position, Int(random.next() % 4))
      let added = Int(random.next() % 4)
      if removed > 0 || added > 0 { changing += 1 }
      let words = (0..<added).map { _ -> String in
        next += 1
        return "new \(next)"
      }
      // gtk_string_list_splice takes a NULL-terminated array of C strings.
      var pointers = words.map { strdup($0) } + [nil]
      pointers.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(
          to: UnsafePointer<CChar>?.self, capacity: buffer.count
        ) {
          gtk_string_list_splice(list, guint(position), guint(removed), $0)
        }
      }
      pointers.forEach { free($0) }
      expectRowsMatch(
        host, model, "seed \(seed), step \(step): splice \(position) -\(removed) +\(added)")
      if let chosen, let chosenWord {
        let survived = !(position..<position + removed).contains(chosen.item)
        let selected = view.indexPathsForSelectedItems
        if survived {
          XCTAssertEqual(selected.count, 1, "seed \(seed), step \(step)")
          XCTAssertEqual(
            selected.first.map { word(model, $0.item) }, chosenWord, "seed \(seed), step \(step)")
        } else {
          XCTAssertTrue(
            selected.isEmpty, "seed \(seed), step \(step): the selected row was removed")
        }
      }
    }
    XCTAssertEqual(source.changesApplied, changing, "every splice that changed something, once")
    XCTAssertGreaterThan(changing, 40)
    withExtendedLifetime(source) {}
  }

  func testASortedModelAnimatesSmallChangesAndReloadsLargeOnes() {
    let list = strings(["pear", "apple", "fig", "kiwi", "banana", "cherry"])
    let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
    let sorter = gtk_string_sorter_new(expression)
    // The sort model takes over the list and the sorter (transfer full).
    let sorted = gtk_sort_list_model_new(list, sorter.map { UnsafeMutablePointer($0) })!
    g_object_ref(gpointer(list))  // and the test keeps appending to the list
    let model = sorted
    let (host, source) = makeHost(model)
    let window = show(host)
    defer { close(window) }
    expectRowsMatch(host, model, "sorted")
    XCTAssertEqual(word(model, 0), "apple")
    // An append to the underlying list lands at its sorted place, animated.
    gtk_string_list_append(list, "date")
    XCTAssertTrue(host.collectionView.isAnimating, "a small change animates")
    GTK.run(for: 1) { !host.collectionView.isAnimating }
    expectRowsMatch(host, model, "after an append")
    XCTAssertEqual(word(model, 3), "date")
    // Unsorting replaces all 7 items with themselves in another order: diffed by identity,
    // rows glide (no row is deleted, so the selection stays with its word).
    let view = host.collectionView
    let kiwi = (0..<7).first { word(model, $0) == "kiwi" }!
    view.selectItem(at: ItemPath(section: 0, item: kiwi))
    let created = view.reuseCounters.created
    gtk_sort_list_model_set_sorter(sorted, nil)  // back to the list's order
    XCTAssertTrue(view.isAnimating, "the rows glide")
    GTK.run(for: 1) { !view.isAnimating }
    expectRowsMatch(host, model, "unsorted")
    XCTAssertEqual(word(model, 0), "pear")
    XCTAssertEqual(view.indexPathsForSelectedItems.map { word(model, $0.item) }, ["kiwi"])
    XCTAssertEqual(view.reuseCounters.created, created, "moved rows keep their cells")
    // Beyond the threshold a change reloads.
    source.reloadThreshold = 4
    let reloads = source.changesReloaded
    gtk_sort_list_model_set_sorter(
      sorted,
      UnsafeMutablePointer(
        gtk_string_sorter_new(
          gtk_property_expression_new(gtk_string_object_get_type(), nil, "string"))))
    XCTAssertEqual(source.changesReloaded, reloads + 1)
    expectRowsMatch(host, model, "sorted again")
    XCTAssertEqual(word(model, 0), "apple")
    withExtendedLifetime(source) {}
  }

  /// A cell that shows its place ("#3") shows the new one after rows before it are removed
  /// or added: the rows after a change are configured again (they kept their old numbers,
  /// "#1 #2 #4 #5" after a delete; a new user's finding in the GTK gallery).
  func testRowsAfterAChangeShowTheirNewPlaces() {
    let model = strings((0..<30).map { "word \($0)" })
    defer { g_object_unref(gpointer(model)) }
    let view = CollectionView(layout: ListLayout(itemSizing: .uniform(44)))
    view.register(WordCell.self, forCellWithReuseIdentifier: "word")
    let source = GListModelDataSource(collectionView: view, model: model) { view, path, _ in
      let cell = view.dequeueReusableCell(WordCell.self, withReuseIdentifier: "word", for: path)
      cell.word = "#\(path.item + 1)"
      return cell
    }
    let host = CollectionViewWidget(collectionView: view)
    let window = show(host)
    defer { close(window) }
    withExtendedLifetime(source) {
      host.layoutAndPlace()
      func expectPlaces(_ note: String) {
        view.tick(now: 1_000)
        view.tick(now: 2_000)
        host.layoutAndPlace()
        XCTAssertGreaterThan(view.indexPathsForVisibleItems.count, 5, note)
        for path in view.indexPathsForVisibleItems {
          XCTAssertEqual(
            (view.cellForItem(at: path) as? WordCell)?.word, "#\(path.item + 1)", note)
        }
      }
      gtk_string_list_remove(model, 2)
      expectPlaces("after a delete")
      let added = [strdup("new a"), strdup("new b")]
      defer { added.forEach { free($0) } }
      var additions = added.map { UnsafePointer($0) } + [nil]
      gtk_string_list_splice(model, 1, 0, &additions)
      expectPlaces("after an insert")
    }
  }

  func testTheModelIsReleasedWithTheDataSource() {
    let list = strings(["a"])
    let model = list
    var (host, source): (CollectionViewWidget?, GListModelDataSource?) = makeHost(model)
    let weakModel = WeakObject(model)
    withExtendedLifetime(host) {}
    g_object_unref(gpointer(model))  // ours: the data source holds the last reference
    XCTAssertTrue(weakModel.isAlive)
    XCTAssertNotNil(source, "the data source holds the model until it goes")
    source = nil
    host = nil
    XCTAssertFalse(weakModel.isAlive, "the model went with its data source")
  }
}

/// A GObject weak pointer: whether the object still exists.
final class WeakObject {
  private var pointer: gpointer?
  init(_ object: OpaquePointer) {
    pointer = gpointer(object)
    g_object_add_weak_pointer(pointer?.assumingMemoryBound(to: GObject.self), &pointer)
  }
  var isAlive: Bool { pointer != nil }
}

/// A small seeded generator (xorshift64*), for the GTK tests' random sessions.
struct XorShift {
  var state: UInt64
  init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9 : seed }
  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }
}
