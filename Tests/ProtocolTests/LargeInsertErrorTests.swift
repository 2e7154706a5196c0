import JSONCodec
import Testing

/// A `table/insertRows` of 64 rows or more has its cells decoded in parallel before the session performs it
/// (Protocol.md "Background layout"); the error it answers must still be the first one in row order, exactly as
/// for a small insert, and nothing may change. 100 rows of these cells (5 KB) arrive built; 800 (40 KB) arrive
/// unbuilt, their JSON only validated by the reader and built on the layout workers.
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

  @Test(arguments: cases.indices, [100, 800])
  func theFirstErrorInRowOrderIsAnsweredAndNothingChanges(_ index: Int, _ count: Int) throws {
    let (replace, message) = Self.cases[index]
    let daemon = try Daemon()
    daemon.startSession()
    let answer = daemon.call(
      3, "table/insertRows", #"{"sessionId":"s1","rows":\#(Self.rows(count, replace: replace))}"#)
    #expect(answer.last?["error"]?["code"] == .int(-32602))
    let text = answer.last?["error"]?["message"]?.stringValue ?? ""
    #expect(text.hasPrefix(message), "\(text)")
    // Nothing was inserted; a valid large insert then goes through.
    let described = daemon.call(4, "table/describe", #"{"sessionId":"s1","state":"pending"}"#)
    #expect(described.last?["result"]?["sections"]?.arrayValue?.first?["rows"]?.arrayValue?.isEmpty == true)
    let ok = daemon.call(5, "table/insertRows", #"{"sessionId":"s1","rows":\#(Self.rows(count))}"#)
    #expect(ok.last?["result"]?["rowIds"]?.arrayValue?.count == count)
    let waited = daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(waited.last?["result"]?["contentSize"]?["height"]?.doubleValue == Double(count) * 10.5)
    daemon.expectAliveThenExit()
  }

  /// Invalid JSON deep inside a large insert's rows is a parse error (-32700, id null) however the rows arrive,
  /// and the session is unchanged.
  @Test(arguments: [100, 800])
  func invalidJSONInsideTheRowsIsAParseError(_ count: Int) throws {
    let daemon = try Daemon()
    daemon.startSession()
    let broken = Self.rows(count, replace: [count - 3: #"{"cell":{"type":"node","style":{"height":1.}}}"#])
    // The answer to unparsable JSON has id null (the id cannot be read), so wait for that answer, not for id 3.
    daemon.send(#"{"jsonrpc":"2.0","id":3,"method":"table/insertRows","params":{"sessionId":"s1","rows":\#(broken)}}"#)
    let answer = daemon.take(until: { $0["error"] != nil || $0["id"] == .int(3) }, timeout: 60)
    #expect(answer.last?["error"]?["code"] == .int(-32700))
    #expect(answer.last?["id"] == .null)
    let text = answer.last?["error"]?["message"]?.stringValue ?? ""
    #expect(text.contains("invalid number: expected a digit after '.'"), "\(text)")
    let described = daemon.call(4, "table/describe", #"{"sessionId":"s1","state":"pending"}"#)
    #expect(described.last?["result"]?["sections"]?.arrayValue?.first?["rows"]?.arrayValue?.isEmpty == true)
    daemon.expectAliveThenExit()
  }

  /// A large insert for a session that does not exist is -32003 like a small one, and one with row ids is
  /// answered with them in order.
  @Test(arguments: [100, 800])
  func unknownSessionAndRowIDs(_ count: Int) throws {
    let daemon = try Daemon()
    daemon.startSession()
    let unknown = daemon.call(3, "table/insertRows", #"{"sessionId":"zz","rows":\#(Self.rows(count))}"#)
    #expect(unknown.last?["error"]?["code"] == .int(-32003))
    let rows =
      "["
      + (0..<count).map { #"{"id":"k\#($0)","cell":\#(nodeCell(Double($0 % 7)))}"# }
      .joined(separator: ",") + "]"
    let ok = daemon.call(4, "table/insertRows", #"{"sessionId":"s1","section":0,"rows":\#(rows)}"#)
    #expect(ok.last?["result"]?["rowIds"]?.arrayValue == (0..<count).map { .string("k\($0)") })
    _ = daemon.call(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let frame = daemon.call(6, "table/rowFrame", #"{"sessionId":"s1","row":"k\#(count - 1)"}"#)
    let expectedY = (0..<(count - 1)).reduce(0.0) { $0 + Double($1 % 7) + 0.5 }
    #expect(frame.last?["result"]?["frame"]?["y"]?.doubleValue == expectedY)
    daemon.expectAliveThenExit()
  }
}
