import JSONCodec
import Testing

/// Protocol.md "Table", `cell/elementFrames` and the element form of `cell/setNeedsLayout`: frames relative to the
/// cell with text lines, the `elements` filter, the latest content in the pending state, and the errors.
@Suite struct ElementFramesTests {
  /// Protocol.md's cell "k": Ahem "aaaa bbbb" (10 pt, id "title") above a 20 pt node (id "photo").
  static let card =
    #"{"type":"stack","direction":"vertical","children":[{"type":"text","id":"title","text":"aaaa bbbb","fontSize":10},"#
    + #"{"type":"node","id":"photo","style":{"height":20}}]}"#

  /// The title element at 60 wide: two 10 pt lines "aaaa " and "bbbb".
  static let title =
    #"{"type":"text","id":"title","frame":{"x":0,"y":0,"width":60,"height":20},"lines":["#
    + #"{"range":[0,5],"x":0,"width":40,"baseline":8,"truncated":false},"#
    + #"{"range":[5,9],"x":0,"width":40,"baseline":18,"truncated":false}]}"#

  /// The photo element `height` points tall at y 20.
  static func photo(_ height: Int) -> String {
    #"{"type":"node","id":"photo","frame":{"x":0,"y":20,"width":60,"height":\#(height)}}"#
  }

