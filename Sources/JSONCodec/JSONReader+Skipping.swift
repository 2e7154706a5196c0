/// Validating without building: the checks of `run`, `readKey` and `readString`, in the same order and with the
/// same error texts and offsets, but nothing is allocated for the values read (see `DeferredArray`).
extension JSONReader {
  /// Skips the array whose `[` is at `pos`, inside `depth` open containers, and returns the byte range of each
  /// element. Fails exactly where and as `run` would fail on the same bytes.
  mutating func skipDeferredArray(depth: Int) throws(JSONParseError) -> [Range<Int>] {
    if depth >= maxDepth { throw fail("nesting deeper than \(maxDepth)") }
    pos += 1
    skipWhitespace()
    var ranges: [Range<Int>] = []
    if pos < end && base[pos] == UInt8(ascii: "]") {
      pos += 1
      return ranges
    }
    while true {
      let start = pos
      try skipValue(depth: depth + 1)
      ranges.append(start..<pos)
      skipWhitespace()
      guard pos < end else { throw fail("unterminated array") }
      let c = base[pos]
      if c == UInt8(ascii: ",") {
        pos += 1
        skipWhitespace()
        continue
      }
      guard c == UInt8(ascii: "]") else { throw fail("expected ',' or ']' in array, got \(describe(c))") }
      pos += 1
      return ranges
    }
  }

  /// Skips one value at `pos` inside `depth` open containers, leaving `pos` just after it.
  mutating func skipValue(depth: Int) throws(JSONParseError) {
    // Open containers of the skipped value, innermost last: true for an object.
    skipFrames.removeAll(keepingCapacity: true)
    readValue: while true {
      guard pos < end else { throw fail("unexpected end of input, expected a value") }
      let c = base[pos]
      switch c {
      case UInt8(ascii: "\""):
        try skipString()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        _ = try readNumber()
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = c == UInt8(ascii: "{")
        if depth + skipFrames.count >= maxDepth { throw fail("nesting deeper than \(maxDepth)") }
        pos += 1
        skipWhitespace()
        if pos < end && base[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          pos += 1
        } else {
          skipFrames.append(isObject)
          if isObject { try skipKey() }
          continue readValue
        }
      case UInt8(ascii: "t"): try expectLiteral("true")
      case UInt8(ascii: "f"): try expectLiteral("false")
      case UInt8(ascii: "n"): try expectLiteral("null")
      default:
        throw fail("unexpected character \(describe(c)), expected a value")
      }
      // After a value: close containers, or go on to the next element.
      while let isObject = skipFrames.last {
        skipWhitespace()
        guard pos < end else { throw fail(isObject ? "unterminated object" : "unterminated array") }
        let c = base[pos]
        if c == UInt8(ascii: ",") {
          pos += 1
          skipWhitespace()
          if isObject { try skipKey() }
          continue readValue
        }
        if isObject {
          guard c == UInt8(ascii: "}") else { throw fail("expected ',' or '}' in object, got \(describe(c))") }
        } else {
          guard c == UInt8(ascii: "]") else { throw fail("expected ',' or ']' in array, got \(describe(c))") }
        }
        pos += 1
        skipFrames.removeLast()
      }
      return
    }
  }

  /// `readKey` without making the key.
  mutating func skipKey() throws(JSONParseError) {
    guard pos < end else { throw fail("unterminated object") }
    guard base[pos] == UInt8(ascii: "\"") else {
      throw fail("expected a string key in object, got \(describe(base[pos]))")
    }
    try skipString()
    skipWhitespace()
    guard pos < end, base[pos] == UInt8(ascii: ":") else {
      throw fail(pos < end ? "expected ':' after object key, got \(describe(base[pos]))" : "unterminated object")
    }
    pos += 1
    skipWhitespace()
  }

  /// `readString` without making the string (escapes are still decoded, into the reused scratch buffer, to check
  /// them).
  mutating func skipString() throws(JSONParseError) {
    let open = pos
    pos += 1
    while true {
      try skipPlainStringBytes()
      guard pos < end else { throw fail("unterminated string", at: open) }
      let c = base[pos]
      if c == UInt8(ascii: "\"") {
        pos += 1
        return
      }
      guard c == UInt8(ascii: "\\") else { throw fail("unescaped control character \(describe(c)) in string") }
      scratch.removeAll(keepingCapacity: true)
      try readEscape()
    }
  }
}
