#if PostgreSQL
  import GalleryKit
  import ReuseControls
  import ReuseKit

  extension PostgreSQLTable {
    // MARK: TableContent

    /// The table's name ("sales.orders" outside `public`).
    public var name: String { info.displayName }
    /// The columns' names.
    public var columnTitles: [String] { info.columns.isEmpty ? ["(no columns)"] : info.columns }
    /// The columns of a number type.
    public func isNumeric(column: Int) -> Bool { info.numericColumns.contains(column) }

    /// What loads brought; the exact count when it came; the sort made off the loop, once
    /// done.
    public func update() -> (loadedRows: Range<Int>, countChanged: Bool) {
      var countChanged = false
      if case .found(let exact, let first) = exactCount.withLock({ $0 }) {
        exactCount.withLock { $0 = .taken }
        plan.withLock { plan in
          // Dense keys: a page is a key range from now on (the same rows, by the index).
          if case .stored(nil) = plan.order, let first { plan.order = .stored(denseFrom: first) }
        }
        if exact != items.count || !items.isCountKnown {
          items.refresh(count: exact)
          countChanged = true
        }
      }
      if let job = sortJob, let (sort, result) = sortResult.withLock({ $0 }), sort == sorts {
        sortResult.withLock { $0 = nil }
        sortJob = nil
        switch result {
        case .success(let sorted):
          sortedSlot?.close()
          sortedSlot = job.slot
          show(
            .sortedTable(
              sorted, column: info.columns[job.descriptor.column],
              ascending: job.descriptor.ascending), on: job.slot)
          finishedSort = .success(job.descriptor)
        case .failure(let error) where error.message == "canceled":
          job.slot.close()  // cancelled: the rows keep their order
        case .failure(let error):
          job.slot.close()
          finishedSort = .failure(error)
        }
      }
      // The sort's temporary table went with its lost connection: made again (the pages
      // say so meanwhile).
      if sortJob == nil, let lost = sortLost.withLock({ $0 }) {
        sortLost.withLock { $0 = nil }
        let (order, slot) = plan.withLock { ($0.order, $0.slot) }
        // Only for the sort shown now (a page of an older one may say so late).
        if lost == ObjectIdentifier(slot), case .sortedTable(_, let column, let ascending) = order,
          let index = info.columns.firstIndex(of: column)
        {
          _ = sortRows(by: TableSortDescriptor(column: index, ascending: ascending))
        }
      }
      let loaded = takeLoadedRows(countChanged: countChanged)
      _ = retryFailedPages(now: clock())  // once this call's arrivals are taken
      return loaded
    }

    /// Shows the rows in `order` from now on, read on `slot` (a new store: the old one's
    /// loads are cancelled).
    func show(_ order: Plan.Order, on slot: SessionSlot) {
      plan.withLock {
        $0.order = order
        $0.slot = slot
      }
      if slot !== sortedSlot {
        sortedSlot?.close()
        sortedSlot = nil
      }
      replaceItems(with: makeItems)
    }

    /// Reads the rows again (others changed the table): counted again, the pages shown asked
    /// again (their old values showing until they arrive), and a sort made into a temporary
    /// table made again (the rows under it changed).
    public func refresh() -> Bool {
      exactCount.withLock { $0 = .counting }
      startCount()
      if sortJob == nil,
        case .sortedTable(_, let column, let ascending) = plan.withLock({ $0.order }),
        let index = info.columns.firstIndex(of: column)
      {
        _ = sortRows(by: TableSortDescriptor(column: index, ascending: ascending))
      }
      items.refresh(count: items.isCountKnown ? items.count : nil)
      return true
    }

    /// Counting, or a sort being made.
    public var loadingStatus: String? {
      if let job = sortJob {
        return sortingStatus(job.descriptor, of: info.columns, began: job.began, now: clock())
      }
      if let failed = failureStatus(now: clock()) { return failed }
      switch exactCount.withLock({ $0 }) {
      case .counting: return "counting rows…"
      case .failed(let message): return "cannot count the rows (\(message))"
      default: return nil
      }
    }

    /// Loads run, the count or a sort is being made.
    public var isBusy: Bool {
      items.hasPendingWork || sortJob != nil || finishedSort != nil || awaitsDisplayedRows
        || exactCount.withLock { $0 == .counting || $0.isFound }
        || waitsToRetry
    }

    /// The server sorts: through an index (or for a view, or a table without a one-column
    /// key) at once, else off the loop into a temporary table.
    public func sortRows(by descriptor: TableSortDescriptor?, following row: Int?) -> Bool {
      _ = cancelSort()
      followedSort += 1
      // The followed row by its key, as its loaded page shows it.
      let id = row.flatMap { row in info.keyColumn.flatMap { text(row: row, column: $0) } }
      if row != nil, id == nil { followResult.withLock { $0 = (followedSort, .lost) } }
      guard let descriptor, info.columns.indices.contains(descriptor.column) else {
        let dense = plan.withLock { plan -> Int? in
          if case .stored(let first) = plan.order { return first }
          return nil
        }
        let new = Plan.Order.stored(denseFrom: dense ?? denseStart)
        show(new, on: base)
        finishedSort = .success(nil)
        if let id { follow(id, to: new) }
        return true
      }
      let column = info.columns[descriptor.column]
      guard let key, !info.indexedColumns.contains(descriptor.column), !info.isView else {
        let new = Plan.Order.orderBy(column: column, ascending: descriptor.ascending)
        show(new, on: base)
        finishedSort = .success(descriptor)
        if let id { follow(id, to: new) }
        return true
      }
      sorts += 1
      let sorted = sortTableName()
      let statements = [
        "CREATE TEMP TABLE \(quote(sorted)) AS SELECT row_number() OVER ("
          + Self.ordering(.orderBy(column: column, ascending: descriptor.ascending), info: info)
          + ") AS n, t.\(key) AS r FROM \(info.quotedName) t",
        "CREATE UNIQUE INDEX ON pg_temp.\(quote(sorted)) (n)",
        "ANALYZE pg_temp.\(quote(sorted))",
      ]
      let slot = SessionSlot(server)
      let sortResult = sortResult
      let number = sorts
      // The followed row's place, found on the sort's connection once its table is made
      // (before the sort is said done, so the cursor moves with the new order's first frame).
      followedKey.withLock { $0 = id }
      let find = id.map { id in
        followLookup(
          "SELECT n - 1 FROM pg_temp.\(quote(sorted)) WHERE r::text = $1", id: id,
          latest: followedKey)
      }
      Task.detached {
        let result: Result<String, DataFileError>
        do throws(DataFileError) {
          let session = try await slot.session()
          for statement in statements { try await session.execute(statement) }
          result = .success(sorted)
          await find?(session)
        } catch {
          result = .failure(error)
        }
        sortResult.withLock { $0 = (number, result) }
      }
      sortJob = (descriptor, clock(), slot)
      return true
    }

    /// The cursor moved while a sort is made: that row (by its key, where its page is loaded)
    /// is the one followed.
    public func followRow(_ row: Int) {
      guard sortJob != nil, let column = info.keyColumn, let id = text(row: row, column: column)
      else { return }
      followedKey.withLock { $0 = id }
    }

    /// Finds where the row keyed `id` shows in `order`, on a connection of its own.
    func follow(_ id: String, to order: Plan.Order) {
      let sql =
        "SELECT n FROM (SELECT row_number() OVER (\(Self.ordering(order, info: info))) - 1 AS n, "
        + "t.\(key ?? "NULL")::text AS id FROM \(info.quotedName) t) s WHERE id = $1"
      let find = followLookup(sql, id: id)
      let server = server
      Task.detached {
        guard let session = try? await server.session() else { return await find(nil) }
        await find(session)
        await session.close()
      }
    }

    /// The work that runs `sql` (the followed row's new place from its key, `$1`) on a session
    /// and says what it found in ``followResult``.
    func followLookup(
      _ sql: String, id: String, latest: Locked<String?>? = nil
    ) -> @Sendable (PostgreSQLSession?) async -> Void {
      let followResult = followResult
      let sort = followedSort
      return { session in
        // The row the cursor is on now: it may have moved while the sort was made.
        let id = latest?.withLock { $0 } ?? id
        var found = TableFollowedRow.lost
        try? await session?.query(sql, [.text(id)]) { row in
          if let n = row.first.flatMap({ $0.flatMap { Int($0) } }) { found = .found(n) }
          return false
        }
        PagedTableContent.record(found, sort: sort, in: followResult)
      }
    }

    /// The first key when keys are dense (known once counted).
    var denseStart: Int? {
      if case .found(_, let first) = exactCount.withLock({ $0 }) { return first }
      return nil
    }

    /// A query finds the rows whose text in `column` contains `needle` (ignoring case), by
    /// their place in the order shown: from `start` to the end first, then from the top, on
    /// a connection of its own; the needle is bound, never written into SQL. A needle between
    /// slashes is a regular expression (PostgreSQL's, `~*`).
    public func search(
      for needle: String, column: Int, from start: Int, wholeValue: Bool,
      within conditions: [TableRowCondition]
    ) -> TableSearchJob? {
      guard TableRowCondition.fit(column, conditions, in: info.columns.indices) else { return nil }
      let job = TableSearchJob()
      let order = plan.withLock { $0.order }
      // The searched column as `v`, the conditions' as `w0`, `w1`…
      let values = ([column] + conditions.map(\.column)).enumerated().map { index, column in
        "t.\(quote(info.columns[column]))::text AS \(index == 0 ? "v" : "w\(index - 1)")"
      }
      let ordered =
        "SELECT row_number() OVER (\(Self.ordering(order, info: info))) - 1 AS n, "
        + "\(values.joined(separator: ", ")) FROM \(info.quotedName) t"
      // $1 the needle, $2 and $3 the range, $4… the conditions'.
      let searched = TableRowCondition(column: column, needle: needle, wholeValue: wholeValue)
      let tests =
        [Self.test(searched, value: "v", parameter: 1)]
        + conditions.enumerated().map { Self.test($1, value: "w\($0)", parameter: 4 + $0) }
      let bound = tests[0].bound
      let more = tests.dropFirst().map { PostgreSQLValue.text($0.bound) }
      let sql =
        "SELECT n FROM (\(ordered)) s WHERE \(tests.map(\.sql).joined(separator: " AND ")) "
        + "AND n >= $2 AND n < $3 ORDER BY n"
      let slot = SessionSlot(server)
      let stopped = Locked(false)
      let task = Task.detached {
        do throws(DataFileError) {
          let session = try await slot.session()
          var found = TableSearchJob.Batch()
          for range in [start..<Int.max, 0..<start] where !range.isEmpty {
            try await session.query(
              sql,
              [.text(bound), .integer(range.lowerBound), .integer(range.upperBound)] + more
            ) { row in
              if let n = row[0].flatMap({ Int($0) }) { found.add(n, to: job) }
              return !stopped.withLock { $0 }
            }
            found.flush(to: job)
          }
          job.finish()
        } catch {
          job.finish(problem: error.message)
        }
        slot.close()
      }
      job.onStop { [server] in
        stopped.withLock { $0 = true }
        task.cancel()
        Task.detached {
          if case .success(let session) = await slot.opening.value {
            await server.cancel(session)
          }
        }
      }
      return job
    }

    /// Counts `column`'s values with `GROUP BY` on a connection of its own (`NULL` counted
    /// as empty, as its cells show it).
    public func countValues(
      column: Int, within conditions: [TableRowCondition]
    )
      -> TableCountJob?
    {
      guard TableRowCondition.fit(column, conditions, in: info.columns.indices) else { return nil }
      let job = TableCountJob()
      let tests = conditions.enumerated().map {
        Self.test($1, value: "\(quote(info.columns[$1.column]))::text", parameter: 1 + $0)
      }
      let sql =
        "SELECT coalesce(\(quote(info.columns[column]))::text, ''), count(*) "
        + "FROM \(info.quotedName)"
        + TableRowCondition.whereClause(tests.map(\.sql))
        + " GROUP BY 1"
      let arguments = tests.map { PostgreSQLValue.text($0.bound) }
      let server = server
      Task.detached {
        do throws(DataFileError) {
          let session = try await server.session()
          defer { Task.detached { await session.close() } }
          var counts: [String: Int] = [:]
          try await session.query(sql, arguments) { row in
            counts[row[0] ?? "", default: 0] += row[1].flatMap { Int($0) } ?? 0
            return true
          }
          job.finish(.success(counts))
        } catch {
          job.finish(.failure(error))
        }
      }
      return job
    }

    /// The SQL test of `condition` on `value` (text: a column cast, or an alias), its text
    /// bound as parameter `parameter`: a needle between slashes is a regular expression
    /// (PostgreSQL's, `~*`), a whole value compares the text a cell shows (`NULL` as empty),
    /// else text contained, ignoring case.
    static func test(
      _ condition: TableRowCondition, value: String, parameter: Int
    ) -> (sql: String, bound: String) {
      let p = "$\(parameter)"
      if condition.wholeValue { return ("coalesce(\(value), '') = \(p)", condition.needle) }
      if let pattern = patternText(of: condition.needle) {
        return ("\(value) ~* \(p)", pattern)
      }
      return ("strpos(lower(\(value)), lower(\(p))) > 0", condition.needle)
    }

    /// Stops the sort being made (the server cancels it; the rows keep their order).
    public func cancelSort() -> Bool {
      guard let job = sortJob else { return false }
      sortJob = nil
      stop(job.slot)
      return true
    }
  }

  /// The pattern of a needle written between slashes, else `nil` (plain text), as the
  /// table page reads it.
  func patternText(of needle: String) -> String? {
    guard needle.count >= 3, needle.hasPrefix("/"), needle.hasSuffix("/") else { return nil }
    return String(needle.dropFirst().dropLast())
  }

  extension PostgreSQLTable.CountState {
    var isFound: Bool {
      if case .found = self { return true }
      return false
    }
  }
#endif
