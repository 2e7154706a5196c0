/// The cursor and explicit container stack of `JSONParser`. Pure.
///
/// Values of open containers wait on one flat `values` stack (and object keys on `keys`); closing a
/// container moves its slice of the stack into a new array or object. Nothing here recurses.
struct JSONReader {
  /// An open array or object: where its elements start on the value and key stacks.
  struct Frame {
    /// True for an object, false for an array.
    var isObject: Bool
    /// Index in `values` of the container's first element.
    var valueStart: Int
    /// Index in `keys` of the object's first key (unused for arrays).
    var keyStart: Int
  }

  /// Start of the input.
  let base: UnsafePointer<UInt8>
  /// Number of input bytes.
  let end: Int
  /// Bound on open containers.
  let maxDepth: Int
  /// Offset of the next unread byte.
  var pos = 0
  /// Reused buffer for strings that contain escapes.
  var scratch: [UInt8] = []
  /// Short strings already made during this parse; only for documents of at least
  /// `ShortStringCache.minimumDocumentBytes` (a small one would spend more on the cache's 10 KiB table than the
  /// strings it saves).
  var shortStrings: ShortStringCache?
  /// Open containers of the value being skipped (see `skipValue`), reused.
  var skipFrames: [Bool] = []
  /// Object keys from the root to an array whose elements are only validated, not built (see `DeferredArray`);
  /// nil: build everything.
  var deferralPath: [String]? = nil
  /// The current key of each open object along `deferralPath` (index = depth of the object).
  var deferralKeys: [String] = []
  /// Element ranges of each array found at `deferralPath`, in document order.
  var deferredArrays: [[Range<Int>]] = []

  /// A reader over `count` bytes at `base`, which must stay valid while the reader is used. With
  /// `cachingShortStrings` false the reader never makes a `ShortStringCache`, whatever the size of the bytes (a
  /// `JSONCursor` reads one small row of a large document, whose 10 KiB table would cost more than it saves).
  init(base: UnsafePointer<UInt8>, count: Int, maxDepth: Int, cachingShortStrings: Bool = true) {
    self.base = base
    self.end = count
    self.maxDepth = max(0, maxDepth)
    if cachingShortStrings && count >= ShortStringCache.minimumDocumentBytes { shortStrings = ShortStringCache() }
  }

  /// An error at the current offset.
  func fail(_ reason: String) -> JSONParseError { JSONParseError(offset: pos, reason: reason) }

  /// An error at `offset`.
  func fail(_ reason: String, at offset: Int) -> JSONParseError { JSONParseError(offset: offset, reason: reason) }

  /// Describes a byte for an error message: `'x'` when printable ASCII, `byte 0xNN` otherwise.
  func describe(_ c: UInt8) -> String {
    if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
    let hex = String(c, radix: 16, uppercase: true)
    return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
  }

  /// Skips JSON whitespace (space, tab, LF, CR).
  @inline(__always)
  mutating func skipWhitespace() {
    while pos < end {
      let c = base[pos]
      if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { pos += 1 } else { return }
    }
  }

  /// Parses the whole input; on failure, partial results are torn down iteratively (by `ValueStack`).
  mutating func parseDocument() -> Result<JSONValue, JSONParseError> {
    var stack = ValueStack()
    var frames: [Frame] = []
    frames.reserveCapacity(16)  // one allocation for typical nesting instead of growing 1, 2, 4, 8, 16
    do {
      return .success(try run(stack: &stack, frames: &frames))
    } catch {
      return .failure(error)
    }
  }

