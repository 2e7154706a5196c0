import JSONCodec
import Testing

/// Error texts and offsets are part of the contract.
@Suite struct ErrorTests {
  @Test(
    arguments: [
      ("", 0, "empty document"),
      ("  ", 2, "empty document"),
      ("[1,]", 3, "unexpected character ']', expected a value"),
      ("[1 2]", 3, "expected ',' or ']' in array, got '2'"),
      ("{\"a\" 1}", 5, "expected ':' after object key, got '1'"),
      ("{\"a\":1,}", 7, "expected a string key in object, got '}'"),
      ("{1:2}", 1, "expected a string key in object, got '1'"),
      ("{\"a\":1]", 6, "expected ',' or '}' in object, got ']'"),
      ("[1", 2, "unterminated array"),
      ("{\"a\":1", 6, "unterminated object"),
      ("{\"a\"", 4, "unterminated object"),
      ("[\"abc", 1, "unterminated string"),
      ("[01]", 1, "invalid number: leading zero"),
      ("[-]", 2, "invalid number: expected a digit, got ']'"),
      ("[1.]", 3, "invalid number: expected a digit after '.'"),
      ("[1e+]", 4, "invalid number: expected a digit in the exponent"),
      ("[NaN]", 1, "unexpected character 'N', expected a value"),
      ("[tru]", 1, "invalid literal, expected 'true'"),
      ("[1] x", 4, "unexpected 'x' after the document"),
      ("[\"a\\qb\"]", 3, "invalid escape '\\q' in string"),
      ("[\"\\ud800\"]", 2, "lone high surrogate \\uD800 in string"),
      ("[\"\\udc00\"]", 2, "lone low surrogate \\uDC00 in string"),
      ("[\"\\ud800\\u0041\"]", 8, "high surrogate \\uD800 not followed by a low surrogate"),
      ("[\"\\u12G4\"]", 6, "invalid hex digit 'G' in \\u escape"),
      ("[\"a\nb\"]", 3, "unescaped control character byte 0x0A in string"),
    ] as [(String, Int, String)])
  func textErrors(_ input: String, _ offset: Int, _ reason: String) {
    #expect(throws: JSONParseError(offset: offset, reason: reason)) { try JSONParser.parse(input) }
  }

  @Test(
    arguments: [
      ([0x5B, 0x22, 0xFF, 0x22, 0x5D], 2, "invalid UTF-8: lead byte 0xFF is never valid"),
      ([0x5B, 0x22, 0x80, 0x22, 0x5D], 2, "invalid UTF-8: unexpected continuation byte 0x80"),
      ([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], 2, "invalid UTF-8: overlong encoding (lead byte 0xC0)"),
      ([0x5B, 0x22, 0xE0, 0x80, 0xAF, 0x22, 0x5D], 2, "invalid UTF-8: overlong encoding"),
      ([0x5B, 0x22, 0xED, 0xA0, 0xBD, 0x22, 0x5D], 2, "invalid UTF-8: encoded surrogate"),
      ([0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], 2, "invalid UTF-8: code point above U+10FFFF"),
      ([0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], 2, "invalid UTF-8: truncated sequence"),
      ([0xEF, 0xBB, 0xBF, 0x7B, 0x7D], 0, "byte order mark (U+FEFF) before the document"),
    ] as [([UInt8], Int, String)])
  func byteErrors(_ input: [UInt8], _ offset: Int, _ reason: String) {
    #expect(throws: JSONParseError(offset: offset, reason: reason)) { try JSONParser.parse(input) }
  }

  @Test func description() {
    #expect(JSONParseError(offset: 3, reason: "unterminated array").description == "unterminated array at byte 3")
  }

  @Test func slicesAndBuffers() throws {
    let bytes = Array("xx[1,2]yy".utf8)
    #expect(try JSONParser.parse(bytes[2..<7]) == .array([.int(1), .int(2)]))
    #expect(throws: JSONParseError(offset: 0, reason: "empty document")) { try JSONParser.parse(bytes[2..<2]) }
    #expect(throws: JSONParseError(offset: 0, reason: "empty document")) { try JSONParser.parse([UInt8]()) }
  }
}
