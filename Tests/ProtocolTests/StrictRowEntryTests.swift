import JSONCodec
import Testing

/// Row entries of edits refuse members they do not have (issue 14, item 1): `table/reloadRows` and a batch's
/// `reloadRows` entries and `cell/setNeedsLayout`'s `rows` take {row, cell}; a batch's inserted rows take {at, id,
/// neverShowPlaceholders, cell}. -32602 at the member's path, nothing changes (Base table, LiveTableBase).
@Suite struct StrictRowEntryTests {
  @Test func rowEntriesRefuseUnknownMembers() throws {
    let daemon = try Daemon()
    daemon.startBase()
    let cases: [(method: String, params: String, path: String)] = [
      ("table/reloadRows", #"{"sessionId":"s1","rows":[{"row":"r0","cel":{"type":"node"}}]}"#, "params.rows[0].cel"),
      ("cell/setNeedsLayout", #"{"sessionId":"s1","rows":[{"row":"r0","cell":\#(nodeCell(5)),"bogus":1}]}"#,
       "params.rows[0].bogus"),
      ("table/performBatchUpdates",
       #"{"sessionId":"s1","operations":[{"op":"reloadRows","rows":[{"row":"r0","height":5}]}]}"#,
       "params.operations[0].rows[0].height"),
      ("table/performBatchUpdates",
       #"{"sessionId":"s1","operations":[{"op":"insertRows","rows":[{"at":[0,0],"cell":{"type":"node"},"colour":1}]}]}"#,
       "params.operations[0].rows[0].colour"),
    ]
    var id = 10
    for (method, params, path) in cases {
      let answer = daemon.call(id, method, params).last
      #expect(answer?["error"]?["code"] == .int(-32602), "\(method)")
      #expect(answer?["error"]?["message"]?.stringValue?.hasPrefix(path + ": ") == true, "\(method): \(String(describing: answer))")
      id += 1
    }
    // Nothing changed: still the 20 rows of 100 pt, nothing laid out again.
    let described = daemon.call(id, "table/describe", #"{"sessionId":"s1","state":"pending"}"#).last?["result"]
    #expect(described?["seq"] == .int(1))
    #expect(described?["contentSize"]?["height"] == .double(2000) || described?["contentSize"]?["height"] == .int(2000))
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }
}
