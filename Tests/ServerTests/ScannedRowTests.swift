import Foundation
import JSONCodec
import LayoutSpecs
import NodeTree
import Testing

@testable import Server

/// `ScannedRow`, the fast path for an unbuilt row: whatever it decodes, `Session.decodeRow` decodes equally (id,
/// neverShowPlaceholders, cell); the usual box rows are taken; anything unusual is left to the ordinary decode.
@Suite struct ScannedRowTests {
  /// The feed cell as a box spec, compact JSON.
  static func feedCell(filePath: String = #filePath) throws -> String {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/bench/feed-cell.json")
    guard case .object(var root)? = try JSONParser.parse([UInt8](try Data(contentsOf: url)))["root"] else {
      throw CocoaError(.fileReadCorruptFile)
    }
    root.storage.insert(JSONObject.Member(key: "type", value: .string("box")), at: 0)
    return JSONWriter.string(.object(root))
  }

  /// The rows of an insert message holding `rows`, left unbuilt as the daemon's reader leaves them.
  static func unbuilt(_ rows: [String]) throws -> DeferredArray {
    let body = #"{"jsonrpc":"2.0","id":1,"method":"table/insertRows","params":{"sessionId":"s1","rows":["#
      + rows.joined(separator: " , ") + "]}}"
    let (_, deferred) = try JSONParser.parse(Array(body.utf8), deferring: ["params", "rows"])
    return try #require(deferred)
  }

  /// Row `index` both ways; true when the fast path took it (and then the two agree).
  static func agree(_ rows: DeferredArray, _ index: Int) throws -> Bool {
    let limits = ServerOptions().cellLimits
    guard let fast = ScannedRow.decode(rows, index, limits: limits) else { return false }
    let ordinary = try Session.decodeRow(rows.element(index), path: "params.rows[\(index)]", using: CellDecoding(limits: limits))
    #expect(fast.id == ordinary.id, "row \(index)")
    #expect(fast.neverShowPlaceholders == ordinary.neverShowPlaceholders, "row \(index)")
    #expect(fast.content == ordinary.content, "row \(index)")
    return true
  }

  @Test func usualRowsAreTakenAndAgree() throws {
    let cell = try Self.feedCell()
    let rows = try Self.unbuilt([
      #"{"cell":\#(cell)}"#, #"{"id":"a","cell":\#(cell)}"#, #"{"cell":\#(cell),"id":"b\u00e9","neverShowPlaceholders":true}"#,
      #"{"id":null,"neverShowPlaceholders":null,"cell":\#(cell)}"#,
      #"{ "neverShowPlaceholders" : false , "cell" : \#(cell) }"#,
    ])
    for index in 0..<rows.count { #expect(try Self.agree(rows, index), "row \(index) taken") }
  }

  @Test func unusualRowsAreLeftToTheOrdinaryDecode() throws {
    let cell = try Self.feedCell()
    let rows = try Self.unbuilt([
      #"{"cell":{"type":"node","style":{"height":10}}}"#,  // not a box
      #"{"cell":\#(cell),"cell":\#(cell)}"#,  // a member twice
      #"{"id":"a","id":"b","cell":\#(cell)}"#,
      #"{"id":7,"cell":\#(cell)}"#,  // refused by the ordinary decode
      #"{"id":"e","cell":\#(cell),"extra":[1,{"x":2}]}"#,  // a member a row does not have: refused likewise
      #"{"neverShowPlaceholders":1,"cell":\#(cell)}"#, #"{"cell":null}"#, #"{"id":"x"}"#, "[]", "null", "5",
      #"{"c\u0065ll":\#(cell)}"#,  // a key written with an escape
    ])
    for index in 0..<rows.count {
      #expect(ScannedRow.decode(rows, index, limits: ServerOptions().cellLimits) == nil, "row \(index)")
    }
  }
}
