import ReuseKit

/// One task of the data-source page. Identified by `id`, so renaming a task changes its
/// content, not its identity: the diff reconfigures its cell instead of replacing it.
///
/// A task holds numbers only, its texts in ``TaskTexts``: the page makes 250,000 of them, and
/// every edit copies, compares and frees the whole list, which for plain data is a memory
/// copy and a free, with no reference counting per task.
public struct TaskItem: Identifiable, Hashable, Differentiable, Sendable {
  /// The task's identity, kept through edits.
  public let id: Int
  /// The title: generated from this number when it is 0 or more; else the data file's title
  /// at `-1 - title` in ``TaskTexts/titles``.
  public var title: Int
  /// The tag's index in ``TaskTexts/tags``.
  public var tag: Int
  /// How many times the task has been renamed.
  public var edits = 0
}

/// The texts tasks refer to: the data file's titles and every tag.
public struct TaskTexts: Sendable {
  /// The data file's titles, in the order they were added.
  public var titles: [String] = []
  /// Every tag: the built-in ones, then those the data file added.
  public var tags = ["ui", "core", "docs", "perf", "bug", "infra", "task"]
  private var tagIndex: [String: Int] = [:]

  /// The built-in tags, and no titles.
  public init() {}

  /// The verbs generated titles begin with.
  public static let verbs = ["Review", "Write", "Fix", "Plan", "Test", "Ship", "Sketch", "Measure"]

  /// The title of `task`.
  public func title(of task: TaskItem) -> String {
    if task.title < 0 { return titles[-1 - task.title] }
    return Self.verbs[task.title % Self.verbs.count] + " "
      + DemoData.title(forItem: task.title &* 7)
  }

  /// The tag of `task`.
  public func tag(of task: TaskItem) -> String { tags[task.tag] }

  /// The tag of `task` as a row shows it: a built-in tag as a tag ("#ui"); a data file's
  /// detail as it is, trimmed ("#ripe and ready" read as a tag it is not, and so did "#d");
  /// nothing for none (a "#" alone showed: new user's findings).
  public func shownTag(of task: TaskItem) -> String {
    if task.tag < Self.builtInTagCount { return "#" + tags[task.tag] }
    var tag = Substring(tags[task.tag])
    while tag.first?.isWhitespace == true { tag.removeFirst() }
    while tag.last?.isWhitespace == true { tag.removeLast() }
    return String(tag)
  }

  /// How many of ``tags`` are built in (the rest are a data file's details).
  static let builtInTagCount = 7

  /// The number a data file's title is kept under.
  public mutating func addTitle(_ title: String) -> Int {
    titles.append(title)
    return -titles.count
  }

  /// The index of `tag`, added if new.
  public mutating func tagNumber(_ tag: String) -> Int {
    if tagIndex.isEmpty {
      for (index, known) in tags.enumerated() { tagIndex[known] = index }
    }
    if let known = tagIndex[tag] { return known }
    tags.append(tag)
    tagIndex[tag] = tags.count - 1
    return tags.count - 1
  }
}

extension TaskItem {
  /// A task made from a number (its title and tag are generated from it).
  public init(id: Int, title: Int, tag: Int) {
    self.id = id
    self.title = title
    self.tag = tag
  }
}

/// A small deterministic generator, so that a scripted session of edits is reproducible.
public struct PageRandom: Sendable {
  private var state: UInt64

  /// A generator from `seed`.
  public init(seed: UInt64) { state = seed }

  /// A number in `0..<bound` (0 for an empty range).
  public mutating func next(below bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return bound > 0 ? Int((state >> 33) % UInt64(bound)) : 0
  }
}
