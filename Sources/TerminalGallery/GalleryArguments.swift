/// The command line's words before they are parsed.
public enum GalleryArguments {
  /// `arguments` ready for the parser: a negative number after an option is its value
  /// (`--items -5` becomes `--items=-5`, `--size -5x10` becomes `--size=-5x10`, which
  /// validation then explains, where a parser would take `-5` for an option and say a value is
  /// missing), and `--color` alone (last, or before an option) means `--color always`.
  public static func prepared(_ arguments: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word.hasPrefix("--"), !word.contains("="), index + 1 < arguments.count,
        startsWithNegativeNumber(arguments[index + 1])
      {
        result.append(word + "=" + arguments[index + 1])
        index += 2
        continue
      }
      result.append(word)
      // A word after it that is not an option is its value, known or not (the gallery takes
      // no other words): the parser then says the value is not one it takes.
      if word == "--color", index + 1 == arguments.count || arguments[index + 1].hasPrefix("-") {
        result.append("always")
      }
      index += 1
    }
    return result
  }

  /// Whether `word` is a negative number, or starts like one (`-5x10`, a size): a value,
  /// not an option.
  static func startsWithNegativeNumber(_ word: String) -> Bool {
    guard word.hasPrefix("-"), let next = word.dropFirst().first else { return false }
    return next.isASCII && (next.isNumber || next == ".")
  }
}
