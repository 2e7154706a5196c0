import JSONCodec
import Testing

/// Nesting is bounded by `maxDepth`, never by the stack; deep values are handled without recursion.
@Suite struct DepthTests {
  @Test func defaultLimitIsTenThousand() throws {
    #expect(JSONParser.defaultMaxDepth == 10_000)
    var value = try JSONParser.parse(nestedArrays(10_000))
    value.dismantle()
    #expect(throws: JSONParseError(offset: 10_000, reason: "nesting deeper than 10000")) {
      try JSONParser.parse(nestedArrays(10_001))
    }
  }

  @Test func hundredThousandDeepIsRefusedOnASmallStack() {
    let error = onThread(stackKiB: 512) { () -> JSONParseError? in
      do throws(JSONParseError) {
        var value = try JSONParser.parse(nestedArrays(100_000))
        value.dismantle()
        return nil
      } catch {
        return error
      }
    }
    #expect(error == JSONParseError(offset: 10_000, reason: "nesting deeper than 10000"))
  }

  @Test func configurableLimit() throws {
    #expect(try JSONParser.parse("[[]]", maxDepth: 2) == .array([.array([])]))
    #expect(throws: JSONParseError(offset: 2, reason: "nesting deeper than 2")) {
      try JSONParser.parse("[[{}]]", maxDepth: 2)
    }
    #expect(throws: JSONParseError(offset: 0, reason: "nesting deeper than 0")) {
      try JSONParser.parse("[]", maxDepth: 0)
    }
    #expect(try JSONParser.parse("1", maxDepth: 0) == .int(1))
    var value = try JSONParser.parse(nestedArrays(100_000), maxDepth: 100_000)
    value.dismantle()
  }

  @Test func deepValuesWorkOnASmallStack() {
    // Parse, compare, hash, write and dismantle 100,000 levels on a 512 KiB thread.
    let ok = onThread(stackKiB: 512) { () -> Bool in
      let text = nestedArrays(100_000)
      guard var a = try? JSONParser.parse(text, maxDepth: 200_000),
        var b = try? JSONParser.parse(text, maxDepth: 200_000)
      else { return false }
      let equal = a == b && a.hashValue == b.hashValue
      let written = JSONWriter.serialize(a) == text
      a.dismantle()
      b.dismantle()
      return equal && written
    }
    #expect(ok == true)
  }

  @Test func errorsAfterDeepValuesDoNotRecurse() {
    // A complete 50,000-deep value followed by garbage: the parser tears it down iteratively.
    let error = onThread(stackKiB: 512) { () -> JSONParseError? in
      do throws(JSONParseError) {
        var value = try JSONParser.parse(nestedArrays(50_000) + Array("x".utf8), maxDepth: 60_000)
        value.dismantle()
        return nil
      } catch {
        return error
      }
    }
    #expect(error == JSONParseError(offset: 100_001, reason: "unexpected 'x' after the document"))
  }

  @Test func implicitTeardownAtTheSafeDepthOnASmallStack() {
    // Dropping a value at the documented safe depth (alternating objects and arrays, like a layout tree)
    // implicitly on a 512 KiB thread must not crash.
    let depth = JSONValue.implicitTeardownSafeDepth
    let done = onThread(stackKiB: 512) { () -> Bool in
      var text: [UInt8] = []
      for level in 0..<depth { text += Array((level % 2 == 0 ? "{\"children\":" : "[").utf8) }
      text += Array("1".utf8)
      for level in (0..<depth).reversed() { text += Array((level % 2 == 0 ? "}" : "]").utf8) }
      guard let value = try? JSONParser.parse(text) else { return false }
      return value != .null  // `value` is dropped implicitly here
    }
    #expect(done == true)
  }
}
