import JSONCodec
import Testing

/// A `table/insertRows` of 64 rows or more has its cells decoded in parallel before the session performs it
/// (Protocol.md "Background layout"); the error it answers must still be the first one in row order, exactly as
/// for a small insert, and nothing may change.
@Suite struct LargeInsertErrorTests {
  /// `count` rows of fixed-height node cells, with `replace` substituting some rows' JSON text.
  static func rows(_ count: Int, replace: [Int: String] = [:]) -> String {
    "[" + (0..<count).map { replace[$0] ?? #"{"cell":\#(nodeCell(10))}"# }.joined(separator: ",") + "]"
  }

  static let cases: [(replace: [Int: String], message: String)] = [
    // A bad cell late in the list.
    ([90: #"{"cell":{"type":"node","style":{"width":-3}}}"#], "params.rows[90].cell.style.width"),
    // A bad cell before a bad row: the cell's error comes first.
    (
      [20: #"{"cell":{"type":"nope"}}"#, 70: #"[1]"#],
      #"params.rows[20].cell.type: unknown element type "nope""#
    ),
    // A bad row before a bad cell: the row's error comes first.
    (
      [20: #"{"id":7,"cell":\#(nodeCell(1))}"#, 70: #"{"cell":{"type":"nope"}}"#],
      "params.rows[20].id: expected a string"
    ),
    // A row without a cell.
    ([99: #"{"id":"x"}"#], #"params.rows[99]: missing required member "cell""#),
  ]

  @Test(arguments: cases.indices)
  func theFirstErrorInRowOrderIsAnsweredAndNothingChanges(_ index: Int) throws {
    let (replace, message) = Self.cases[index]
    let daemon = try Daemon()
    daemon.startSession()
    let answer = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(Self.rows(100, replace: replace))}"#)
    #expect(answer.last?["error"]?["code"] == .int(-32602))
    let text = answer.last?["error"]?["message"]?.stringValue ?? ""
    #expect(text.hasPrefix(message), "\(text)")
    // Nothing was inserted; a valid large insert then goes through.
    let described = daemon.call(4, "table/describe", #"{"sessionId":"s1","state":"pending"}"#)
    #expect(described.last?["result"]?["sections"]?.arrayValue?.first?["rows"]?.arrayValue?.isEmpty == true)
    let ok = daemon.call(5, "table/insertRows", #"{"sessionId":"s1","rows":\#(Self.rows(100))}"#)
    #expect(ok.last?["result"]?["rowIds"]?.arrayValue?.count == 100)
    let waited = daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(waited.last?["result"]?["contentSize"]?["height"]?.doubleValue == 100 * 10.5)
    daemon.expectAliveThenExit()
  }
}
