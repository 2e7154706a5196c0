import JSONCodec
import TestSupport
import Testing

@testable import SpecLanguage

/// The value `SourceParser.parseDocument` builds in its one pass equals `JSONParser`'s (the daemon's) on seeded
/// random documents, and both refuse the same texts.
@Suite struct SourceValueTests {
  /// A seeded random JSON text: nested objects and arrays of strings (escapes, non-ASCII), integers, fractions,
  /// exponents, literals, and repeated keys.
  static func document(_ random: inout SeededGenerator, depth: Int = 0) -> String {
    switch random.next() % (depth > 4 ? 5 : 7) {
    case 0: return ["null", "true", "false"][Int(random.next() % 3)]
    case 1: return String(Int64(bitPattern: random.next()) >> Int64(random.next() % 63))
    case 2:
      return ["0.5", "-12.25e2", "1E-3", "3.0", "-0", "9007199254740993", "18446744073709551616"][
        Int(random.next() % 7)]
    case 3, 4: return ["\"a\"", "\"é😀\"", #""\u00e9\n\t\"\\""#, "\"\"", #""\ud83d\ude00""#][Int(random.next() % 5)]
    case 5:
      let count = Int(random.next() % 4)
      return "[" + (0..<count).map { _ in document(&random, depth: depth + 1) }.joined(separator: ", ") + "]"
    default:
      let count = Int(random.next() % 4)
      let keys = ["type", "id", "children", "type", "é"]
      return "{"
        + (0..<count).map { _ in "\"\(keys[Int(random.next() % 5)])\": " + document(&random, depth: depth + 1) }
        .joined(separator: ", ") + "}"
    }
  }

  @Test func valuesMatchTheDaemonsParser() throws {
    var random = SeededGenerator(state: 20_261_127)
    for index in 0..<2_000 {
      let text = Self.document(&random)
      let ours = try SourceParser.parseDocument(text).value
      let theirs = try JSONParser.parse(text)
      #expect(ours == theirs, "document \(index): \(text)")
    }
  }
}
