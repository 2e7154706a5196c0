import JSONCodec
import Testing

/// The writer's output against literal JSON.
@Suite struct WriterTests {
  @Test func compactStructure() {
    let value = JSONValue.object(
      JSONObject([
        ("a", .array([.int(1), .double(2.5), .null, .bool(true), .bool(false)])),
        ("b", .object(JSONObject())), ("c", .array([])), ("", .string("")),
      ]))
    #expect(JSONWriter.string(value) == #"{"a":[1,2.5,null,true,false],"b":{},"c":[],"":""}"#)
  }

  @Test func stringEscapes() {
    let s = "q\" b\\ / \u{8}\u{C}\n\r\t \u{0}\u{1F}\u{7F} é😀\u{2028}"
    #expect(JSONWriter.string(.string(s)) == #""q\" b\\ / \b\f\n\r\t \u0000\u001f"# + "\u{7F} é😀\u{2028}\"")
  }

  @Test func everyASCIICharacterAtEveryPositionRoundTrips() throws {
    for code in 0..<128 {
      for position in 0..<20 {
        var scalars = Array(repeating: Unicode.Scalar(UInt8(ascii: "a")), count: 20)
        scalars[position] = Unicode.Scalar(UInt8(code))
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        let written = JSONWriter.serialize(.string(text))
        #expect(try JSONParser.parse(written) == .string(text), "code \(code) at \(position)")
        let needsEscape = code < 0x20 || code == 0x22 || code == 0x5C
        #expect(written.count == 22 + (needsEscape ? (code < 0x20 && ![8, 9, 10, 12, 13].contains(code) ? 5 : 1) : 0))
      }
    }
  }

  @Test func writeAppends() {
    var out = Array("prefix:".utf8)
    JSONWriter.write(.array([.int(-7)]), into: &out)
    #expect(String(decoding: out, as: UTF8.self) == "prefix:[-7]")
  }

  @Test func membersInDocumentOrderWithDuplicates() throws {
    let text = #"{"z":1,"a":2,"z":3}"#
    #expect(JSONWriter.string(try JSONParser.parse(text)) == text)
  }

  @Test func benchFixturesRoundTrip() throws {
    for name in ["table-10k.json", "nested-10x10x10x10.json", "deep-1000.json", "feed-cell.json"] {
      let bytes = try Fixtures.bytes("../bench/" + name)
      var value = try JSONParser.parse(bytes)
      var again = try JSONParser.parse(JSONWriter.serialize(value))
      #expect(again == value, "\(name)")
      value.dismantle()
      again.dismantle()
    }
  }
}