  /// A session 60 wide holding "k", committed.
  static func seed(_ daemon: Daemon) {
    daemon.initialize()
    _ = daemon.call(
      2, "session/create", #"{"sessionId":"s1","viewport":{"width":60,"height":480},"interfaceStates":false}"#)
    #expect(
      daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"k","cell":\#(card)}]}"#) == [
        json(resultResponse("3", #"{"seq":1,"rowIds":["k"]}"#))
      ])
    #expect(daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#).count == 2)
  }

  @Test func protocolMDExample() throws {
    let daemon = try Daemon()
    Self.seed(daemon)
    #expect(
      daemon.exchange(#"{"jsonrpc":"2.0","id":11,"method":"cell/elementFrames","params":{"sessionId":"s1","row":"k"}}"#)
        == [
          json(
            resultResponse(
              "11",
              #"{"rowId":"k","indexPath":[0,0],"size":{"width":60,"height":40},"elements":[\#(Self.title),\#(Self.photo(20))]}"#
            ))
        ])
    // With `elements`: only those, in that order.
    #expect(
      daemon.call(12, "cell/elementFrames", #"{"sessionId":"s1","row":[0,0],"elements":["photo","title"]}"#) == [
        json(
          resultResponse(
            "12",
            #"{"rowId":"k","indexPath":[0,0],"size":{"width":60,"height":40},"elements":[\#(Self.photo(20)),\#(Self.title)]}"#
          ))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func anElementPatchKeepsTheRestAndFramesShowItAtOnce() throws {
    let daemon = try Daemon()
    Self.seed(daemon)
    let patch =
      #"{"sessionId":"s1","row":"k","element":"photo","spec":{"type":"node","id":"photo","style":{"height":50}}}"#
    var bytes = frameText(request(5, "cell/setNeedsLayout", patch))
    bytes += frameText(request(6, "cell/elementFrames", #"{"sessionId":"s1","row":"k"}"#))
    bytes += frameText(request(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#))
    daemon.write(Array(bytes.utf8))
    var messages = daemon.take(until: { Daemon.isResponse($0, id: .int(7)) })
    if !messages.contains(where: { Daemon.isResponse($0, id: .int(6)) }) {
      messages += daemon.take(until: { Daemon.isResponse($0, id: .int(6)) })
    }
    let frames =
      #"{"rowId":"k","indexPath":[0,0],"size":{"width":60,"height":70},"elements":[\#(Self.title),\#(Self.photo(50))]}"#
    // elementFrames is laid out off the session, so it may be answered after the wait; match it by id.
    #expect(messages.first == json(resultResponse("5", #"{"seq":1}"#)))
    #expect(messages.first { $0["id"] == .int(6) } == json(resultResponse("6", frames)))
    #expect(
      messages.filter { $0["method"] != nil } == [
        json(
          #"""
          {"jsonrpc":"2.0","method":"table/heightChanged","params":{"sessionId":"s1","rowId":"k","indexPath":[0,0],
          "oldHeight":40.5,"newHeight":70.5,"contentSize":{"width":60,"height":70.5},"seq":1}}
          """#)
      ])
    #expect(
      messages.first { $0["id"] == .int(7) }
        == json(resultResponse("7", #"{"seq":1,"contentSize":{"width":60,"height":70.5}}"#)))
    daemon.expectAliveThenExit()
  }

  @Test func framesAreOfThePendingRow() throws {
    let daemon = try Daemon()
    Self.seed(daemon)
    // A slow row inserted above k: k is [0, 1] in the pending state before it commits.
    let slow = SetNeedsLayoutTests.slowCell(count: 4000, height: 0.5)
    var bytes = frameText(
      request(5, "table/insertRows", #"{"sessionId":"s1","at":0,"rows":[{"id":"p","cell":\#(slow)}]}"#))
    bytes += frameText(request(6, "cell/elementFrames", #"{"sessionId":"s1","row":[0,1],"elements":["photo"]}"#))
    daemon.write(Array(bytes.utf8))
    let messages = daemon.take(until: { Daemon.isResponse($0, id: .int(6)) })
    #expect(
      messages.filter { $0["method"] == nil } == [
        json(resultResponse("5", #"{"seq":2,"rowIds":["p"]}"#)),
        json(
          resultResponse(
            "6", #"{"rowId":"k","indexPath":[0,1],"size":{"width":60,"height":40},"elements":[\#(Self.photo(20))]}"#)),
      ])
    _ = daemon.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    daemon.expectAliveThenExit()
  }

  /// Method, params and the exact -32602 message, on k.
  static let errors: [(method: String, params: String, message: String)] = [
    (
      "cell/elementFrames", #"{"sessionId":"s1","row":"k","elements":["nope"]}"#,
      #"params.elements[0]: no element with id "nope" in row "k""#
    ),
    (
      "cell/elementFrames", #"{"sessionId":"s1","row":"k","elements":"photo"}"#,
      "params.elements: expected an array, got a string"
    ),
    ("cell/elementFrames", #"{"sessionId":"s1","row":"zz"}"#, #"unknown row id "zz""#),
    ("cell/elementFrames", #"{"sessionId":"s1","row":[0,3]}"#, "row [0, 3] out of range (section 0 has 1 rows)"),
    ("cell/elementFrames", #"{"sessionId":"s1"}"#, #"params: missing required member "row""#),
    (
      "cell/setNeedsLayout", #"{"sessionId":"s1","row":"k","element":"nope","spec":{"type":"node"}}"#,
      #"params.element: no element with id "nope" in row "k""#
    ),
    (
      "cell/setNeedsLayout", #"{"sessionId":"s1","row":"k","element":"photo"}"#,
      #"params: missing required member "spec""#
    ),
    (
      "cell/setNeedsLayout",
      #"{"sessionId":"s1","row":"k","element":"photo","spec":{"type":"node"},"cell":{"type":"node"}}"#,
      #"params: give either "cell" or "element" with "spec", not both"#
    ),
    (
      "cell/setNeedsLayout", #"{"sessionId":"s1","row":"k","element":7,"spec":{"type":"node"}}"#,
      "params.element: expected a string, got a number"
    ),
    (
      "cell/setNeedsLayout", #"{"sessionId":"s1","row":"k","element":"photo","spec":{"type":"bogus"}}"#,
      #"params.spec.type: unknown element type "bogus" (expected one of "stack", "inset", "overlay", "background", "#
        + #""center", "ratio", "relative", "absolute", "wrapper", "corner", "node", "text", "image", "box", "collection", "pager")"#
    ),
    (
      "cell/setNeedsLayout",
      #"{"sessionId":"s1","row":"k","element":"photo","spec":\#(ElementFramesTests.insets(63, around: #"{"type":"node","id":"photo"}"#))}"#,
      "params.spec: the patched cell nests deeper than the maximum of 64 elements"
    ),
  ]

  /// `leaf` wrapped in `count` inset specs.
  static func insets(_ count: Int, around leaf: String) -> String {
    (0..<count).reduce(leaf) { inner, _ in #"{"type":"inset","child":\#(inner)}"# }
  }

  @Test(arguments: errors.indices)
  func badElementRequestsAreParamsErrors(_ index: Int) throws {
    let (method, params, message) = Self.errors[index]
    let daemon = try Daemon()
    Self.seed(daemon)
    #expect(daemon.call(5, method, params) == [json(errorResponse("5", -32602, message))], "\(params)")
    // Nothing changed: the frames are the original ones and no layout was scheduled.
    #expect(
      daemon.call(6, "cell/elementFrames", #"{"sessionId":"s1","row":"k","elements":["photo"]}"#).last?["result"]?[
        "elements"] == json("[\(Self.photo(20))]"))
    #expect(
      daemon.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("7", #"{"seq":1,"contentSize":{"width":60,"height":40.5}}"#))
      ])
    daemon.expectAliveThenExit()
  }
}
