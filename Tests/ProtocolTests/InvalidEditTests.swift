import JSONCodec
import Testing

/// Protocol.md "Errors": an edit invalid as a whole answers -32004 with the model's text and changes nothing,
/// checked afterwards by queries (content size, row frames) and by the seq the next edit gets.
@Suite struct InvalidEditTests {
  /// Method, params and the exact -32004 message, on s1 holding rows "a" (44) and "b" (10).
  static let cases: [(method: String, params: String, message: String)] = [
    (
      "table/insertRows", #"{"sessionId":"s1","at":3,"rows":[{"id":"c","cell":\#(nodeCell(1))}]}"#,
      "cannot insert row [0, 3]: section 0 has 3 rows after the update"
    ),
    (
      "table/insertRows", #"{"sessionId":"s1","section":1,"rows":[{"id":"c","cell":\#(nodeCell(1))}]}"#,
      "cannot insert row [1, 0]: section 1 does not exist (1 sections after the update)"
    ),
    (
      "table/insertRows",
      #"{"sessionId":"s1","rows":[{"id":"c","cell":\#(nodeCell(1))},{"id":"a","cell":\#(nodeCell(1))}]}"#,
      #"duplicate row id "a""#
    ),
    (
      "table/insertRows",
      #"{"sessionId":"s1","rows":[{"id":"c","cell":\#(nodeCell(1))},{"id":"c","cell":\#(nodeCell(1))}]}"#,
      #"duplicate row id "c""#
    ),
    ("table/deleteRows", #"{"sessionId":"s1","rows":["a","b","a"]}"#, "deleteRows: row [0, 0] appears more than once"),
    ("table/deleteRows", #"{"sessionId":"s1","rows":["b",[0,1]]}"#, "deleteRows: row [0, 1] appears more than once"),
    (
      "table/reloadRows",
      #"{"sessionId":"s1","rows":[{"row":"b","cell":\#(nodeCell(1))},{"row":[0,1],"cell":\#(nodeCell(2))}]}"#,
      "reloadRows: row [0, 1] appears more than once"
    ),
    (
      "table/moveRow", #"{"sessionId":"s1","from":"a","to":[0,2]}"#,
      "cannot insert row [0, 2]: section 0 has 2 rows after the update"
    ),
    (
      "table/moveRow", #"{"sessionId":"s1","from":"a","to":[1,0]}"#,
      "cannot insert row [1, 0]: section 1 does not exist (1 sections after the update)"
    ),
  ]

  @Test(arguments: cases.indices)
  func invalidEditAnswersMinus32004AndChangesNothing(_ index: Int) throws {
    let (method, params, message) = Self.cases[index]
    let daemon = try Daemon()
    daemon.startSession()
    let rows = #"{"sessionId":"s1","rows":[{"id":"a","cell":\#(nodeCell(44))},{"id":"b","cell":\#(nodeCell(10))}]}"#
    #expect(daemon.call(3, "table/insertRows", rows) == [json(resultResponse("3", #"{"seq":1,"rowIds":["a","b"]}"#))])
    #expect(daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#).count == 2)
    #expect(daemon.call(5, method, params) == [json(errorResponse("5", -32004, message))], "\(method) \(params)")
    // Nothing changed: no commit, the same content size and frames, nothing pending, and the next seq is 2.
    #expect(
      daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("6", #"{"seq":1,"contentSize":{"width":320,"height":55}}"#))
      ])
    #expect(
      daemon.call(7, "table/rowFrame", #"{"sessionId":"s1","row":"a"}"#) == [
        json(resultResponse("7", TableEditTests.frame("a", 0, y: 0, height: 44.5)))
      ])
    #expect(
      daemon.call(8, "table/rowFrame", #"{"sessionId":"s1","row":"b"}"#) == [
        json(resultResponse("8", TableEditTests.frame("b", 1, y: 44.5, height: 10.5)))
      ])
    #expect(
      daemon.call(9, "table/rowFrame", #"{"sessionId":"s1","row":"c"}"#) == [
        json(errorResponse("9", -32602, #"unknown row id "c""#))
      ])
    #expect(
      daemon.call(10, "table/moveRow", #"{"sessionId":"s1","from":"b","to":[0,0]}"#) == [
        TableEditTests.didCommit(seq: 2, height: 55), json(resultResponse("10", #"{"seq":2}"#)),
      ])
    daemon.expectAliveThenExit()
  }
}
