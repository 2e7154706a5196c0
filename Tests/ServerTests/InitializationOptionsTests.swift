import Foundation
import JSONCodec
import Testing

@Suite("initializationOptions: font directories and limits", .serialized)
struct InitializationOptionsTests {
  @Test("limits are reported and enforced with -32005; nothing changes")
  func limits() async {
    let h = ServerHarness()
    let options =
      #"{"initializationOptions": {"limits": {"maxSessions": 1, "maxRowsPerSession": 3, "maxCellDepth": 2}}}"#
    #expect(
      await h.call(1, "initialize", options).last?["result"]?["capabilities"]?["limits"]
        == json(#"{"maxSessions": 1, "maxRowsPerSession": 3, "maxCellDepth": 2, "maxCellElements": 10000}"#))
    _ = await h.call(2, "session/create", #"{"viewport": {"width": 320, "height": 480}}"#)
    #expect(
      await h.call(3, "session/create", #"{"viewport": {"width": 320, "height": 480}}"#).last?["error"]
        == json(
          #"{"code": -32005, "message": "cannot create a session: 1 sessions are live, the maximum is 1 (maxSessions)"}"#
        ))
    let node = #"{"cell": {"type": "node", "style": {"height": 10}}}"#
    _ = await h.call(4, "table/insertRows", #"{"sessionId": "s1", "rows": [\#(node), \#(node)]}"#)
    #expect(
      await h.call(5, "table/insertRows", #"{"sessionId": "s1", "rows": [\#(node), \#(node)]}"#).last?["error"]
        == json(
          #"{"code": -32005, "message": "session \"s1\" would hold 4 rows, more than the maximum of 3 (maxRowsPerSession)"}"#
        ))
    // Deleting one row in the same batch makes room.
    let ops =
      #"[{"op": "deleteRows", "rows": [[0, 0]]}, {"op": "insertRows", "rows": [{"at": [0, 0], \#(node.dropFirst().dropLast())}, {"at": [0, 1], \#(node.dropFirst().dropLast())}]}]"#
    #expect(
      await h.call(6, "table/performBatchUpdates", #"{"sessionId": "s1", "operations": \#(ops)}"#).last?["result"]?[
        "seq"]
        == .int(2))
    let deep = #"{"type": "inset", "child": {"type": "inset", "child": {"type": "node"}}}"#
    #expect(
      await h.call(7, "table/insertRows", #"{"sessionId": "s1", "rows": [{"cell": \#(deep)}]}"#).last?["error"]?[
        "message"]
        == .string("params.rows[0].cell.child.child: nesting deeper than the maximum of 2 elements"))
    #expect(
      await h.call(8, "table/describe", #"{"sessionId": "s1", "state": "pending"}"#).last?["result"]?["sections"]?
        .arrayValue?.first?["rows"]?.arrayValue?.count == 3)
    h.closeInput()
  }

  @Test("bad options are -32602 and leave the server uninitialized")
  func badOptions() async {
    let h = ServerHarness()
    #expect(
      await h.call(1, "initialize", #"{"initializationOptions": {"limits": {"maxCellDepth": 65}}}"#).last?["error"]?[
        "message"]
        == .string("params.initializationOptions.limits.maxCellDepth: expected an integer in [1, 64], got 65"))
    #expect(
      await h.call(2, "initialize", #"{"initializationOptions": {"fontDirectories": [3]}}"#).last?["error"]?["message"]
        == .string("params.initializationOptions.fontDirectories[0]: expected a string, got a number"))
    #expect(await h.call(3, "initialize", #"{"initializationOptions": null}"#).last?["result"] != nil)
    h.closeInput()
  }

  @Test("font directories replace the system's: a family found nowhere fails that cell's layout")
  func fontDirectories() async {
    let h = ServerHarness()
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-no-fonts-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: empty) }
    _ = await h.call(1, "initialize", #"{"initializationOptions": {"fontDirectories": ["\#(empty)"]}}"#)
    _ = await h.call(2, "session/create", #"{"viewport": {"width": 320, "height": 480}, "lenientFonts": true}"#)
    let text = #"{"id": "t", "cell": {"type": "text", "text": "hi", "fontFamily": "DejaVu Sans", "fontSize": 12}}"#
    let ahem = #"{"id": "a", "cell": {"type": "text", "text": "hi", "fontFamily": "Ahem", "fontSize": 10}}"#
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": [\#(text), \#(ahem)]}"#)
    let log = await h.notification("window/logMessage")
    #expect(log?["params"]?["message"]?.stringValue?.contains(#"font family "DejaVu Sans" not found"#) == true)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      await h.call(5, "table/rowFrame", #"{"sessionId": "s1", "row": "a"}"#).last?["result"]?["frame"]?["height"]
        == .double(10.5))  // the built-in Ahem needs no directory
    h.closeInput()
  }
}
