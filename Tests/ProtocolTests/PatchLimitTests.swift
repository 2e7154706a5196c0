import JSONCodec
import Testing

/// Protocol.md `cell/setNeedsLayout` (issue 14, item 4): a patch (`element` + `spec`) is counted against
/// `maxCellElements` as the cell would be after it, so repeated patches cannot grow a cell past the limit.
@Suite struct PatchLimitTests {
  @Test func repeatedPatchesStopAtTheElementLimit() throws {
    let daemon = try Daemon()
    daemon.initialize()
    _ = daemon.call(
      2, "session/create", #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false}"#)
    // A patch of 4,000 elements with a leaf "grow" where the next patch goes: the cell grows by 3,999 each time.
    let leaves = Array(repeating: #"{"type":"node","style":{"height":1}}"#, count: 3_998).joined(separator: ",")
    let spec = #"{"type":"stack","children":[{"type":"node","id":"grow"},\#(leaves)]}"#
    let cell = #"{"type":"stack","children":[{"type":"node","id":"grow"}]}"#
    #expect(
      daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"r","cell":\#(cell)}]}"#) == [
        json(resultResponse("3", #"{"seq":1,"rowIds":["r"]}"#))
      ])
    let patch = #"{"sessionId":"s1","row":"r","element":"grow","spec":\#(spec)}"#
    // 2 + 3,999 = 4,001 elements, then 8,000: both within 10,000.
    #expect(daemon.call(4, "cell/setNeedsLayout", patch).filter { $0["method"] == nil } == [json(resultResponse("4", #"{"seq":1}"#))])
    #expect(daemon.call(5, "cell/setNeedsLayout", patch).filter { $0["method"] == nil } == [json(resultResponse("5", #"{"seq":1}"#))])
    // The third would make 11,999.
    #expect(
      daemon.call(6, "cell/setNeedsLayout", patch).filter { $0["method"] == nil } == [
        json(
          errorResponse(
            "6", -32602,
            "params.spec: the patched cell would hold 11999 elements, more than the maximum of 10000 elements"))
      ])
    // Unchanged: the cell still holds its 8,000 elements, "grow" among them, and a small patch is still accepted.
    let frames = daemon.call(7, "cell/elementFrames", #"{"sessionId":"s1","row":"r","elements":["grow"]}"#)
    #expect(frames.last?["result"]?["elements"]?.arrayValue?.count == 1)
    #expect(
      daemon.call(8, "cell/setNeedsLayout", #"{"sessionId":"s1","row":"r","element":"grow","spec":{"type":"node"}}"#)
        .filter { $0["method"] == nil } == [json(resultResponse("8", #"{"seq":1}"#))])
    _ = daemon.call(9, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    _ = daemon.take(until: { _ in false }, timeout: 1)
    daemon.expectAliveThenExit()
  }
}
