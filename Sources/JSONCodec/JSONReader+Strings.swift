/// String reading: a copy-free fast path for strings without escapes, UTF-8 validation, `\u` escapes.
extension JSONReader {
  /// Advances `pos` over string bytes that need no work: printable ASCII other than `"` and `\`, and valid
  /// UTF-8 sequences. Stops at the end of input or at a quote, a backslash or a control byte.
  ///
  /// Eight bytes at a time while they are all plain ASCII (`specialBytes`), then byte by byte from the first one
  /// that is not.
  @inline(__always)
  mutating func skipPlainStringBytes() throws(JSONParseError) {
    while pos < end {
      if end - pos >= 8 {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self))
        let special = JSONReader.specialBytes(word)
        if special == 0 {
          pos += 8
          continue
        }
        pos += special.trailingZeroBitCount >> 3
      }
      let c = base[pos]
      if c >= 0x80 {
        pos += try validateUTF8Sequence()
      } else if c >= 0x20 && c != 0x22 && c != 0x5C {
        pos += 1
      } else {
        return
      }
    }
  }

  /// A mask whose lowest set bit lies in the first byte of `word` (byte 0 = the low byte) that is not plain string
  /// ASCII: a byte of 0x80 or more, below 0x20, `"` or `\`; 0 when all eight are plain. Bits above the lowest may
  /// be set for plain bytes (a borrow carries into the next byte), never below it: only the lowest one is used.
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let control = (word &- ones &* 0x20) & ~word
    let quote = (quotes &- ones) & ~quotes
    let backslash = (backslashes &- ones) & ~backslashes
    return (word | control | quote | backslash) & highs
  }

  /// Reads a string whose opening quote is at `pos`; leaves `pos` after the closing quote.
  mutating func readString() throws(JSONParseError) -> String {
    let open = pos
    pos += 1
    let start = pos
    try skipPlainStringBytes()
    guard pos < end else { throw fail("unterminated string", at: open) }
    let c = base[pos]
    if c == UInt8(ascii: "\"") {
      let count = pos - start
      pos += 1
      if count <= ShortStringCache.maxCount && count > 0, let cached = shortStrings?.string(base + start, count: count)
      {
        return cached
      }
      return String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
    }
    if c == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
    throw fail("unescaped control character \(describe(c)) in string")
  }

  /// Continues `readString` once an escape is found at `pos`, building the string in `scratch`.
  mutating func readEscapedString(from start: Int) throws(JSONParseError) -> String {
    scratch.removeAll(keepingCapacity: true)
    var runStart = start
    while true {
      try skipPlainStringBytes()
      guard pos < end else { throw fail("unterminated string", at: start - 1) }
      let c = base[pos]
      scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: pos - runStart))
      if c == UInt8(ascii: "\"") {
        pos += 1
        return String(decoding: scratch, as: UTF8.self)
      }
      guard c == UInt8(ascii: "\\") else { throw fail("unescaped control character \(describe(c)) in string") }
      try readEscape()
      runStart = pos
    }
  }

  /// Decodes the escape sequence at `pos` (a backslash) into `scratch`.
  mutating func readEscape() throws(JSONParseError) {
    let escapeStart = pos
    pos += 1
    guard pos < end else { throw fail("unterminated string", at: escapeStart) }
    let e = base[pos]
    pos += 1
    switch e {
    case UInt8(ascii: "\""): scratch.append(0x22)
    case UInt8(ascii: "\\"): scratch.append(0x5C)
    case UInt8(ascii: "/"): scratch.append(0x2F)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try readHex4()
      if scalar >= 0xD800 && scalar < 0xDC00 {
        guard pos + 1 < end, base[pos] == UInt8(ascii: "\\"), base[pos + 1] == UInt8(ascii: "u") else {
          throw fail("lone high surrogate \\u\(hex4(scalar)) in string", at: escapeStart)
        }
        let lowStart = pos
        pos += 2
        let low = try readHex4()
        guard low >= 0xDC00 && low < 0xE000 else {
          throw fail("high surrogate \\u\(hex4(scalar)) not followed by a low surrogate", at: lowStart)
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if scalar >= 0xDC00 && scalar < 0xE000 {
        throw fail("lone low surrogate \\u\(hex4(scalar)) in string", at: escapeStart)
      }
      appendUTF8(scalar)
    default:
      throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))' in string", at: escapeStart)
    }
  }

  /// Four uppercase hex digits for an error message.
  func hex4(_ v: UInt32) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
  }

  /// Reads four hex digits of a `\u` escape.
  mutating func readHex4() throws(JSONParseError) -> UInt32 {
    var v: UInt32 = 0
    for _ in 0..<4 {
      guard pos < end else { throw fail("unterminated \\u escape") }
      let c = base[pos]
      let d: UInt32
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c &- UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c &- UInt8(ascii: "a") &+ 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c &- UInt8(ascii: "A") &+ 10)
      default: throw fail("invalid hex digit \(describe(c)) in \\u escape")
      }
      v = v << 4 | d
      pos += 1
    }
    return v
  }

  /// Appends the UTF-8 encoding of a Unicode scalar value (never a surrogate) to `scratch`.
  mutating func appendUTF8(_ v: UInt32) {
    if v < 0x80 {
      scratch.append(UInt8(v))
    } else if v < 0x800 {
      scratch.append(UInt8(0xC0 | v >> 6))
      scratch.append(UInt8(0x80 | v & 0x3F))
    } else if v < 0x10000 {
      scratch.append(UInt8(0xE0 | v >> 12))
      scratch.append(UInt8(0x80 | v >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | v & 0x3F))
    } else {
      scratch.append(UInt8(0xF0 | v >> 18))
      scratch.append(UInt8(0x80 | v >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | v >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | v & 0x3F))
    }
  }

  /// Checks the multi-byte UTF-8 sequence at `pos` (RFC 3629: no overlongs, no surrogates, at most U+10FFFF)
  /// and returns its length.
  func validateUTF8Sequence() throws(JSONParseError) -> Int {
    let c = base[pos]
    let len: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch c {
    case 0xC2...0xDF: len = 2
    case 0xE0:
      len = 3
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: len = 3
    case 0xED:
      len = 3
      upper = 0x9F
    case 0xF0:
      len = 4
      lower = 0x90
    case 0xF1...0xF3: len = 4
    case 0xF4:
      len = 4
      upper = 0x8F
    case 0x80...0xBF: throw fail("invalid UTF-8: unexpected continuation \(describe(c))")
    case 0xC0, 0xC1: throw fail("invalid UTF-8: overlong encoding (lead \(describe(c)))")
    default: throw fail("invalid UTF-8: lead \(describe(c)) is never valid")
    }
    guard pos + 1 < end else { throw fail("invalid UTF-8: truncated sequence") }
    let b1 = base[pos + 1]
    guard b1 >= lower && b1 <= upper else {
      if c == 0xED && b1 >= 0xA0 && b1 <= 0xBF { throw fail("invalid UTF-8: encoded surrogate") }
      if b1 & 0xC0 == 0x80 && (c == 0xE0 || c == 0xF0) { throw fail("invalid UTF-8: overlong encoding") }
      if b1 & 0xC0 == 0x80 && c == 0xF4 { throw fail("invalid UTF-8: code point above U+10FFFF") }
      throw fail("invalid UTF-8: truncated sequence")
    }
    var i = 2
    while i < len {
      guard pos + i < end, base[pos + i] & 0xC0 == 0x80 else { throw fail("invalid UTF-8: truncated sequence") }
      i += 1
    }
    return len
  }
}
