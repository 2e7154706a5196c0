import Foundation
import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree
import Testing

@testable import Server

/// `RowDecoder` on an unbuilt row's bytes: whatever it decodes, `Session.decodeRow` (the same decoder on the built
/// row) decodes equally (id, neverShowPlaceholders, cell); the usual rows are taken; errors, and what one pass over
/// the bytes cannot read as the built row would be read, are left to the built row.
@Suite struct RowDecoderTests {
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
    let body =
      #"{"jsonrpc":"2.0","id":1,"method":"table/insertRows","params":{"sessionId":"s1","rows":["#
      + rows.joined(separator: " , ") + "]}}"
    let (_, deferred) = try JSONParser.parse(Array(body.utf8), deferring: ["params", "rows"])
    return try #require(deferred)
  }

  /// Row `index` from its bytes, or nil.
  static func scanned(_ rows: DeferredArray, _ index: Int) -> RowSpec<LayoutElement>? {
    RowDecoder.decode(rows, index, rowsPath: "params.rows", using: CellDecoding(limits: ServerOptions().cellLimits))
  }

  /// Row `index` both ways; true when the bytes were taken (and then the two agree).
  static func agree(_ rows: DeferredArray, _ index: Int) throws -> Bool {
    let limits = ServerOptions().cellLimits
    guard let fast = scanned(rows, index) else { return false }
    let ordinary = try Session.decodeRow(
      rows.element(index), path: "params.rows[\(index)]", using: CellDecoding(limits: limits))
    #expect(fast.id == ordinary.id, "row \(index)")
    #expect(fast.neverShowPlaceholders == ordinary.neverShowPlaceholders, "row \(index)")
    #expect(fast.content == ordinary.content, "row \(index)")
    #expect(fast.heightRange == ordinary.heightRange, "row \(index)")
    #expect(fast.accessories == ordinary.accessories, "row \(index)")
    return true
  }

  @Test func usualRowsAreTakenAndAgree() throws {
    let cell = try Self.feedCell()
    let rows = try Self.unbuilt([
      #"{"cell":\#(cell)}"#, #"{"id":"a","cell":\#(cell)}"#,
      #"{"cell":\#(cell),"id":"b\u00e9","neverShowPlaceholders":true}"#,
      #"{"id":null,"neverShowPlaceholders":null,"cell":\#(cell)}"#,
      #"{ "neverShowPlaceholders" : false , "cell" : \#(cell) }"#,
      #"{"cell":{"type":"node","style":{"height":10}}}"#,  // not a box: built alone, and decoded as the row's is
      #"{"heightRange":{"min":44},"cell":\#(cell),"accessoryType":"checkmark"}"#,  // row members, before and after
      #"{"cell":\#(cell),"heightRange":{"max":80},"selectionStyle":"none","separatorInset":{"left":15}}"#,
      #"{"cell":\#(cell),"heightRange":null,"accessoryType":null,"selectionStyle":null,"separatorInset":null}"#,
    ])
    for index in 0..<rows.count { #expect(try Self.agree(rows, index), "row \(index) taken") }
  }

  @Test func unusualRowsAreLeftToTheBuiltRow() throws {
    let cell = try Self.feedCell()
    let rows = try Self.unbuilt([
      #"{"cell":\#(cell),"cell":\#(cell)}"#,  // a member twice: the built row takes the last
      #"{"id":"a","id":"b","cell":\#(cell)}"#,
      #"{"id":7,"cell":\#(cell)}"#,  // refused, with the built row's error
      #"{"id":"e","cell":\#(cell),"extra":[1,{"x":2}]}"#,  // a member a row does not have: refused likewise
      #"{"neverShowPlaceholders":1,"cell":\#(cell)}"#, #"{"cell":null}"#, #"{"id":"x"}"#, "[]", "null", "5",
      #"{"c\u0065ll":\#(cell)}"#,  // a key written with an escape
    ])
    for index in 0..<rows.count { #expect(Self.scanned(rows, index) == nil, "row \(index)") }
  }

  /// The built row's errors, in its member order (the bytes leave every error to it).
  @Test(
    arguments: [
      (#"{"cell":{"type":"box","style":{"width":-1}},"id":5}"#, "params.rows[0].id: expected a string, got a number"),
      (
        #"{"neverShowPlaceholders":"x","x":1}"#,
        #"params.rows[0].x: unknown member of a row; valid members: "id", "#
          + #""neverShowPlaceholders", "cell", "heightRange", "accessoryType", "selectionStyle", "separatorInset", "#
          + #""sizeRange""#
      ),
      (#"{"id":null}"#, #"params.rows[0]: missing required member "cell""#),
      ("[]", #"params.rows[0]: missing required member "cell""#),
      ("[1]", "params.rows[0]: expected an object, got an array"),
      (
        #"{"cell":{"type":"box","name":5,"style":{"width":"x"}}}"#,
        "params.rows[0].cell.name: expected a string, got a number"
      ),
    ])
  func builtRowErrors(_ row: String, _ message: String) throws {
    let value = try JSONParser.parse(row)
    #expect(throws: ResponseError(code: .invalidParams, message: message)) {
      try Session.decodeRow(value, path: "params.rows[0]", using: CellDecoding(limits: ServerOptions().cellLimits))
    }
  }
}
