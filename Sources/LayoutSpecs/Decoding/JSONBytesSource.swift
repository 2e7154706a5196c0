import JSONCodec

/// A `SpecSource` over validated JSON bytes (a `DeferredArray`'s element), read in one pass with a `JSONCursor`:
/// only the values the decoder reads are built, never the document's tree. Pure.
///
/// Members come in document order. What one pass cannot take as the parsed value would be taken is refused: a
/// member given twice (the last would count), a member after the `trailing` one, a key written with escapes, and
/// bytes that are not JSON. Its errors name no path; they, and every error of a decoder reading from it, are
/// never shown: the caller then decodes the parsed value (`JSONValueSource`), which gives the answer.
package struct JSONBytesSource: SpecSource, ~Copyable {
  /// An open object read by key.
  private struct Keyed {
    /// Offset of its `{`.
    var start: Int
    /// A bit per key read (by `rawValue`).
    var seen: UInt64
    /// Whether its trailing member was read.
    var closed: Bool
  }

  /// The reading position.
  private var cursor: JSONCursor
  /// True right after a container is entered (its first member or element has no comma before it).
  private var atStart = false
  /// The innermost open object read by key (meaningful while `keyedDepth > 0`).
  private var keyed = Keyed(start: -1, seen: 0, closed: false)
  /// Number of open objects read by key.
  private var keyedDepth = 0
  /// The open objects read by key around `keyed`, outermost first.
  private var outerKeyed: [Keyed] = []

  /// A source at `offset` in `bytes`, which the caller keeps alive and unchanged while using it; nil for no bytes.
  package init?(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
    guard let cursor = JSONCursor(bytes, at: offset) else { return nil }
    self.cursor = cursor
    outerKeyed.reserveCapacity(8)
  }

  /// The offset of the next unread byte.
  package var offset: Int { cursor.offset }

  /// What the source refuses, as an error naming no path.
  private static func refused(_ what: String) -> SpecDecodingError {
    SpecDecodingError(path: "", message: "not read in one pass: \(what)")
  }

  /// Enters the object that comes next; its members come in document order (`order` is not needed).
  package mutating func enterObject<Key: SpecKey>(_ order: [Key?]) -> Bool {
    guard cursor.enterObject() else { return false }
    atStart = true
    if keyedDepth > 0 { outerKeyed.append(keyed) }
    keyed = Keyed(start: cursor.offset - 1, seen: 0, closed: false)
    keyedDepth += 1
    return true
  }

  /// The next member in document order; a repeated one, or one after the trailing one, is refused.
  package mutating func nextMember<Key: SpecKey>(_ key: Key.Type) throws(SpecDecodingError) -> SpecMember<Key>? {
    let first = atStart
    atStart = false
    guard keyedDepth > 0 else { throw Self.refused("no object") }
    switch cursor.nextMember(first: first) {
    case .failed: throw Self.refused("a key written with escapes, or bytes that are not JSON")
    case .end:
      leaveKeyed()
      return nil
    case .key(let name):
      guard !keyed.closed else { throw Self.refused("a member after the trailing one") }
      guard let key = Key(utf8: name) else { return .other(String(decoding: name, as: UTF8.self)) }
      let bit: UInt64 = 1 << UInt64(key.rawValue)
      guard keyed.seen & bit == 0 else { throw Self.refused("a member given twice") }
      keyed.seen |= bit
      if key == Key.trailing { keyed.closed = true }
      return .known(key)
    }
  }

  /// Enters the object that comes next, to read all its members in document order.
  package mutating func enterObject() -> Bool {
    guard cursor.enterObject() else { return false }
    atStart = true
    return true
  }

  /// The next member's name, or nil at the object's end (left).
  package mutating func nextName() throws(SpecDecodingError) -> String? {
    let first = atStart
    atStart = false
    switch cursor.nextMember(first: first) {
    case .failed: throw Self.refused("a key written with escapes, or bytes that are not JSON")
    case .end: return nil
    case .key(let name): return String(decoding: name, as: UTF8.self)
    }
  }

  /// The next member in document order, as a `Key` when it names one (no String made), or nil at the object's end
  /// (left).
  package mutating func nextName<Key: SpecKey>(_ key: Key.Type) throws(SpecDecodingError) -> SpecMember<Key>? {
    let first = atStart
    atStart = false
    switch cursor.nextMember(first: first) {
    case .failed: throw Self.refused("a key written with escapes, or bytes that are not JSON")
    case .end: return nil
    case .key(let name):
      guard let key = Key(utf8: name) else { return .other(String(decoding: name, as: UTF8.self)) }
      return .known(key)
    }
  }

  /// Enters the array that comes next.
  package mutating func enterArray() -> Bool {
    guard cursor.enterArray() else { return false }
    atStart = true
    return true
  }

  /// Moves to the next element of the array entered last; false at its end (left).
  package mutating func nextElement() throws(SpecDecodingError) -> Bool {
    let first = atStart
    atStart = false
    guard let more = cursor.nextElement(first: first) else { throw Self.refused("bytes that are not JSON") }
    return more
  }

  /// The value that comes next, built from its bytes.
  package mutating func value() throws(SpecDecodingError) -> JSONValue {
    guard let value = cursor.value() else { throw Self.refused("bytes that are not JSON") }
    return value
  }

  /// The string that comes next, if it is one.
  package mutating func string() throws(SpecDecodingError) -> String? {
    guard cursor.peek() == UInt8(ascii: "\"") else { return nil }
    guard case .string(let text)? = cursor.value() else { throw Self.refused("bytes that are not JSON") }
    return text
  }

  /// The boolean that comes next, if it is one.
  package mutating func bool() throws(SpecDecodingError) -> Bool? {
    guard let byte = cursor.peek(), byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") else { return nil }
    guard case .bool(let flag)? = cursor.value() else { throw Self.refused("bytes that are not JSON") }
    return flag
  }

  /// True (and read) when `null` comes next.
  package mutating func consumeNull() -> Bool { cursor.consumeNull() }

  /// The object entered last with `enterObject(_:)`, built again from its `{`; left.
  package mutating func wholeObject() throws(SpecDecodingError) -> JSONObject {
    guard keyedDepth > 0 else { throw Self.refused("no object") }
    let start = keyed.start
    leaveKeyed()
    atStart = false
    cursor.offset = start
    guard case .object(let object)? = cursor.value() else { throw Self.refused("bytes that are not JSON") }
    return object
  }

  /// Leaves the innermost object read by key.
  private mutating func leaveKeyed() {
    keyedDepth -= 1
    if keyedDepth > 0, let outer = outerKeyed.popLast() { keyed = outer }
  }

  /// `BoxTreeDecoder.decodeElement` specialized for validated bytes.
  package mutating func decodeElement(path: () -> String, depth: Int, limits: SpecDecoder.Limits)
    throws(SpecDecodingError) -> LayoutElement
  {
    try BoxTreeDecoder.decodeElement(&self, path: path, depth: depth, limits: limits)
  }
}
