import JSONCodec
import TestSupport
import Testing

/// `JSONCursor`: stepping through objects and arrays, building only the values asked for, and failing (never
/// trapping) on bytes it does not expect.
@Suite struct JSONCursorTests {
  /// Runs `body` with a cursor at the start of `text`.
  func withCursor<T>(_ text: String, _ body: (inout JSONCursor) -> T) -> T? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer -> T? in
      guard var cursor = JSONCursor(buffer, at: 0) else { return nil }
      return body(&cursor)
    }
  }

  /// The members of the object at the cursor as (key, value) pairs, values built; nil on failure.
  static func members(_ cursor: inout JSONCursor) -> [(String, JSONValue)]? {
    guard cursor.enterObject() else { return nil }
    var result: [(String, JSONValue)] = []
    var first = true
    while true {
      switch cursor.nextMember(first: first) {
      case .failed: return nil
      case .end: return result
      case .key(let bytes):
        first = false
        guard let value = cursor.value() else { return nil }
        result.append((String(decoding: bytes, as: UTF8.self), value))
      }
    }
  }

  @Test func membersAndValues() {
    let text = #" { "a" : 1.5 , "b":"x\"y\u00e9", "c":[1,{"d":null}], "e":true,"f":false,"g":null,"h":{} } "#
    let members = withCursor(text) { Self.members(&$0) } ?? nil
    #expect(members?.map(\.0) == ["a", "b", "c", "e", "f", "g", "h"])
    #expect(
      members?.map(\.1) == [
        .double(1.5), .string("x\"yé"), .array([.int(1), .object(JSONObject([("d", .null)]))]), .bool(true),
        .bool(false), .null, .object(JSONObject()),
      ])
    #expect(withCursor("{}") { Self.members(&$0)?.isEmpty } == true)
  }

  @Test func elementsSkipsAndNulls() {
    let result = withCursor(#"[ {"a":[1,2]}, null, "s", -0 ]"#) { cursor -> [String]? in
      guard cursor.enterArray() else { return nil }
      var seen: [String] = []
      var first = true
      while let more = cursor.nextElement(first: first), more {
        first = false
        if cursor.consumeNull() {
          seen.append("null")
        } else if cursor.peek() == UInt8(ascii: "{") {
          guard cursor.skip() else { return nil }
          seen.append("skipped")
        } else {
          seen.append("\(cursor.value() ?? .null)")
        }
      }
      return cursor.peek() == nil ? seen : nil
    }
    #expect(result == ["skipped", "null", "string(\"s\")", "double(-0.0)"])
  }

  @Test func keysWithEscapesAndMalformedInputFail() {
    #expect(withCursor(#"{"a\u0062":1}"#) { Self.members(&$0) == nil } == true)
    for text in [#"{"a" 1}"#, #"{"a":1,}"#, #"{"a":1"#, #"{1:2}"#, "[", #"{"a":}"#, "", "x", #"{"a":1 "b":2}"#] {
      #expect(withCursor(text) { Self.members(&$0) == nil } ?? true, "\(text)")
    }
  }

  /// Setting the offset back to an object's `{` reads the object again, whole; offsets outside the bytes are clamped.
  @Test func offsetSetsTheReadingPosition() {
    let text = #"[{"a":1,"b":[2]}]"#
    let again = withCursor(text) { cursor -> JSONValue? in
      guard cursor.enterArray(), cursor.nextElement(first: true) == true else { return nil }
      let start = cursor.offset
      guard cursor.enterObject(), case .key = cursor.nextMember(first: true), cursor.value() == .int(1) else {
        return nil
      }
      cursor.offset = start
      return cursor.value()
    }
    #expect(again == .object(JSONObject([("a", .int(1)), ("b", .array([.int(2)]))])))
    #expect(
      withCursor(text) { cursor -> [Int] in
        cursor.offset = -5
        let low = cursor.offset
        cursor.offset = 1000
        return [low, cursor.offset]
      } == [0, text.utf8.count])
  }

  /// Random bytes and random steps: nothing traps, every step ends inside the bytes.
  @Test func randomBytesNeverTrap() {
    let alphabet = Array(#"{}[],:"\ 0123456789.-eEtrufalsn"#.utf8)
    var random = SeededGenerator(state: 0xC0_7507)
    for _ in 0..<3000 {
      let bytes = (0..<Int(random.next() % 40)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
      bytes.withUnsafeBufferPointer { buffer in
        guard var cursor = JSONCursor(buffer, at: Int(random.next() % 4)) else { return }
        for _ in 0..<12 {
          switch random.next() % 8 {
          case 0: _ = cursor.enterObject()
          case 1: _ = cursor.nextMember(first: random.next() % 2 == 0)
          case 2: _ = cursor.enterArray()
          case 3: _ = cursor.nextElement(first: random.next() % 2 == 0)
          case 4: _ = cursor.value()
          case 5: _ = cursor.skip()
          case 6: _ = cursor.consumeNull()
          default: _ = cursor.peek()
          }
          #expect(cursor.offset <= buffer.count)
        }
      }
    }
  }
}
