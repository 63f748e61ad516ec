import ReuseKit

// How a body's declaration becomes sections: items outside sections gathered, identities
// given, each content type registered once, and what the groups declare noted.

extension DeclarativeDataSource {
  /// Sections from the declaration: items outside sections gathered into sections of their own,
  /// identities given, duplicates left out (reported once).
  func resolve(_ content: inout CollectionContent) -> SectionList {
    declaredIndex = nil
    // A body that is one long run of sections: made as they are read. A shorter one is made
    // whole, as sections declared one by one are, so that its changes are diffed and
    // animated (``Sections``, "When the data changes").
    if content.group == nil, content.nodes.count == 1,
      case .sections(let run) = content.nodes[0].part, run.count > Self.diffedRunLimit
    {
      let key = content.nesting.apply(content.nodes[0].key)
      noteIndex(of: run, from: 0)
      return SectionList(
        lazy: LazySections(run: run, key: key) { [unowned self] index in
          self.resolveSection(index, of: run, key: key)
        })
    }
    return SectionList(resolveAll(&content))
  }

  /// The run's section index, if it declares one, its sections starting at `first`.
  private func noteIndex(of run: any SectionRun, from first: Int) {
    guard let titles = run.indexTitles else { return }
    let count = run.count
    declaredIndex = (
      titles,
      { title in first + min(max(0, run.indexTarget(title)), max(0, count - 1)) }
    )
  }

  /// The most sections a ``Sections`` run that is the whole body may have and still be made
  /// whole on each body, its changes diffed and animated; a longer one is made as it shows,
  /// and reloads on a new version.
  public static var diffedRunLimit: Int { 1_000 }

  /// Section `index` of a run that is the whole body, made now: its groups registered, its
  /// declarations noted, the count its run declared checked.
  func resolveSection(_ index: Int, of run: any SectionRun, key: UInt64) -> ResolvedSection {
    let box = SectionBox(run.section(at: index))
    var groups = box.takeEntries()
    let count = registerGroups(&groups) { nil }
    if let declared = run.declaredItemCount(at: index), declared != count {
      report(
        "Sections: section \(index) was said to hold \(declared) items, its content holds "
          + "\(count); "
          + (declared > count ? "blank cells stand for the others" : "the rest is not shown"))
    }
    installSwipeProvidersIfNeeded()
    installDragAndDropIfNeeded()
    installSpansIfNeeded()
    return ResolvedSection(
      id: run.identity(at: index), header: box.section.header, footer: box.section.footer,
      groups: groups, rail: box.section.rail)
  }

  /// Sections from the declaration, each resolved now.
  @inline(__always)
  private func resolveAll(_ content: inout CollectionContent) -> [ResolvedSection] {
    // A body of one group outside sections (a `ForEach` alone, the ten-line list): its one
    // section made directly, as the general path below would make it, without its
    // bookkeeping (a list of loose groups, the closures that flush and add them).
    if let group = content.group.take() {
      // Taken out of the content, not copied.
      var run = [GroupEntry(key: content.nesting.apply(0), group: group)]
      let count = registerGroups(&run) { sections.first }
      let section = ResolvedSection(firstLooseGroup: run, count: count)
      if let shown = sections.first, shown.id == section.id { section.keepsShownIdentity = true }
      return [section]
    }
    var result: [ResolvedSection] = []
    result.reserveCapacity(content.count)
    // While each section has the identity of the one shown at its place, the identities are
    // as unique as those shown, and no set is needed: one comparison a section, which the
    // update then need not make again (``ResolvedSection/keepsShownIdentity``).
    let shown = sections
    var seen: Set<SectionIdentity>?
    var loose: [GroupEntry] = []
    var looseRuns = 0
    func add(_ section: ResolvedSection) {
      if seen == nil {
        let index = result.count
        if index < shown.count && shown[index].id == section.id {
          section.keepsShownIdentity = true
          result.append(section)
          return
        }
        // The first section can repeat none (a first body of one section makes no set).
        if result.isEmpty {
          result.append(section)
          return
        }
        seen = Set(result.map(\.id))
      }
      guard seen!.insert(section.id).inserted else {
        report(
          "DeclarativeDataSource: two sections are identified by \(section.id); the first "
            + "shows, the later one is left out")
        return
      }
      result.append(section)
    }
    func flushLoose() {
      guard !loose.isEmpty else { return }
      // Taken out, so that the array is registered in place, not copied.
      var run: [GroupEntry] = []
      swap(&run, &loose)
      let index = result.count
      _ = registerGroups(&run) {
        index < shown.count && shown[index].id == .loose(looseRuns) ? shown[index] : nil
      }
      add(ResolvedSection(id: .loose(looseRuns), header: nil, footer: nil, groups: run))
      looseRuns += 1
    }
    // The content's group, if it had one, was taken above: its nodes are all of it. Returns
    // how many items the section holds.
    @discardableResult
    func addSection(_ box: SectionBox, key: UInt64) -> Int {
      flushLoose()
      // Read in place (a copy of the section would retain its header, footer and items).
      let id = box.section.id ?? .placed(key)
      var groups = box.takeEntries()
      // The section shown at this place, over the same data: kept, with the new groups.
      let index = result.count
      let count = registerGroups(&groups) {
        index < shown.count && shown[index].id == id ? shown[index] : nil
      }
      if seen == nil, index < shown.count, case let kept = shown[index], kept.id == id,
        kept.header == box.section.header, kept.footer == box.section.footer,
        kept.rail == box.section.rail, kept.adopt(groups)
      {
        kept.keepsShownIdentity = true
        result.append(kept)
        return count
      }
      add(
        ResolvedSection(
          id: id, header: box.section.header, footer: box.section.footer, groups: groups,
          rail: box.section.rail))
      return count
    }
    for node in content.nodes {
      let key = content.nesting.apply(node.key)
      switch node.part {
      case .items(let group):
        loose.append(GroupEntry(key: key, group: group))
      case .section(let box):
        addSection(box, key: key)
      case .sections(let run):
        // Among other parts, or short: each section made now, as if declared on its own (the
        // counts the run says are only checked: its content's count is what shows).
        flushLoose()
        noteIndex(of: run, from: result.count)
        for index in 0..<max(0, run.count) {
          var section = run.section(at: index)
          section.id = run.identity(at: index)
          let count = addSection(SectionBox(section), key: nestKey(key, slot: index))
          if let declared = run.declaredItemCount(at: index), declared != count {
            report(
              "Sections: section \(index) was said to hold \(declared) items, its content "
                + "holds \(count); its content's count shows")
          }
        }
      }
    }
    flushLoose()
    return result
  }

