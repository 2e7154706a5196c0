/// How an LSP position's `character` counts (LSP 3.17 `PositionEncodingKind`): UTF-16 code units unless client
/// and server agree on another; layoutd also speaks UTF-8 and UTF-32.
public enum PositionEncoding: String, Sendable, CaseIterable {
  /// UTF-8 code units (bytes).
  case utf8 = "utf-8"
  /// UTF-16 code units: LSP's default, the one every client supports.
  case utf16 = "utf-16"
  /// Unicode scalars.
  case utf32 = "utf-32"

  /// The encoding to use given the client's `general.positionEncodings` (in its order of preference): the first
  /// one layoutd speaks, else UTF-16.
  public static func negotiate(_ offered: [String]) -> PositionEncoding {
    offered.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
  }

  /// How many code units of this encoding `scalar` takes.
  func width(_ scalar: Unicode.Scalar) -> Int {
    switch self {
    case .utf8: return UTF8.width(scalar)
    case .utf16: return UTF16.width(scalar)
    case .utf32: return 1
    }
  }
}

/// A position in a document as LSP counts it: a zero-based line and a character offset in the negotiated encoding.
public struct Position: Sendable, Hashable, Comparable {
  /// Zero-based line.
  public var line: Int
  /// Zero-based offset in the line, in code units of the negotiated encoding.
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  public static func < (a: Position, b: Position) -> Bool {
    (a.line, a.character) < (b.line, b.character)
  }
}

/// A range of a document, start inclusive and end exclusive.
public struct TextRange: Sendable, Hashable {
  /// The first position.
  public var start: Position
  /// The position just after the last.
  public var end: Position

  public init(start: Position, end: Position) {
    self.start = start
    self.end = end
  }
}
