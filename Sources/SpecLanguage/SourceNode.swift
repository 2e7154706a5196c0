/// A JSON value as it stands in a document's text: what it is, where it is, and for objects where each key is.
///
/// Offsets are UTF-8 byte offsets into the document's text; `LineIndex` turns them into LSP positions.
public struct SourceNode: Sendable, Equatable {
  /// A member of an object: its key as decoded, where the key's string literal stands, and its value.
  public struct Member: Sendable, Equatable {
    /// The decoded key.
    public var key: String
    /// The key's string literal, quotes included.
    public var keyRange: Range<Int>
    /// The member's value.
    public var value: SourceNode
  }

  /// What the value is.
  public enum Kind: Sendable, Equatable {
    /// `null`, `true`, `false`, a number or a string (its decoded text for strings).
    case scalar
    /// An array and its elements in order.
    case array([SourceNode])
    /// An object and its members in order (a repeated key keeps every occurrence).
    case object([Member])
  }

  /// What the value is.
  public var kind: Kind
  /// The value's text, from its first byte to one past its last.
  public var range: Range<Int>

  /// The members of an object (empty for anything else).
  public var members: [Member] {
    if case .object(let members) = kind { return members }
    return []
  }

  /// The elements of an array (empty for anything else).
  public var elements: [SourceNode] {
    if case .array(let elements) = kind { return elements }
    return []
  }

  /// The last member named `key` (JSON parsers keep the last of repeated keys).
  public func member(_ key: String) -> Member? { members.last { $0.key == key } }
}
