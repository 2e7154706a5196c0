import Testing

@testable import SpecLanguage

/// Byte offsets to LSP positions and back, in each position encoding, over the three line terminators.
@Suite struct LineIndexTests {
  // Lines: "a😀b" (bytes 0–5, terminator \n at 6), "é" (7–8, \r\n at 9–10), "" (\r at 11), "xyz" (12–14).
  static let text = "a😀b\né\r\n\rxyz"

  @Test func lineStarts() {
    #expect(LineIndex(Self.text, encoding: .utf16).lineStarts == [0, 7, 11, 12])
  }

  @Test(arguments: [
    // (encoding, byte offset, line, character): "b" after the emoji is at byte 5, UTF-16 unit 3, UTF-8 5, scalar 2.
    (PositionEncoding.utf16, 5, 0, 3), (.utf8, 5, 0, 5), (.utf32, 5, 0, 2),
    // The end of line 1 ("é", before \r\n): byte 9.
    (.utf16, 9, 1, 1), (.utf8, 9, 1, 2),
    // "z" on line 3.
    (.utf16, 14, 3, 2), (.utf16, 15, 3, 3),
  ])
  func positions(encoding: PositionEncoding, offset: Int, line: Int, character: Int) {
    let index = LineIndex(Self.text, encoding: encoding)
    #expect(index.position(of: offset) == Position(line: line, character: character))
    #expect(index.offset(of: Position(line: line, character: character)) == offset)
  }

  @Test func outOfRangePositionsClamp() {
    let index = LineIndex(Self.text, encoding: .utf16)
    // Past the end of line 0 (3 units + 1): its end, byte 6; past the last line: the text's end.
    #expect(index.offset(of: Position(line: 0, character: 99)) == 6)
    #expect(index.offset(of: Position(line: 9, character: 0)) == 15)
    // Inside the emoji's surrogate pair (unit 2): the emoji's start, byte 1.
    #expect(index.offset(of: Position(line: 0, character: 2)) == 1)
  }

  @Test func negotiation() {
    #expect(PositionEncoding.negotiate(["utf-32", "utf-8"]) == .utf32)
    #expect(PositionEncoding.negotiate(["utf-7", "utf-8"]) == .utf8)
    #expect(PositionEncoding.negotiate([]) == .utf16)
  }
}
