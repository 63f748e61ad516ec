/// A place in a text file: 1-based line and column (in characters).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1.
  public var column: Int

  /// Creates a location.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line 3, column 14`.
  public var description: String { "line \(line), column \(column)" }
}

/// A JSON value, with the byte offset where it starts in the file (turn it into a line and
/// column with ``JSONParser/location(ofOffset:in:)`` when reporting an error).
public enum JSONValue: Sendable {
  /// An object; keys keep their order.
  case object([(key: String, value: JSONValue)], offset: Int)
  /// An array.
  case array([JSONValue], offset: Int)
  /// A string.
  case string(String, offset: Int)
  /// A number.
  case number(Double, offset: Int)
  /// `true` or `false`.
  case bool(Bool, offset: Int)
  /// `null`.
  case null(offset: Int)

  /// Where the value starts, in bytes from the start of the file.
  public var offset: Int {
    switch self {
    case .object(_, let offset), .array(_, let offset), .string(_, let offset),
      .number(_, let offset), .bool(_, let offset), .null(let offset):
      return offset
    }
  }

  /// The JSON type's name, for error messages.
  public var typeName: String {
    switch self {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .null: return "null"
    }
  }
}

/// Why a data file was rejected: what, and where.
public struct DataFileError: Error, Sendable, CustomStringConvertible {
  /// What was wrong.
  public var message: String
  /// Where, when known.
  public var location: SourceLocation?
  /// The byte offset, before it is turned into a location.
  var offset: Int?

  /// Whether the file could not be read at all (missing, a directory, no permission), as
  /// against read and found malformed: the command line exits 66 (`EX_NOINPUT`) for the one
  /// and 65 (`EX_DATAERR`) for the other.
  public var isUnreadable = false

  /// Creates an error.
  public init(_ message: String, at location: SourceLocation? = nil) {
    self.message = message
    self.location = location
  }

  /// An error for a file that could not be read at all.
  public init(unreadable message: String) {
    self.message = message
    isUnreadable = true
  }

  /// Creates an error at a byte offset (turned into a location by the caller).
  init(_ message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }

  /// `line 3, column 14: expected ',' or '}' after an object member`.
  public var description: String {
    location.map { "\($0): \(message)" } ?? message
  }

  /// `text` in double quotes as a message shows it: on one line (control characters,
  /// quotes and backslashes escaped as JSON writes them) and at most 40 characters.
  static func quoted(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        escaped +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16, uppercase: true)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    let cut = escaped.count > 40 ? String(escaped.prefix(39)) + "…" : escaped
    return "\"" + cut + "\""
  }
}

/// A strict JSON parser (RFC 8259) that reports the line and column of every error.
///
/// It rejects trailing commas, comments, unquoted keys, lone surrogates and control characters
/// in strings, and stops at a nesting depth of ``maximumDepth`` rather than overflowing the
/// stack on a hostile file.
public struct JSONParser {
  /// The deepest nesting accepted.
  public static let maximumDepth = 200

  private let bytes: [UInt8]
  private var index = 0

