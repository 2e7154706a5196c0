import JSONCodec
import Testing

/// Protocol.md "Sessions": ids assigned "s1", "s2", … (skipping ids in use), sessions independent of each
/// other, and `session/dispose`.
@Suite struct SessionTests {
  @Test func sessionIDsAreAssignedInOrderSkippingIDsInUse() throws {
    let daemon = try Daemon()
    daemon.initialize()
    let viewport = #""viewport":{"width":320,"height":480},"interfaceStates":false"#
    #expect(
      daemon.call(2, "session/create", #"{"sessionId":"s2",\#(viewport)}"#) == [
        json(resultResponse("2", #"{"sessionId":"s2"}"#))
      ])
    #expect(daemon.call(3, "session/create", "{\(viewport)}") == [json(resultResponse("3", #"{"sessionId":"s1"}"#))])
    #expect(daemon.call(4, "session/create", "{\(viewport)}") == [json(resultResponse("4", #"{"sessionId":"s3"}"#))])
    daemon.expectAliveThenExit()
  }

  @Test func twoSessionsAreIndependent() throws {
    let daemon = try Daemon()
    daemon.initialize()
    let quiet = #""interfaceStates":false"#
    #expect(
      daemon.call(2, "session/create", #"{"viewport":{"width":320,"height":480},"interfaceStates":false,\#(quiet)}"#)
        .count == 1)
    let narrow =
      #"{"viewport":{"width":100,"height":200},"interfaceStates":false,"scale":1,"separators":false,\#(quiet)}"#
    #expect(daemon.call(3, "session/create", narrow) == [json(resultResponse("3", #"{"sessionId":"s2"}"#))])
    // The same row id in both sessions; each session numbers its own change sets from 1.
    for (id, session, height) in [(4, "s1", 44.0), (5, "s2", 30.0)] {
      let params = #"{"sessionId":"\#(session)","rows":[{"id":"a","cell":\#(nodeCell(height))}]}"#
      #expect(
        daemon.call(id, "table/insertRows", params) == [
          json(resultResponse("\(id)", #"{"seq":1,"rowIds":["a"]}"#))
        ])
      #expect(daemon.call(id + 10, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"\#(session)"}"#).count == 2)
    }
    #expect(
      daemon.call(20, "table/rowFrame", #"{"sessionId":"s1","row":"a"}"#) == [
        json(resultResponse("20", TableEditTests.frame("a", 0, y: 0, height: 44.5)))
      ])
    #expect(
      daemon.call(21, "table/rowFrame", #"{"sessionId":"s2","row":"a"}"#) == [
        json(resultResponse("21", #"{"rowId":"a","indexPath":[0,0],"frame":{"x":0,"y":0,"width":100,"height":30}}"#))
      ])
    // Deleting from s2 leaves s1 alone; disposing s2 leaves s1 serving.
    let deleted = daemon.call(22, "table/deleteRows", #"{"sessionId":"s2","rows":["a"]}"#)
    #expect(deleted.last == json(resultResponse("22", #"{"seq":2}"#)))
    #expect(daemon.call(23, "session/dispose", #"{"sessionId":"s2"}"#) == [json(resultResponse("23", "null"))])
    #expect(
      daemon.call(24, "table/contentSize", #"{"sessionId":"s2"}"#) == [
        json(errorResponse("24", -32003, #"unknown session "s2""#))
      ])
    #expect(
      daemon.call(25, "session/dispose", #"{"sessionId":"s2"}"#) == [
        json(errorResponse("25", -32003, #"unknown session "s2""#))
      ])
    #expect(
      daemon.call(26, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("26", #"{"width":320,"height":44.5}"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func disposeIsAnsweredAfterTheSessionsEarlierRequests() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let insert = request(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"a","cell":\#(nodeCell(44))}]}"#)
    let size = request(4, "table/contentSize", #"{"sessionId":"s1"}"#)
    let dispose = request(5, "session/dispose", #"{"sessionId":"s1"}"#)
    daemon.write(Array((frameText(insert) + frameText(size) + frameText(dispose)).utf8))
    let answers = daemon.take(until: { Daemon.isResponse($0, id: .int(5)) }).filter { $0["method"] == nil }
    // The content-size query may overtake the insert (it waits for layout; Protocol.md "Order"); the dispose, a
    // barrier, is answered after both.
    #expect(Set(answers.dropLast().compactMap { $0["id"]?.intValue }) == [3, 4])
    #expect(answers.count == 3)
    #expect(answers.last == json(resultResponse("5", "null")))
    // A disposed id can be chosen again and starts empty.
    #expect(
      daemon.call(
        6, "session/create", #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false}"#) == [
          json(resultResponse("6", #"{"sessionId":"s1"}"#))
        ])
    #expect(
      daemon.call(7, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("7", #"{"width":320,"height":0}"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func disposeAnswersAWaitingWaitWithUnknownSessionFirst() throws {
    let daemon = try Daemon()
    daemon.startSession()
    // A slow cell keeps the change set pending, so the wait is usually still waiting when dispose arrives; if
    // the layout won the race, the wait was answered normally. Either way dispose is answered last.
    let slow = SetNeedsLayoutTests.slowCell(count: 3000, height: 0.01)
    let insert = request(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"a","cell":\#(slow)}]}"#)
    let wait = request(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let dispose = request(5, "session/dispose", #"{"sessionId":"s1"}"#)
    daemon.write(Array((frameText(insert) + frameText(wait) + frameText(dispose)).utf8))
    let answers = daemon.take(until: { Daemon.isResponse($0, id: .int(5)) }).filter { $0["method"] == nil }
    #expect(answers.first == json(resultResponse("3", #"{"seq":1,"rowIds":["a"]}"#)))
    let waitAnswer = answers.dropFirst().first
    let refused = json(errorResponse("4", -32003, #"unknown session "s1""#))
    #expect(waitAnswer == refused || waitAnswer?["result"]?["seq"] == .int(1), "\(String(describing: waitAnswer))")
    #expect(answers.count == 3 && answers.last == json(resultResponse("5", "null")))
    daemon.expectAliveThenExit()
  }
}
