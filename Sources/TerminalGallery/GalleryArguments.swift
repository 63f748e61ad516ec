/// The command line's words before they are parsed.
public enum GalleryArguments {
  /// `arguments` ready for the parser: a negative number after an option is its value
  /// (`--items -5` becomes `--items=-5`, which validation then explains, where a parser would
  /// take `-5` for an option and say a value is missing), and `--color` alone means
  /// `--color always`.
  public static func prepared(
    _ arguments: [String], colorChoices: Set<String> = defaultColors
  )
    -> [String]
  {
    var result: [String] = []
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word.hasPrefix("--"), !word.contains("="), index + 1 < arguments.count,
        arguments[index + 1].hasPrefix("-"), Double(arguments[index + 1]) != nil
      {
        result.append(word + "=" + arguments[index + 1])
        index += 2
        continue
      }
      result.append(word)
      if word == "--color",
        index + 1 == arguments.count || !colorChoices.contains(arguments[index + 1])
      {
        result.append("always")
      }
      index += 1
    }
    return result
  }

  /// The values `--color` takes.
  public static let defaultColors: Set<String> = ["auto", "always", "never", "256", "16"]
}
