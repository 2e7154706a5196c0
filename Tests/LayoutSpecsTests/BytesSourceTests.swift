import Foundation
import JSONCodec
import LayoutSpecs
import TestSupport
import Testing

/// Decoding a cell from its validated bytes (`JSONBytesSource`), as the daemon decodes the rows of a large insert:
/// whenever the bytes are taken, decoding the parsed JSON (`SpecDecoder.decode`, through `JSONValueSource`) gives
/// an equal element; the usual cells are taken (so the path is used), and what one pass cannot read as the parsed
/// value would be read is refused.
@Suite struct BytesSourceTests {
  /// The element decoded from the bytes of `text`, or nil when they are refused or do not decode.
  static func scanned(_ text: String, limits: SpecDecoder.Limits = .default) -> LayoutElement? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer -> LayoutElement? in
      guard var source = JSONBytesSource(buffer, at: 0),
        let element = try? source.decodeElement(path: { "params.rows[0].cell" }, depth: 1, limits: limits)
      else { return nil }
      // The source ends after the cell.
      return source.offset == buffer.count ? element : nil
    }
  }

  /// Checks the promise on `text` (valid JSON only); true when the bytes were taken.
  @discardableResult
  static func check(
    _ text: String, limits: SpecDecoder.Limits = .default, sourceLocation: SourceLocation = #_sourceLocation
  )
    -> Bool
  {
    guard let value = try? JSONParser.parse(text) else { return false }
    guard let fast = scanned(text, limits: limits) else { return false }
    let ordinary = try? SpecDecoder.decode(value, path: "params.rows[0].cell", limits: limits)
    #expect(ordinary == fast, "\(text)", sourceLocation: sourceLocation)
    return true
  }

  /// Every box node of the Yoga conformance fixtures, as a cell: `{"type": "box", ...root}`.
  static func fixtureCells(filePath: String = #filePath) throws -> [String] {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/conformance/yoga")
    var cells: [String] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    where file.hasSuffix(".json") {
      let value = try JSONParser.parse([UInt8](try Data(contentsOf: directory.appendingPathComponent(file))))
      for item in value["cases"]?.arrayValue ?? [] {
        guard case .object(var root)? = item["root"] else { continue }
        root.storage.insert(JSONObject.Member(key: "type", value: .string("box")), at: 0)
        cells.append(JSONWriter.string(.object(root)))
      }
    }
    return cells
  }

  @Test func theFeedCellIsTakenAndEqual() throws {
    let text = JSONWriter.string(try BoxTemplateTests.feedCellSpec())
    #expect(Self.check(text))
    // With labels, whitespace, members in another order and escapes in values.
    let dressed = text.replacingOccurrences(
      of: #"{"type":"box","#, with: #"{ "type" : "b\u006fx", "name":"n" , "id":"c", "#
    )
    .replacingOccurrences(of: #""measure":{"#, with: #""id":"leaf","name":null,"measure":{"#)
    #expect(Self.check(dressed))
    // A member a box node does not have: the bytes are not taken, and the ordinary decode refuses it.
    let unknown = text.replacingOccurrences(of: #""measure":{"#, with: #""x":[1,{"y":2}],"measure":{"#)
    #expect(Self.scanned(unknown, limits: .default) == nil)
    #expect(
      Self.check(
        #"{"type":"box","style":{"flexDirection":"row","margin":{"left":2}},"children":[{"style":{"width":5}},{"measure":null,"children":null}]}"#
      ))
  }

  @Test func conformanceBoxesAreTakenAndEqual() throws {
    let cells = try Self.fixtureCells()
    let taken = cells.filter { Self.check($0) }.count
    #expect(cells.count > 500)
    #expect(taken * 10 >= cells.count * 9, "\(taken) of \(cells.count) taken")
  }

  /// Cells the bytes give as the parsed value does: other element types, embedded Texture elements (their type
  /// read first, or late), labels anywhere before the children.
  @Test(
    arguments: [
      #"{"type":"node"}"#, #"{"type":"stack","children":[{"type":"box","children":[{}]}]}"#,
      #"{"type":"box","children":[{"type":"text","text":"a"}]}"#,
      #"{"type":"box","children":[{"style":{"width":5,"flexGrow":1},"id":"x","type":"node"}]}"#,
      #"{"type":"box","children":[{"style":{"width":"50%"},"type":"box","name":"b"}]}"#,
      #"{"type":"box","id":"r","children":[{"type":"box","id":"r"}]}"#,
    ])
  func takenAndEqual(_ text: String) {
    #expect(Self.check(text))
  }

  /// What the ordinary decode refuses, or what one pass over the bytes cannot take as the parsed value is taken.
  @Test(
    arguments: [
      #"{"type":"box","style":{"width":-1}}"#, #"{"type":"box","style":null}"#, #"{"type":"box","style":{"wdth":1}}"#,
      #"{"type":"box","children":{}}"#, #"{"type":"box","measure":{"kind":"text","text":"a"},"children":[{}]}"#,
      #"{"type":"box","id":5}"#, #"{"type":"box","children":[{"name":[]}]}"#, #"{"type":"box","type":"box"}"#,
      #"{"type":"box","children":[{}],"style":{"width":1}}"#, #"{"type":"box","children":[{"style":{},"style":{}}]}"#,
      #"{"type":"box","st\u0079le":{"width":-1}}"#, #"[]"#, #"{"style":{},"type":"box"}"#,
      #"{"type":"box","children":[{"type":"box","children":[5]}]}"#,
    ])
  func leftToTheOrdinaryDecode(_ text: String) {
    #expect(Self.scanned(text) == nil)
  }

  @Test func depthAndElementLimits() {
    let nested = String(repeating: #"{"children":["#, count: 5) + "{}" + String(repeating: "]}", count: 5)
    let text = #"{"type":"box","children":["# + nested + "]}"
    #expect(Self.check(text, limits: SpecDecoder.Limits(maxDepth: 7)))
    #expect(Self.scanned(text, limits: SpecDecoder.Limits(maxDepth: 6)) == nil)
    #expect(Self.scanned(text, limits: SpecDecoder.Limits(maxDepth: 7, maxElements: 0)) == nil)
  }

  /// Random single-byte changes to box cells: whatever the bytes give, the ordinary decode gives equally.
  @Test func mutantsAgree() throws {
    let cells = [JSONWriter.string(try BoxTemplateTests.feedCellSpec())] + (try Self.fixtureCells()).prefix(60)
    let alphabet = Array(#"{}[],:" 0123456789.-eEtrufalsn%abxwidthgpmc"#.utf8)
    let seed: UInt64 = 0x5CA7_CE11
    var random = SeededGenerator(state: seed)
    var taken = 0
    for _ in 0..<3000 {
      var bytes = Array(cells[Int(random.next() % UInt64(cells.count))].utf8)
      let at = Int(random.next() % UInt64(bytes.count))
      switch random.next() % 3 {
      case 0: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
      case 1: bytes.remove(at: at)
      default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: at)
      }
      if Self.check(String(decoding: bytes, as: UTF8.self)) { taken += 1 }
    }
    // Most mutants are refused by both (a mutated key is an unknown member); enough are taken to compare.
    #expect(taken > 100, "seed \(seed)")
  }
}
