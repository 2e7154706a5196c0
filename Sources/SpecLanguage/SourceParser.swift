import JSONCodec

/// Parses JSON text (RFC 8259, nothing more) into `SourceNode`s that remember where every value and key stands,
/// so a decoding error's JSON path can be pointed at in the text. Nesting deeper than `maxDepth` is refused
/// instead of overflowing the stack.
public struct SourceParser {
  /// How deeply arrays and objects may nest.
  public static let maxDepth = 512

  /// The text's UTF-8 bytes.
  let bytes: [UInt8]
  /// The next byte to read.
  var offset = 0

  /// Parses a whole document: one value, surrounded by white space only.
  public static func parse(_ text: String) throws(SourceSyntaxError) -> SourceNode {
    try parseDocument(text).node
  }

  /// Parses a whole document into where its values stand and what they are, in one pass (the value as
  /// `JSONParser` builds it: integers that fit `Int64` as `.int`, other numbers as `.double`, every member of an
  /// object in order).
  public static func parseDocument(_ text: String) throws(SourceSyntaxError) -> (node: SourceNode, value: JSONValue) {
    var parser = SourceParser(bytes: Array(text.utf8))
    parser.skipWhitespace()
    let parsed = try parser.value(depth: 1)
    parser.skipWhitespace()
    guard parser.offset == parser.bytes.count else {
      throw parser.failure("unexpected text after the document's value")
    }
    return parsed
  }

  /// A syntax error at the current offset.
  func failure(_ message: String) -> SourceSyntaxError { SourceSyntaxError(offset: offset, message: message) }

  /// The current byte, nil at the end.
  var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// Skips spaces, tabs, line feeds and carriage returns.
  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
  }

  /// One value at the current offset (white space before it already skipped).
  mutating func value(depth: Int) throws(SourceSyntaxError) -> (node: SourceNode, value: JSONValue) {
    guard let byte = current else { throw failure("expected a value, found the end of the text") }
    let start = offset
    let value: JSONValue
    switch byte {
    case UInt8(ascii: "{"):
      guard depth <= Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth) levels") }
      return try object(depth: depth)
    case UInt8(ascii: "["):
      guard depth <= Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth) levels") }
      return try array(depth: depth)
    case UInt8(ascii: "\""):
      value = .string(try string())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      value = try number()
    case UInt8(ascii: "t"):
      try literal("true")
      value = .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      value = .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      value = .null
    default:
      throw failure("expected a value, found \(Self.describe(byte))")
    }
    return (SourceNode(kind: .scalar, range: start..<offset), value)
  }

  /// An object: `{`, members separated by commas, `}`.
  mutating func object(depth: Int) throws(SourceSyntaxError) -> (node: SourceNode, value: JSONValue) {
    let start = offset
    offset += 1
    var members: [SourceNode.Member] = []
    var values: [JSONObject.Member] = []
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      offset += 1
      return (SourceNode(kind: .object(members), range: start..<offset), .object(JSONObject()))
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else {
        throw failure(members.isEmpty ? "expected a member name or '}'" : "expected a member name after ','")
      }
      let keyStart = offset
      let key = try string()
      let keyRange = keyStart..<offset
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the member name \"\(key)\"") }
      offset += 1
      skipWhitespace()
      let parsed = try value(depth: depth + 1)
      members.append(SourceNode.Member(key: key, keyRange: keyRange, value: parsed.node))
      values.append(JSONObject.Member(key: key, value: parsed.value))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return (SourceNode(kind: .object(members), range: start..<offset), .object(JSONObject(storage: values)))
      default: throw failure("expected ',' or '}' after the member \"\(key)\"")
      }
    }
  }

  /// An array: `[`, values separated by commas, `]`.
  mutating func array(depth: Int) throws(SourceSyntaxError) -> (node: SourceNode, value: JSONValue) {
    let start = offset
    offset += 1
    var elements: [SourceNode] = []
    var values: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      offset += 1
      return (SourceNode(kind: .array(elements), range: start..<offset), .array([]))
    }
    while true {
      skipWhitespace()
      let parsed = try value(depth: depth + 1)
      elements.append(parsed.node)
      values.append(parsed.value)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return (SourceNode(kind: .array(elements), range: start..<offset), .array(values))
      default: throw failure("expected ',' or ']' after an array element")
      }
    }
  }

  /// `true`, `false` or `null`.
  mutating func literal(_ word: StaticString) throws(SourceSyntaxError) {
    let expected = word.withUTF8Buffer { Array($0) }
    guard bytes.count - offset >= expected.count, Array(bytes[offset..<offset + expected.count]) == expected else {
      throw failure("expected a value, found \(Self.describe(bytes[offset]))")
    }
    offset += expected.count
  }

  /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  mutating func number() throws(SourceSyntaxError) -> JSONValue {
    let start = offset
    var integral = true
    if current == UInt8(ascii: "-") { offset += 1 }
    guard let first = current, Self.isDigit(first) else { throw failure("expected a digit in a number") }
    offset += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    if current == UInt8(ascii: ".") {
      integral = false
      offset += 1
      guard let digit = current, Self.isDigit(digit) else { throw failure("expected a digit after '.' in a number") }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      integral = false
      offset += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
      guard let digit = current, Self.isDigit(digit) else { throw failure("expected a digit in a number's exponent") }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if integral, let int = Int64(text) { return .int(int) }
    return .double(Double(text) ?? .nan)
  }

  /// Skips decimal digits.
  mutating func skipDigits() {
    while let byte = current, Self.isDigit(byte) { offset += 1 }
  }

  /// Whether `byte` is an ASCII digit.
  static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// A byte named for a message: the character, or the end of a line.
  static func describe(_ byte: UInt8) -> String {
    switch byte {
    case 0x0A, 0x0D: return "the end of a line"
    case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
    default: return "byte 0x" + String(byte, radix: 16)
    }
  }
}
