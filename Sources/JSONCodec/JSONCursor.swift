/// Reads JSON that was already validated (a `DeferredArray`'s elements) front to back, one step at a time: objects
/// member by member (keys as bytes), arrays element by element, and only the values a caller asks for are built.
/// Memory-safe on any input (every read is bounds-checked, nothing recurses): on bytes it does not expect, a step
/// reports failure instead of a parse error, so callers fall back to a full parse for the error.
public struct JSONCursor: ~Copyable {
  /// The reader whose position is the cursor.
  private var reader: JSONReader
  /// Reused by `value()` for containers.
  private var stack = ValueStack()
  /// Reused by `value()` for containers.
  private var frames: [JSONReader.Frame] = []

  /// What `nextMember` found.
  public enum Member {
    /// A member: its key's bytes (between the quotes; a key with escapes is `.failed`); the cursor is at its value.
    case key(UnsafeBufferPointer<UInt8>)
    /// The end of the object (consumed).
    case end
    /// Something else.
    case failed
  }

  /// A cursor at `offset` in `bytes`, which the caller keeps alive and unchanged while using it; nil for no bytes.
  public init?(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
    guard let base = bytes.baseAddress else { return nil }
    // No short-string cache: the bytes are usually a whole large request of which the cursor reads one row.
    reader = JSONReader(
      base: base, count: bytes.count, maxDepth: JSONParser.defaultMaxDepth, cachingShortStrings: false)
    reader.pos = min(max(0, offset), bytes.count)
  }

  /// The offset of the next unread byte; set it to read again from an offset read before (clamped to the bytes).
  public var offset: Int {
    get { reader.pos }
    set { reader.pos = min(max(0, newValue), reader.end) }
  }

  /// The next byte after whitespace (not consumed), nil at the end.
  public mutating func peek() -> UInt8? {
    reader.skipWhitespace()
    return reader.pos < reader.end ? reader.base[reader.pos] : nil
  }

  /// Consumes `byte` (after whitespace) when it is next; false otherwise.
  public mutating func consume(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    reader.pos += 1
    return true
  }

  /// Enters the object that comes next; false when none does.
  public mutating func enterObject() -> Bool { consume(UInt8(ascii: "{")) }

  /// The next member of the object entered last (`first`: none read yet), leaving the cursor at its value.
  public mutating func nextMember(first: Bool) -> Member {
    // One look at the next byte for `}`, `,` and the key's quote (each after whitespace).
    guard var byte = peek() else { return .failed }
    if byte == UInt8(ascii: "}") {
      reader.pos += 1
      return .end
    }
    if !first {
      guard byte == UInt8(ascii: ",") else { return .failed }
      reader.pos += 1
      guard let next = peek() else { return .failed }
      byte = next
    }
    guard byte == UInt8(ascii: "\"") else { return .failed }
    reader.pos += 1
    let start = reader.pos
    while reader.pos < reader.end {
      let c = reader.base[reader.pos]
      if c == UInt8(ascii: "\\") { return .failed }
      if c == UInt8(ascii: "\"") { break }
      reader.pos += 1
    }
    guard reader.pos < reader.end else { return .failed }
    let key = UnsafeBufferPointer(start: reader.base + start, count: reader.pos - start)
    reader.pos += 1
    guard consume(UInt8(ascii: ":")) else { return .failed }
    reader.skipWhitespace()
    return .key(key)
  }

  /// Enters the array that comes next; false when none does.
  public mutating func enterArray() -> Bool { consume(UInt8(ascii: "[")) }

  /// Whether another element of the array entered last follows (`first`: none read yet), leaving the cursor at
  /// it; false at the end (consumed); nil on anything else.
  public mutating func nextElement(first: Bool) -> Bool? {
    if consume(UInt8(ascii: "]")) { return false }
    if !first && !consume(UInt8(ascii: ",")) { return nil }
    return peek() == nil ? nil : true
  }

  /// The value that comes next, built, with the cursor after it; nil when no valid value does.
  public mutating func value() -> JSONValue? {
    guard peek() != nil else { return nil }
    let start = reader.pos
    do throws(JSONParseError) {
      switch reader.base[start] {
      case UInt8(ascii: "\""): return .string(try reader.readString())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try reader.readNumber()
      default:
        frames.removeAll(keepingCapacity: true)
        return try reader.run(stack: &stack, frames: &frames, single: true)
      }
    } catch {
      return nil
    }
  }

  /// Skips the value that comes next (validating it); false when no valid value does.
  public mutating func skip() -> Bool {
    guard peek() != nil else { return false }
    do throws(JSONParseError) {
      try reader.skipValue(depth: 0)
      return true
    } catch {
      return false
    }
  }

  /// True when the value that comes next is `null` (consumed then); false otherwise (nothing consumed).
  public mutating func consumeNull() -> Bool {
    guard peek() == UInt8(ascii: "n"), reader.pos + 4 <= reader.end else { return false }
    let p = reader.base + reader.pos
    guard p[1] == UInt8(ascii: "u"), p[2] == UInt8(ascii: "l"), p[3] == UInt8(ascii: "l") else { return false }
    reader.pos += 4
    return true
  }
}
