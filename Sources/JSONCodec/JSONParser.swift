/// RFC 8259 JSON reader over UTF-8 bytes. Pure.
///
/// Nesting is bounded by `maxDepth` (default 10,000).
public struct JSONParser {
  /// Default bound on nesting of arrays and objects.
  public static let defaultMaxDepth = 10_000

  /// Parses one complete document; trailing non-whitespace is an error.
  public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, JSONParseError> in
      var parser = Reader(buffer: buffer, maxDepth: maxDepth)
      return Result { () throws(JSONParseError) -> JSONValue in try parser.parseDocument() }
    }
    return try result.get()
  }

  /// Parses a String's UTF-8 bytes.
  public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8), maxDepth: maxDepth)
  }
}

/// The cursor over the input bytes.
private struct Reader {
  let buffer: UnsafeBufferPointer<UInt8>
  let maxDepth: Int
  var pos = 0
  var depth = 0

  init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.buffer = buffer
    self.maxDepth = maxDepth
  }

  func fail(_ reason: String) -> JSONParseError { JSONParseError(offset: pos, reason: reason) }

  mutating func skipWhitespace() {
    while pos < buffer.count {
      let c = buffer[pos]
      if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { pos += 1 } else { break }
    }
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    if pos >= buffer.count { throw fail("empty document") }
    let v = try parseValue()
    skipWhitespace()
    if pos < buffer.count { throw fail("unexpected trailing data") }
    return v
  }

  mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard pos < buffer.count else { throw fail("unexpected end of input") }
    switch buffer[pos] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw fail("unexpected character \(describe(buffer[pos]))")
    }
  }

  func describe(_ c: UInt8) -> String {
    c >= 0x20 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16))"
  }

  mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
    let n = word.utf8CodeUnitCount
    guard pos + n <= buffer.count else { throw fail("invalid literal") }
    let p = word.utf8Start
    for i in 0..<n where buffer[pos + i] != p[i] { throw fail("invalid literal") }
    pos += n
  }

  mutating func enter() throws(JSONParseError) {
    depth += 1
    if depth > maxDepth { throw fail("nesting deeper than \(maxDepth)") }
  }

  mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enter()
    pos += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if pos < buffer.count && buffer[pos] == UInt8(ascii: "]") {
      pos += 1
      depth -= 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      items.append(try parseValue())
      skipWhitespace()
      guard pos < buffer.count else { throw fail("unterminated array") }
      if buffer[pos] == UInt8(ascii: ",") { pos += 1; continue }
      if buffer[pos] == UInt8(ascii: "]") { pos += 1; break }
      throw fail("expected ',' or ']' in array")
    }
    depth -= 1
    return .array(items)
  }

  mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enter()
    pos += 1
    var object = JSONObject()
    skipWhitespace()
    if pos < buffer.count && buffer[pos] == UInt8(ascii: "}") {
      pos += 1
      depth -= 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard pos < buffer.count, buffer[pos] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
      let key = try parseString()
      skipWhitespace()
      guard pos < buffer.count, buffer[pos] == UInt8(ascii: ":") else { throw fail("expected ':' after key") }
      pos += 1
      skipWhitespace()
      let value = try parseValue()
      object.storage.append(JSONObject.Member(key: key, value: value))
      skipWhitespace()
      guard pos < buffer.count else { throw fail("unterminated object") }
      if buffer[pos] == UInt8(ascii: ",") { pos += 1; continue }
      if buffer[pos] == UInt8(ascii: "}") { pos += 1; break }
      throw fail("expected ',' or '}' in object")
    }
    depth -= 1
    return .object(object)
  }

  mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard pos + 4 <= buffer.count else { throw fail("truncated \\u escape") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let c = buffer[pos]
      let d: UInt32
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
      default: throw fail("invalid hex digit in \\u escape")
      }
      v = v << 4 | d
      pos += 1
    }
    return v
  }

  mutating func parseString() throws(JSONParseError) -> String {
    pos += 1
    var out: [UInt8] = []
    while true {
      guard pos < buffer.count else { throw fail("unterminated string") }
      let c = buffer[pos]
      if c == UInt8(ascii: "\"") { pos += 1; break }
      if c < 0x20 { throw fail("unescaped control character in string") }
      if c == UInt8(ascii: "\\") {
        pos += 1
        guard pos < buffer.count else { throw fail("unterminated escape") }
        let e = buffer[pos]
        pos += 1
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHex4()
          if scalar >= 0xD800 && scalar < 0xDC00 {
            guard pos + 2 <= buffer.count, buffer[pos] == UInt8(ascii: "\\"), buffer[pos + 1] == UInt8(ascii: "u")
            else { throw fail("lone high surrogate in \\u escape") }
            pos += 2
            let low = try parseHex4()
            guard low >= 0xDC00 && low < 0xE000 else { throw fail("invalid low surrogate in \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if scalar >= 0xDC00 && scalar < 0xE000 {
            throw fail("lone low surrogate in \\u escape")
          }
          guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
          out.append(contentsOf: Array(String(Character(u)).utf8))
        default: throw fail("invalid escape \\\(describe(e))")
        }
        continue
      }
      if c < 0x80 {
        out.append(c)
        pos += 1
        continue
      }
      let len = try validateUTF8Sequence()
      out.append(contentsOf: buffer[pos..<pos + len])
      pos += len
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Checks the multi-byte UTF-8 sequence at `pos` (RFC 3629: no overlongs, no surrogates) and returns its length.
  func validateUTF8Sequence() throws(JSONParseError) -> Int {
    let c = buffer[pos]
    let len: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch c {
    case 0xC2...0xDF: len = 2
    case 0xE0: len = 3; lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: len = 3
    case 0xED: len = 3; upper = 0x9F
    case 0xF0: len = 4; lower = 0x90
    case 0xF1...0xF3: len = 4
    case 0xF4: len = 4; upper = 0x8F
    default: throw fail("invalid UTF-8")
    }
    guard pos + len <= buffer.count else { throw fail("invalid UTF-8") }
    let b1 = buffer[pos + 1]
    guard b1 >= lower && b1 <= upper else { throw fail("invalid UTF-8") }
    for i in 2..<max(2, len) where buffer[pos + i] & 0xC0 != 0x80 { throw fail("invalid UTF-8") }
    return len
  }

  mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = pos
    var isInteger = true
    if buffer[pos] == UInt8(ascii: "-") { pos += 1 }
    guard pos < buffer.count else { throw fail("invalid number") }
    if buffer[pos] == UInt8(ascii: "0") {
      pos += 1
    } else if buffer[pos] >= UInt8(ascii: "1") && buffer[pos] <= UInt8(ascii: "9") {
      while pos < buffer.count && buffer[pos] >= UInt8(ascii: "0") && buffer[pos] <= UInt8(ascii: "9") { pos += 1 }
    } else {
      throw fail("invalid number")
    }
    if pos < buffer.count && buffer[pos] == UInt8(ascii: ".") {
      isInteger = false
      pos += 1
      let digits = pos
      while pos < buffer.count && buffer[pos] >= UInt8(ascii: "0") && buffer[pos] <= UInt8(ascii: "9") { pos += 1 }
      if pos == digits { throw fail("invalid number: no digits after '.'") }
    }
    if pos < buffer.count && (buffer[pos] == UInt8(ascii: "e") || buffer[pos] == UInt8(ascii: "E")) {
      isInteger = false
      pos += 1
      if pos < buffer.count && (buffer[pos] == UInt8(ascii: "+") || buffer[pos] == UInt8(ascii: "-")) { pos += 1 }
      let digits = pos
      while pos < buffer.count && buffer[pos] >= UInt8(ascii: "0") && buffer[pos] <= UInt8(ascii: "9") { pos += 1 }
      if pos == digits { throw fail("invalid number: no digits in exponent") }
    }
    let text = String(decoding: buffer[start..<pos], as: UTF8.self)
    if isInteger, let i = Int64(text) { return .int(i) }
    guard let d = Double(text) else { throw fail("invalid number") }
    return .double(d)
  }
}