  /// Gives `entries` their cells' identifiers and makers, each content type registered on
  /// first sight, and returns how many items they hold. `shown` is the section shown at their
  /// place, whose outlines' rows a group over the same roots and expansion takes as they are.
  ///
  /// Each entry is changed in place, through a buffer: reading `entries[i].group.x` from the
  /// array for each question copied the whole entry (its group, identifier and maker retained
  /// and released) seven times per group, a third of this function's cost per body.
  private func registerGroups(
    _ entries: inout [GroupEntry], shown: () -> ResolvedSection?
  ) -> Int {
    let context = groupContext
    var total = 0
    entries.withUnsafeMutableBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for index in buffer.indices {
        // Moved out of the array and back: the local entry's group is borrowed for each
        // question (a group asked in the array, or a copy of it, was copied per question).
        var entry = (first + index).move()
        defer { (first + index).initialize(to: entry) }
        var declared = entry.group.declarations
        if declared.contains(.outline) {
          // An outline takes the rows of the one shown at its place when nothing changed; its
          // walk may find a problem (a cycle) to report.
          if let presented = entry.group.presented(
            in: context, shown: shown()?.groups.first { $0.key == entry.key }?.group)
          {
            entry.group = presented
          }
          declared = entry.group.declarations
        } else if let presented = entry.group.presented(in: context) {
          entry.group = presented
        }
        noteDeclarations(declared, of: entry.group)
        let type = entry.group.contentType
        let identifier: String
        if let last = lastRegistered, last.type == type {
          identifier = last.identifier
        } else {
          if !registeredTypes.isEmpty, let known = registeredTypes.removeValue(forKey: type) {
            identifier = known
          } else {
            identifier = entry.group.register(in: collectionView)
          }
          if let last = lastRegistered { registeredTypes[last.type] = last.identifier }
          lastRegistered = (type, identifier)
        }
        entry.maker = entry.group.cellMaker(identifier: identifier, tracker: tracker)
        entry.reuseIdentifier = identifier
        total += max(0, entry.group.count)
      }
    }
    return total
  }

  /// Notes what `group` declares that the data source then provides (outlines, swipe
  /// actions, drag and drop, spans), and reports its problem.
  @inline(__always)
  private func noteDeclarations(_ declared: GroupDeclarations, of group: any ItemGroup) {
    guard !declared.isEmpty else { return }
    if declared.contains(.outline) {
      declaresOutline = true
      if let limits = group.stackedHeaderLimits { declaredStacking = limits }
    }
    if declared.contains(.problem), let problem = group.cycleDiagnostic { report(problem) }
    if declared.contains(.swipeActions) { declaresSwipeActions = true }
    if declared.contains(.dragAndDrop) { declaresDragAndDrop = true }
    if declared.contains(.spans) { declaresSpans = true }
  }
}
