import JSONCodec
import Testing

/// Short strings go through a per-parse cache; it must never return the wrong string.
@Suite struct ShortStringTests {
  @Test func manyDistinctAndRepeatedShortStrings() throws {
    var names: [String] = []
    for i in 0..<3000 {
      names.append(["k\(i)", "key-\(i)-x", "é\(i % 7)", "123456789012345", "12345678", "1234567"][i % 6])
    }
    let text = "[" + (names + names.reversed()).map { "\"\($0)\"" }.joined(separator: ",") + "]"
    #expect(try JSONParser.parse(text) == .array((names + names.reversed()).map { .string($0) }))
  }

  @Test func keysOfEveryLength() throws {
    for n in 1...17 {
      let a = String(repeating: "a", count: n)
      let b = String(repeating: "a", count: n - 1) + "b"
      let text = #"{"\#(a)":1,"\#(b)":2,"\#(a)":3}"#
      #expect(try JSONParser.parse(text).objectValue?.keys == [a, b, a], "length \(n)")
      // The same in a document large enough to get the cache (trailing whitespace is allowed).
      let padded = text + String(repeating: " ", count: 8 << 10)
      #expect(try JSONParser.parse(padded).objectValue?.keys == [a, b, a], "length \(n), cached")
    }
  }
}
