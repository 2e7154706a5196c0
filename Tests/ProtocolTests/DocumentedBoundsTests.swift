import JSONCodec
import Testing

/// Protocol.md's numeric ranges are the ones enforced (issue 14, item 5): each documented bound is accepted and the
/// nearest value outside it is refused with -32602 naming the member; box nesting counts against the cell's
/// nesting limit as the limits table says.
@Suite struct DocumentedBoundsTests {
  /// True when `answer` ends with a result.
  static func accepted(_ answer: [JSONValue]) -> Bool { answer.last?["result"] != nil }

  /// True when `answer` ends with -32602 at `path`.
  static func refused(_ answer: [JSONValue], at path: String) -> Bool {
    answer.last?["error"]?["code"] == .int(-32602)
      && answer.last?["error"]?["message"]?.stringValue?.hasPrefix(path + ": ") == true
  }

  @Test func sessionCreateBounds() throws {
    let daemon = try Daemon()
    daemon.initialize()
    var id = 10
    /// session/create with `viewport` and extra members; true when accepted (the session is disposed again).
    func create(_ viewport: String, _ extra: String = "") -> [JSONValue] {
      id += 1
      let answer = daemon.call(id, "session/create", #"{"sessionId":"b","viewport":\#(viewport)\#(extra)}"#)
      if Self.accepted(answer) { id += 1; _ = daemon.call(id, "session/dispose", #"{"sessionId":"b"}"#) }
      return answer
    }
    // width and height in (0, 100000]: the smallest positive number is accepted.
    for key in ["width", "height"] {
      let other = key == "width" ? "height" : "width"
      #expect(Self.accepted(create(#"{"\#(key)":1e-7,"\#(other)":100}"#)))
      #expect(Self.accepted(create(#"{"\#(key)":5e-324,"\#(other)":100}"#)))
      #expect(Self.refused(create(#"{"\#(key)":0,"\#(other)":100}"#), at: "params.viewport.\(key)"))
      #expect(Self.accepted(create(#"{"\#(key)":100000,"\#(other)":100}"#)))
      #expect(Self.refused(create(#"{"\#(key)":100000.00001,"\#(other)":100}"#), at: "params.viewport.\(key)"))
    }
    // scale in [1, 4].
    let viewport = #"{"width":320,"height":480}"#
    #expect(Self.accepted(create(viewport, #","scale":1"#)))
    #expect(Self.refused(create(viewport, #","scale":0.99999"#), at: "params.scale"))
    #expect(Self.accepted(create(viewport, #","scale":4"#)))
    #expect(Self.refused(create(viewport, #","scale":4.00001"#), at: "params.scale"))
    // The session state is unchanged by the refusals: a session can still be made.
    #expect(Self.accepted(create(viewport)))
    daemon.expectAliveThenExit()
  }

  @Test func viewportAndScrollingBounds() throws {
    let daemon = try Daemon()
    daemon.startSession()
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"cell":\#(nodeCell(10))}]}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    var id = 10
    /// Calls `method` on s1 with `members` and returns the answer (notifications dropped).
    func call(_ method: String, _ members: String) -> [JSONValue] {
      id += 1
      return daemon.call(id, method, #"{"sessionId":"s1",\#(members)}"#).filter { $0["method"] == nil }
    }
    let bounds: [(method: String, member: (String) -> String, path: String, low: String, high: String,
      below: String, above: String)] = [
      ("session/setViewport", { #""viewport":{"width":\#($0)}"# }, "params.viewport.width", "1e-7", "100000", "0",
       "100000.00001"),
      ("session/setViewport", { #""viewport":{"height":\#($0)}"# }, "params.viewport.height", "1e-7", "100000",
       "0", "100000.00001"),
      ("session/setViewport", { #""contentInset":{"top":\#($0)}"# }, "params.contentInset.top", "0", "10000000",
       "-0.00001", "10000000.00001"),
      ("session/setViewport", { #""contentInset":{"bottom":\#($0)}"# }, "params.contentInset.bottom", "0",
       "10000000", "-0.00001", "10000000.00001"),
      ("session/setViewport", { #""contentOffset":{"y":\#($0)}"# }, "params.contentOffset.y", "-1e12", "1e12",
       "-1.0000001e12", "1.0000001e12"),
      ("table/scrollToOffset", { #""y":\#($0)"# }, "params.y", "-1e12", "1e12", "-1.0000001e12", "1.0000001e12"),
      ("table/scrollToOffset", { #""y":0,"velocity":\#($0)"# }, "params.velocity", "-1e6", "1e6", "-1000000.1",
       "1000000.1"),
      ("table/scrollBy", { #""dy":\#($0)"# }, "params.dy", "-1e12", "1e12", "-1.0000001e12", "1.0000001e12"),
      ("table/scrollBy", { #""dy":0,"velocity":\#($0)"# }, "params.velocity", "-1e6", "1e6", "-1000000.1",
       "1000000.1"),
    ]
    for bound in bounds {
      #expect(Self.accepted(call(bound.method, bound.member(bound.low))), "\(bound.path) = \(bound.low)")
      #expect(Self.accepted(call(bound.method, bound.member(bound.high))), "\(bound.path) = \(bound.high)")
      #expect(Self.refused(call(bound.method, bound.member(bound.below)), at: bound.path), "\(bound.path)")
      #expect(Self.refused(call(bound.method, bound.member(bound.above)), at: bound.path), "\(bound.path)")
    }
    // Back to the starting viewport: the session is as it was (one row of 10.5 points).
    _ = call("session/setViewport", #""viewport":{"width":320,"height":480},"contentInset":{"top":0,"bottom":0}"#)
    _ = daemon.call(90, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
      .filter { $0["method"] == nil }
    #expect(
      daemon.call(91, "table/contentSize", #"{"sessionId":"s1"}"#).filter { $0["method"] == nil }.last?["result"]
        == json(#"{"width":320,"height":10.5}"#))
    _ = daemon.take(until: { _ in false }, timeout: 1)
    daemon.expectAliveThenExit()
  }

  @Test func boxNodesNestAsDeepAsTheCellLimit() throws {
    let daemon = try Daemon()
    daemon.startSession()
    /// A box whose nodes nest `levels` deep.
    func box(_ levels: Int) -> String {
      var spec = #"{"style":{"height":1}}"#
      for _ in 1..<levels { spec = #"{"children":[\#(spec)]}"# }
      return spec.dropLast() + #","type":"box"}"#
    }
    #expect(
      daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"deep","cell":\#(box(64))}]}"#) == [
        json(resultResponse("3", #"{"seq":1,"rowIds":["deep"]}"#))
      ])
    let answer = daemon.call(4, "table/insertRows", #"{"sessionId":"s1","rows":[{"cell":\#(box(65))}]}"#)
    let path = "params.rows[0].cell" + String(repeating: ".children[0]", count: 64)
    #expect(Self.refused(answer, at: path), "\(answer)")
    #expect(
      answer.last?["error"]?["message"]?.stringValue?.hasSuffix("nodes nest deeper than the limit of 64 levels") == true)
    _ = daemon.call(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(
      daemon.call(6, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("6", #"{"width":320,"height":1.5}"#))
      ])
    daemon.expectAliveThenExit()
  }
}
