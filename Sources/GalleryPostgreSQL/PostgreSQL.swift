import GalleryKit

/// Whether `data` names a PostgreSQL server (`postgresql://…` or `postgres://…`) rather than a
/// file.
public func isPostgreSQLAddress(_ data: String) -> Bool {
  data.hasPrefix("postgresql://") || data.hasPrefix("postgres://")
}

/// Where a server is and how to sign in: `postgresql://[user[:password]@][host][:port]
/// [/database][?sslmode=disable|prefer|require&host=/socket/directory]`, as libpq reads it
/// (percent-escapes decoded; a host that starts with `/` is the directory of a Unix socket).
public struct PostgreSQLAddress: Sendable, Equatable, CustomStringConvertible {
  /// How the connection is encrypted.
  public enum TLSMode: String, Sendable {
    /// Never.
    case disable
    /// When the server offers it (libpq's default).
    case prefer
    /// Always; the connection fails without it.
    case require
  }

  /// The host name or address; a path for a Unix socket's directory.
  public var host: String
  /// The port (5432 by default).
  public var port: Int
  /// The user (`PGUSER`, else `USER`, else `postgres`).
  public var user: String
  /// The password, if any.
  public var password: String?
  /// The database (the user's name by default, as libpq).
  public var database: String
  /// How the connection is encrypted.
  public var tls: TLSMode

  /// Reads `text`; a malformed address throws with what is wrong.
  public init(
    _ text: String, environment: (String) -> String? = { _ in nil }
  )
    throws(DataFileError)
  {
    guard isPostgreSQLAddress(text) else {
      throw DataFileError("not a PostgreSQL address (postgresql://user@host:port/database)")
    }
    var rest = Substring(text.drop(while: { $0 != ":" }).dropFirst(3))
    var query: Substring = ""
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var path: Substring = ""
    if let slash = rest.firstIndex(of: "/") {
      path = rest[rest.index(after: slash)...]
      rest = rest[..<slash]
    }
    var userInfo: Substring?
    if let at = rest.lastIndex(of: "@") {
      userInfo = rest[..<at]
      rest = rest[rest.index(after: at)...]
    }
    var host = "localhost"
    var port = 5432
    if rest.hasPrefix("[") {  // [::1]:5432
      guard let close = rest.firstIndex(of: "]") else {
        throw DataFileError("an IPv6 host without its closing ']'")
      }
      host = String(rest[rest.index(after: rest.startIndex)..<close])
      rest = rest[rest.index(after: close)...]
      if rest.hasPrefix(":") { port = try Self.port(rest.dropFirst()) }
    } else if let colon = rest.lastIndex(of: ":") {
      host = try Self.decoded(rest[..<colon])
      port = try Self.port(rest[rest.index(after: colon)...])
    } else if !rest.isEmpty {
      host = try Self.decoded(rest)
    }
    var user: String?
    var password: String?
    if let userInfo {
      if let colon = userInfo.firstIndex(of: ":") {
        user = try Self.decoded(userInfo[..<colon])
        password = try Self.decoded(userInfo[userInfo.index(after: colon)...])
      } else {
        user = try Self.decoded(userInfo)
      }
    }
    var tls = TLSMode.prefer
    for pair in query.split(separator: "&") where !pair.isEmpty {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = parts[0]
      let value = parts.count > 1 ? try Self.decoded(parts[1]) : ""
      switch name {
      case "sslmode":
        switch value {
        case "disable", "allow": tls = .disable
        case "prefer": tls = .prefer
        case "require", "verify-ca", "verify-full": tls = .require
        default: throw DataFileError("sslmode \"\(value)\" is not one of disable, prefer, require")
        }
      case "host": host = value
      case "port": port = try Self.port(Substring(value))
      case "user": user = value
      case "password": password = value
      case "dbname": path = Substring(value)
      case "application_name", "connect_timeout": break
      default: throw DataFileError("unknown parameter \"\(name)\" in the address")
      }
    }
    self.host = host.isEmpty ? "localhost" : host
    self.port = port
    self.user =
      user.flatMap { $0.isEmpty ? nil : $0 } ?? environment("PGUSER") ?? environment("USER")
      ?? "postgres"
    self.password = password ?? environment("PGPASSWORD")
    let database = try Self.decoded(path)
    self.database = database.isEmpty ? self.user : database
    self.tls = tls
  }

  /// Whether the host is a Unix socket's directory.
  public var isUnixSocket: Bool { host.hasPrefix("/") }

  /// The address without its password, for titles and messages.
  public var description: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return "postgresql://\(user)@\(isUnixSocket ? "" : "\(shownHost):\(port)")/\(database)"
      + (isUnixSocket ? "?host=\(host)" : "")
  }

  static func port(_ text: Substring) throws(DataFileError) -> Int {
    guard let port = Int(text), (1...65_535).contains(port) else {
      throw DataFileError("the port \"\(text)\" is not a number from 1 to 65,535")
    }
    return port
  }

  /// `text` with its percent-escapes decoded (as UTF-8).
  static func decoded(_ text: Substring) throws(DataFileError) -> String {
    guard text.contains("%") else { return String(text) }
    var bytes: [UInt8] = []
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      let hex = utf8.prefix(2)
      guard hex.count == 2, let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16)
      else { throw DataFileError("a bad percent-escape in \"\(text)\"") }
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
