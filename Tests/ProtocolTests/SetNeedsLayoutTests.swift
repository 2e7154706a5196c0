import JSONCodec
import Testing

/// Protocol.md "Table", `cell/setNeedsLayout`: a changed committed height pushes one `table/heightChanged`, an
/// unchanged one pushes nothing, and several calls for a row before its layout finishes coalesce.
@Suite struct SetNeedsLayoutTests {
  /// A `table/waitUntilAllUpdatesAreProcessed` request for s1.
  static func wait(_ id: Int) -> String {
    request(id, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
  }

  /// A vertical stack of `count` nodes of `height` points each: a cell that takes a while to lay out.
  static func slowCell(count: Int, height: Double) -> String {
    let child = nodeCell(height)
    return #"{"type":"stack","direction":"vertical","children":["#
      + Array(repeating: child, count: count).joined(separator: ",") + "]}"
  }

  @Test func aNewHeightIsPushedAsHeightChanged() throws {
    let daemon = try Daemon()
    daemon.startSession()
    TableEditTests.insertExampleRows(daemon)
    let params = #"{"sessionId":"s1","row":"r1","cell":\#(nodeCell(60))}"#
    #expect(daemon.call(8, "cell/setNeedsLayout", params) == [json(resultResponse("8", #"{"seq":1}"#))])
    let changed = """
      {"jsonrpc":"2.0","method":"table/heightChanged","params":{"sessionId":"s1","rowId":"r1","indexPath":[0,0],
      "oldHeight":44.5,"newHeight":60.5,"contentSize":{"width":320,"height":71},"seq":1}}
      """
    #expect(daemon.takeNotification("table/heightChanged") == [json(changed)])
    #expect(
      daemon.call(9, "table/rowFrame", #"{"sessionId":"s1","row":"x"}"#) == [
        json(resultResponse("9", TableEditTests.frame("x", 1, y: 60.5, height: 10.5)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func anUnchangedHeightPushesNothing() throws {
    let daemon = try Daemon()
    daemon.startSession()
    TableEditTests.insertExampleRows(daemon)
    let sameContent = request(5, "cell/setNeedsLayout", #"{"sessionId":"s1","row":"r1"}"#)
    let sameHeight = request(
      6, "cell/setNeedsLayout", #"{"sessionId":"s1","row":[0,1],"cell":{"type":"stack","children":[\#(nodeCell(10))]}}"#
    )
    daemon.write(Array((frameText(sameContent) + frameText(sameHeight) + frameText(Self.wait(7))).utf8))
    // The wait is answered after both relayouts were accepted, and any notification they caused comes first.
    #expect(
      daemon.take(until: { Daemon.isResponse($0, id: .int(7)) }) == [
        json(resultResponse("5", #"{"seq":1}"#)), json(resultResponse("6", #"{"seq":1}"#)),
        json(resultResponse("7", #"{"seq":1,"contentSize":{"width":320,"height":55}}"#)),
      ])
    daemon.expectAliveThenExit()
  }

  @Test func severalCallsBeforeTheLayoutFinishesCoalesceIntoOneNotification() throws {
    let daemon = try Daemon()
    daemon.startSession()
    TableEditTests.insertExampleRows(daemon)
    // One batch puts the three calls on the session's queue together; the first two cells are slow to lay out,
    // so their layouts are superseded before they finish and only the last one counts.
    let calls = [
      (10, Self.slowCell(count: 2000, height: 0.025)), (11, Self.slowCell(count: 2000, height: 0.03)),
      (12, nodeCell(70)),
    ]
    let batch = calls.map { request($0.0, "cell/setNeedsLayout", #"{"sessionId":"s1","row":"r1","cell":\#($0.1)}"#) }
    daemon.send("[" + batch.joined(separator: ",") + "]")
    daemon.send(Self.wait(13))
    let messages = daemon.take(until: { Daemon.isResponse($0, id: .int(13)) })
    let changed = """
      {"jsonrpc":"2.0","method":"table/heightChanged","params":{"sessionId":"s1","rowId":"r1","indexPath":[0,0],
      "oldHeight":44.5,"newHeight":70.5,"contentSize":{"width":320,"height":81},"seq":1}}
      """
    #expect(messages.filter { $0["method"] != nil } == [json(changed)])
    let answers = messages.filter { $0["method"] == nil }
    #expect(answers.count == 2)
    #expect(Set(answers.first?.arrayValue ?? []) == Set((10...12).map { json(resultResponse("\($0)", #"{"seq":1}"#)) }))
    #expect(answers.last == json(resultResponse("13", #"{"seq":1,"contentSize":{"width":320,"height":81}}"#)))
    daemon.expectAliveThenExit(allowArrays: true)
  }

  @Test func aRowNotYetCommittedCanBeRelaidOutByItsPendingID() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let insert = request(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"p","cell":\#(nodeCell(44))}]}"#)
    let relayout = request(4, "cell/setNeedsLayout", #"{"sessionId":"s1","row":"p","cell":\#(nodeCell(20))}"#)
    daemon.write(Array((frameText(insert) + frameText(relayout) + frameText(Self.wait(5))).utf8))
    let messages = daemon.take(until: { Daemon.isResponse($0, id: .int(5)) })
    #expect(
      messages.filter { $0["method"] == nil } == [
        json(resultResponse("3", #"{"seq":1,"rowIds":["p"]}"#)), json(resultResponse("4", #"{"seq":1}"#)),
        json(resultResponse("5", #"{"seq":1,"contentSize":{"width":320,"height":20.5}}"#)),
      ])
    // The commit carries the latest content's height; whether a heightChanged follows is not specified here.
    #expect(
      messages.first { $0["method"] == .string("table/didCommit") }?["params"]?["insertedRowIds"] == json(#"["p"]"#))
    #expect(
      daemon.call(6, "table/rowFrame", #"{"sessionId":"s1","row":"p"}"#) == [
        json(resultResponse("6", TableEditTests.frame("p", 0, y: 0, height: 20.5)))
      ])
    daemon.expectAliveThenExit()
  }
}