  /// The state machine: read a value, then close containers or move to the next element.
  /// With `single`, reads one value at `pos` inside a larger document (see `JSONCursor`): no byte-order-mark check,
  /// and the bytes after the value are left unread.
  mutating func run(stack: inout ValueStack, frames: inout [Frame], single: Bool = false) throws(JSONParseError)
    -> JSONValue
  {
    if !single && end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
      throw fail("byte order mark (U+FEFF) before the document")
    }
    skipWhitespace()
    if pos >= end { throw fail("empty document") }
    readValue: while true {
      guard pos < end else { throw fail("unexpected end of input, expected a value") }
      let c = base[pos]
      switch c {
      case UInt8(ascii: "\""):
        stack.push(.string(try readString()))
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        stack.push(try readNumber())
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = c == UInt8(ascii: "{")
        if !isObject && deferralPath != nil && atDeferralPath(frames) {
          // Validated now, built later by whoever takes the element ranges; the member is left out of its object.
          deferredArrays.append(try skipDeferredArray(depth: frames.count))
          stack.dropKey()
          break
        }
        if frames.count >= maxDepth { throw fail("nesting deeper than \(maxDepth)") }
        pos += 1
        skipWhitespace()
        if pos < end && base[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          pos += 1
          stack.push(isObject ? .object(JSONObject()) : .array([]))
        } else {
          frames.append(Frame(isObject: isObject, valueStart: stack.valueCount, keyStart: stack.keyCount))
          if isObject { stack.push(key: try readMemberKey(depth: frames.count - 1)) }
          continue readValue
        }
      case UInt8(ascii: "t"):
        try expectLiteral("true")
        stack.push(.bool(true))
      case UInt8(ascii: "f"):
        try expectLiteral("false")
        stack.push(.bool(false))
      case UInt8(ascii: "n"):
        try expectLiteral("null")
        stack.push(.null)
      default:
        throw fail("unexpected character \(describe(c)), expected a value")
      }
      // After a value: close containers, or go on to the next element.
      while true {
        skipWhitespace()
        guard let top = frames.last else {
          if pos < end && !single { throw fail("unexpected \(describe(base[pos])) after the document") }
          return stack.popValue()
        }
        guard pos < end else { throw fail(top.isObject ? "unterminated object" : "unterminated array") }
        let c = base[pos]
        if c == UInt8(ascii: ",") {
          pos += 1
          skipWhitespace()
          if top.isObject { stack.push(key: try readMemberKey(depth: frames.count - 1)) }
          continue readValue
        }
        if top.isObject {
          guard c == UInt8(ascii: "}") else { throw fail("expected ',' or '}' in object, got \(describe(c))") }
          pos += 1
          stack.push(.object(stack.popObject(keysFrom: top.keyStart, valuesFrom: top.valueStart)))
        } else {
          guard c == UInt8(ascii: "]") else { throw fail("expected ',' or ']' in array, got \(describe(c))") }
          pos += 1
          stack.push(.array(stack.popArray(from: top.valueStart)))
        }
        frames.removeLast()
      }
    }
  }

  /// `readKey` for a member of the object at `depth` (0: the root), remembered when that object lies on
  /// `deferralPath`.
  @inline(__always)
  mutating func readMemberKey(depth: Int) throws(JSONParseError) -> String {
    let key = try readKey()
    if let path = deferralPath, depth < path.count {
      if depth < deferralKeys.count {
        deferralKeys[depth] = key
      } else if depth == deferralKeys.count {
        deferralKeys.append(key)
      }
    }
    return key
  }

  /// True when an array opening now, inside `frames`, is the value at `deferralPath`: every enclosing container
  /// is an object whose current key is the path's key at that depth.
  func atDeferralPath(_ frames: [Frame]) -> Bool {
    guard let path = deferralPath, frames.count == path.count, deferralKeys.count >= path.count else { return false }
    for depth in 0..<path.count where !frames[depth].isObject || deferralKeys[depth] != path[depth] {
      return false
    }
    return true
  }

  /// Reads `"key"`, whitespace and `:` and whitespace, leaving the cursor at the member's value.
  mutating func readKey() throws(JSONParseError) -> String {
    guard pos < end else { throw fail("unterminated object") }
    guard base[pos] == UInt8(ascii: "\"") else {
      throw fail("expected a string key in object, got \(describe(base[pos]))")
    }
    let key = try readString()
    skipWhitespace()
    guard pos < end, base[pos] == UInt8(ascii: ":") else {
      throw fail(pos < end ? "expected ':' after object key, got \(describe(base[pos]))" : "unterminated object")
    }
    pos += 1
    skipWhitespace()
    return key
  }

  /// Consumes the literal `word` (`true`, `false` or `null`).
  mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
    let n = word.utf8CodeUnitCount
    let p = word.utf8Start
    for i in 0..<n where pos + i >= end || base[pos + i] != p[i] {
      throw fail("invalid literal, expected '\(word)'")
    }
    pos += n
  }
}