  /// Parses `bytes` as one JSON document.
  public static func parse(_ bytes: [UInt8]) throws(DataFileError) -> JSONValue {
    if let bad = firstInvalidUTF8(in: bytes) {
      throw DataFileError(
        "invalid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))",
        at: location(ofOffset: bad, in: bytes))
    }
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    guard parser.index < bytes.count else {
      throw DataFileError("the file is empty: expected a JSON value", at: parser.location)
    }
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw DataFileError("unexpected text after the JSON value", at: parser.location)
    }
    return value
  }

  /// Parses `bytes` as one JSON document and reads it with `read`, whose errors may carry
  /// byte offsets: only then, once, is an offset turned into a line and column.
  public static func parse<Value>(
    _ bytes: [UInt8], reading read: (JSONValue) throws(DataFileError) -> Value
  ) throws(DataFileError) -> Value {
    do {
      return try read(try parse(bytes))
    } catch {
      if let offset = error.offset {
        throw DataFileError(error.message, at: location(ofOffset: offset, in: bytes))
      }
      throw error
    }
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a UTF-8 byte order mark
  }

  /// The line and column (in characters) of byte `offset` in `bytes`.
  ///
  /// - Complexity: O(offset): only errors ask, once.
  public static func location(ofOffset offset: Int, in bytes: [UInt8]) -> SourceLocation {
    var line = 1
    var column = 1
    var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while position < min(offset, bytes.count) {
      let byte = bytes[position]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {  // count characters, not UTF-8 continuation bytes
        column += 1
      }
      position += 1
    }
    return SourceLocation(line: line, column: column)
  }

  /// The current position, for an error.
  private var location: SourceLocation { JSONParser.location(ofOffset: index, in: bytes) }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D, 0x0A: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(DataFileError) -> JSONValue {
    guard depth < JSONParser.maximumDepth else {
      throw DataFileError("nesting deeper than \(JSONParser.maximumDepth) levels", at: location)
    }
    guard index < bytes.count else {
      throw DataFileError("the file ends where a value should be (truncated?)", at: location)
    }
    let start = index
    switch bytes[index] {
    case 0x7B: return try parseObject(depth: depth)
    case 0x5B: return try parseArray(depth: depth)
    case 0x22: return .string(try parseString(), offset: start)
    case 0x74: try expectLiteral("true"); return .bool(true, offset: start)
    case 0x66: try expectLiteral("false"); return .bool(false, offset: start)
    case 0x6E: try expectLiteral("null"); return .null(offset: start)
    case 0x2D, 0x30...0x39: return .number(try parseNumber(), offset: start)
    default:
      throw DataFileError("expected a JSON value, found \(describeByte())", at: location)
    }
  }

  private mutating func parseObject(depth: Int) throws(DataFileError) -> JSONValue {
    let start = index
    var members: [(key: String, value: JSONValue)] = []
    var keys = Set<String>()
    if opensEmpty(closing: 0x7D) { return .object(members, offset: start) }
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        throw DataFileError("the file ends inside an object (truncated?)", at: location)
      }
      guard bytes[index] == 0x22 else {
        throw DataFileError("expected a quoted key, found \(describeByte())", at: location)
      }
      let keyStart = index
      let key = try parseString()
      guard keys.insert(key).inserted else {
        throw DataFileError(
          "the key \(DataFileError.quoted(key)) appears twice in one object",
          at: JSONParser.location(ofOffset: keyStart, in: bytes))
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == 0x3A else {
        throw DataFileError(
          "expected ':' after the key \(DataFileError.quoted(key))", at: location)
      }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth + 1)))
      if try closes(0x7D, "an object", "member") { return .object(members, offset: start) }
    }
  }

  private mutating func parseArray(depth: Int) throws(DataFileError) -> JSONValue {
    let start = index
    var elements: [JSONValue] = []
    if opensEmpty(closing: 0x5D) { return .array(elements, offset: start) }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      if try closes(0x5D, "an array", "element") { return .array(elements, offset: start) }
    }
  }

  /// Steps past an object's or an array's opening bracket and the white space after it;
  /// `true` when the `closing` bracket follows at once (an empty one), stepped past too.
  private mutating func opensEmpty(closing: UInt8) -> Bool {
    index += 1
    skipWhitespace()
    guard index < bytes.count && bytes[index] == closing else { return false }
    index += 1
    return true
  }

  /// After a member of an object or an element of an array: reads the ',' that continues it
  /// (`false`) or the `closing` bracket that ends it (`true`).
  private mutating func closes(
    _ closing: UInt8, _ container: String, _ part: String
  ) throws(DataFileError) -> Bool {
    skipWhitespace()
    guard index < bytes.count else {
      throw DataFileError("the file ends inside \(container) (truncated?)", at: location)
    }
    let byte = bytes[index]
    guard byte == 0x2C || byte == closing else {
      let expected = "',' or '\(Character(Unicode.Scalar(closing)))'"
      throw DataFileError(
        "expected \(expected) after \(container) \(part), found \(describeByte())", at: location)
    }
    index += 1
    return byte == closing
  }

  private mutating func parseString() throws(DataFileError) -> String {
    index += 1  // the opening quote
    // Most strings have no escape: they are their bytes (already checked to be UTF-8), made
    // into a String at once instead of scalar by scalar.
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 {
        let string = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        return string
      }
      if byte == 0x5C || byte < 0x20 { break }
      index += 1
    }
    var scalars = String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars
    var runStart = index
    while true {
      guard index < bytes.count else {
        throw DataFileError("the file ends inside a string (truncated?)", at: location)
      }
      let byte = bytes[index]
      if byte == 0x22 {
        scalars.append(
          contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 {
        throw DataFileError("a control character inside a string (use \\n, \\t…)", at: location)
      }
      if byte == 0x5C {
        scalars.append(
          contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
        scalars.append(try parseEscape())
        runStart = index
        continue
      }
      index += 1
    }
  }

  private mutating func parseEscape() throws(DataFileError) -> Unicode.Scalar {
    let escapeOffset = index
    var escapeLocation: SourceLocation { JSONParser.location(ofOffset: escapeOffset, in: bytes) }
    index += 1
    guard index < bytes.count else {
      throw DataFileError("the file ends inside an escape (truncated?)", at: escapeLocation)
    }
    let byte = bytes[index]
    index += 1
    switch byte {
    case 0x22: return "\""
    case 0x5C: return "\\"
    case 0x2F: return "/"
    case 0x62: return "\u{08}"
    case 0x66: return "\u{0C}"
    case 0x6E: return "\n"
    case 0x72: return "\r"
    case 0x74: return "\t"
    case 0x75:
      let high = try parseHex4(escapeOffset: escapeOffset)
      if (0xD800...0xDBFF).contains(high) {
        guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else {
          throw DataFileError("a lone surrogate \\u\(String(high, radix: 16))", at: escapeLocation)
        }
        index += 2
        let low = try parseHex4(escapeOffset: escapeOffset)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw DataFileError("a lone surrogate \\u\(String(high, radix: 16))", at: escapeLocation)
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(high) else {
        throw DataFileError("a lone surrogate \\u\(String(high, radix: 16))", at: escapeLocation)
      }
      return scalar
    default:
      throw DataFileError(
        "an unknown escape \\\(Character(Unicode.Scalar(byte)))", at: escapeLocation)
    }
  }

  private mutating func parseHex4(escapeOffset: Int) throws(DataFileError) -> UInt32 {
    var escapeLocation: SourceLocation { JSONParser.location(ofOffset: escapeOffset, in: bytes) }
    guard index + 4 <= bytes.count else {
      throw DataFileError("the file ends inside a \\u escape", at: escapeLocation)
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw DataFileError("a \\u escape needs four hex digits", at: escapeLocation)
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  private mutating func parseNumber() throws(DataFileError) -> Double {
    let start = index
    var startLocation: SourceLocation { JSONParser.location(ofOffset: start, in: bytes) }
    if bytes[index] == 0x2D { index += 1 }
    guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else {
      throw DataFileError("a number needs digits", at: startLocation)
    }
    if bytes[index] == 0x30 {
      index += 1
    } else {
      while index < bytes.count && (0x30...0x39).contains(bytes[index]) { index += 1 }
    }
    if index < bytes.count && bytes[index] == 0x2E {
      index += 1
      guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else {
        throw DataFileError("a number needs digits after '.'", at: startLocation)
      }
      while index < bytes.count && (0x30...0x39).contains(bytes[index]) { index += 1 }
    }
    if index < bytes.count && (bytes[index] == 0x65 || bytes[index] == 0x45) {
      index += 1
      if index < bytes.count && (bytes[index] == 0x2B || bytes[index] == 0x2D) { index += 1 }
      guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else {
        throw DataFileError("a number needs digits in its exponent", at: startLocation)
      }
      while index < bytes.count && (0x30...0x39).contains(bytes[index]) { index += 1 }
    }
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw DataFileError("an invalid number", at: startLocation)
    }
    return value
  }

  private mutating func expectLiteral(_ literal: String) throws(DataFileError) {
    let startOffset = index
    var start: SourceLocation { JSONParser.location(ofOffset: startOffset, in: bytes) }
    for expected in literal.utf8 {
      guard index < bytes.count, bytes[index] == expected else {
        throw DataFileError("expected '\(literal)'", at: start)
      }
      index += 1
    }
  }

  private func describeByte() -> String {
    guard index < bytes.count else { return "the end of the file" }
    let byte = bytes[index]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }
}
