import JSONCodec
import Testing

/// Strings are scanned eight bytes at a time while the bytes are plain ASCII; whatever needs work — a quote, a
/// backslash, a control byte, a UTF-8 sequence — must be found at every offset of a word, read, skipped (in a
/// deferred row) and refused exactly as a byte-by-byte scan does.
@Suite struct StringScanTests {
  /// `prefix` plain letters, `special`, then plain letters up to 20 bytes in all, as the content of a string.
  static func content(_ prefix: Int, _ special: String) -> String {
    String(repeating: "a", count: prefix) + special + String(repeating: "b", count: max(0, 20 - prefix))
  }

  /// Every special position within and across two words: the parsed string is the one written (an escaped quote
  /// and backslash decode to one character each; `é` and `€` are two- and three-byte UTF-8 sequences kept
  /// whole), alone, as a key and inside a deferred row.
  @Test func specialBytesAtEveryOffset() throws {
    let cases: [(written: String, decoded: String)] = [
      (#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), (#"\u0041"#, "A"), ("é", "é"), ("€", "€"), ("~", "~"),
    ]
    for prefix in 0..<18 {
      for (written, decoded) in cases {
        let text = #""\#(Self.content(prefix, written))""#
        let expected = Self.content(prefix, decoded)
        #expect(try JSONParser.parse(text) == .string(expected), "\(prefix) \(written)")
        let object = #"{\#(text):1}"#
        #expect(try JSONParser.parse(object).objectValue?.keys == [expected], "key \(prefix) \(written)")
        let request = #"{"params":{"rows":[\#(text),\#(object)]}}"#
        let (_, rows) = try JSONParser.parse(Array(request.utf8), deferring: ["params", "rows"])
        #expect(try rows?.elements() == [.string(expected), .object(JSONObject([(expected, .int(1))]))])
      }
    }
  }

  /// A raw control byte (U+0000–U+001F; RFC 8259 §7 requires them escaped), a lone continuation byte and an
  /// unterminated string are refused at every offset, also when the row holding them is only skipped.
  @Test func refusedBytesAtEveryOffset() {
    let bad: [[UInt8]] = [[0x01], [0x1F], [0x0A], [0x00], [0x80], [0xC3]]
    for prefix in 0..<18 {
      for bytes in bad {
        let string = [0x22] + Array(repeating: 0x61, count: prefix) + bytes + Array(repeating: 0x62, count: 9) + [0x22]
        #expect(throws: JSONParseError.self, "\(prefix) \(bytes)") { try JSONParser.parse(string) }
        let request = Array(#"{"params":{"rows":["#.utf8) + string + Array("]}}".utf8)
        #expect(throws: JSONParseError.self, "deferred \(prefix) \(bytes)") {
          try JSONParser.parse(request, deferring: ["params", "rows"])
        }
      }
      let open = [0x22] + Array(repeating: UInt8(0x61), count: prefix)
      #expect(throws: JSONParseError.self, "unterminated \(prefix)") { try JSONParser.parse(open) }
    }
  }
}
