import JSONCodec
import Testing

/// Protocol.md "Table", `cell/elementFrames`: Texture's flattened layout (every leaf and every element with an `id`
/// or `name`, in drawing order), truncated text lines, and -32603 for a cell that cannot be laid out.
@Suite struct ElementFramesFlatteningTests {
  /// Starts s1 60 wide with `rows` (JSON text) committed.
  static func seed(_ daemon: Daemon, rows: String) {
    daemon.initialize()
    _ = daemon.call(
      2, "session/create", #"{"sessionId":"s1","viewport":{"width":60,"height":480},"interfaceStates":false}"#)
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(rows)}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
  }

  @Test func leavesAndLabelledElementsInDrawingOrder() throws {
    let daemon = try Daemon()
    // A background (drawn behind) under a named stack of an unnamed text and an unnamed image; an overlay (drawn
    // above) holding an inset with an id around an unnamed node.
    let background =
      #"{"type":"background","child":{"type":"stack","name":"col","direction":"vertical","children":["#
      + #"{"type":"text","text":"ab","fontSize":10},{"type":"image","size":[20,10]}]},"#
      + #""background":{"type":"node","name":"bg"}}"#
    let overlay =
      #"{"type":"overlay","child":{"type":"node","id":"base","style":{"height":10}},"overlay":{"type":"inset","id":"ins","#
      + #""insets":{"top":2,"left":2,"bottom":2,"right":2},"child":{"type":"node"}}}"#
    Self.seed(daemon, rows: #"[{"id":"k","cell":\#(background)},{"id":"o","cell":\#(overlay)}]"#)
    #expect(
      daemon.call(5, "cell/elementFrames", #"{"sessionId":"s1","row":"k"}"#) == [
        json(
          resultResponse(
            "5",
            #"""
            {"rowId":"k","indexPath":[0,0],"size":{"width":60,"height":20},"elements":[
            {"type":"node","name":"bg","frame":{"x":0,"y":0,"width":60,"height":20}},
            {"type":"stack","name":"col","frame":{"x":0,"y":0,"width":60,"height":20}},
            {"type":"text","frame":{"x":0,"y":0,"width":60,"height":10},
             "lines":[{"range":[0,2],"x":0,"width":20,"baseline":8,"truncated":false}]},
            {"type":"image","frame":{"x":0,"y":10,"width":60,"height":10}}]}
            """#))
      ])
    #expect(
      daemon.call(6, "cell/elementFrames", #"{"sessionId":"s1","row":"o"}"#) == [
        json(
          resultResponse(
            "6",
            #"""
            {"rowId":"o","indexPath":[0,1],"size":{"width":60,"height":10},"elements":[
            {"type":"node","id":"base","frame":{"x":0,"y":0,"width":60,"height":10}},
            {"type":"inset","id":"ins","frame":{"x":0,"y":0,"width":60,"height":10}},
            {"type":"node","frame":{"x":2,"y":2,"width":56,"height":6}}]}
            """#))
      ])
    // `elements` selects by id only; a name is not an id.
    #expect(
      daemon.call(7, "cell/elementFrames", #"{"sessionId":"s1","row":"k","elements":["col"]}"#) == [
        json(errorResponse("7", -32602, #"params.elements[0]: no element with id "col" in row "k""#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func aTruncatedLineSaysSo() throws {
    let daemon = try Daemon()
    let text = #"{"type":"text","id":"tt","text":"aaaa bbbb cccc","fontSize":10,"maxLines":1}"#
    Self.seed(daemon, rows: #"[{"id":"u","cell":\#(text)}]"#)
    #expect(
      daemon.call(5, "cell/elementFrames", #"{"sessionId":"s1","row":"u"}"#) == [
        json(
          resultResponse(
            "5",
            #"{"rowId":"u","indexPath":[0,0],"size":{"width":60,"height":10},"elements":[{"type":"text","id":"tt","#
              + #""frame":{"x":0,"y":0,"width":60,"height":10},"#
              + #""lines":[{"range":[0,4],"x":0,"width":50,"baseline":8,"truncated":true}]}]}"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func aCellThatCannotBeLaidOutIsAnInternalError() throws {
    let daemon = try Daemon()
    let rows = #"[{"id":"t","cell":{"type":"text","text":"hi","fontFamily":"No Such Family"}}]"#
    daemon.initialize()
    _ = daemon.call(
      2, "session/create",
      #"{"sessionId":"s1","viewport":{"width":60,"height":480},"interfaceStates":false,"lenientFonts":true}"#)
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(rows)}"#)
    let waited = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(waited.first?["method"] == .string("window/logMessage"))
    #expect(
      daemon.call(5, "cell/elementFrames", #"{"sessionId":"s1","row":"t"}"#) == [
        json(errorResponse("5", -32603, #"row "t" failed to lay out: root: font family "No Such Family" not found"#))
      ])
    daemon.expectAliveThenExit()
  }
}
