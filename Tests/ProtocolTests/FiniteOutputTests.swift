import JSONCodec
import Testing

/// Protocol.md "Limits and errors" (issue 14, item 3): numbers whose layout would overflow are refused with -32602
/// naming their path, and everything the daemon writes is strict JSON with finite numbers only (checked on every
/// answer here, and on the whole output of every protocol test that ends with `expectAliveThenExit`).
@Suite struct FiniteOutputTests {
  /// Cells with overflowing numbers and the path each is refused at.
  static let overflowing: [(cell: String, path: String)] = [
    (#"{"type":"text","text":"hi","fontSize":1e308}"#, "params.rows[0].cell.fontSize"),
    (#"{"type":"text","text":"hi","lineHeight":1e308}"#, "params.rows[0].cell.lineHeight"),
    (#"{"type":"node","style":{"height":1e308}}"#, "params.rows[0].cell.style.height"),
    (#"{"type":"ratio","ratio":1e308,"child":{"type":"node"}}"#, "params.rows[0].cell.ratio"),
    (#"{"type":"ratio","ratio":1e-308,"child":{"type":"node"}}"#, "params.rows[0].cell.ratio"),
    (#"{"type":"node","style":{"height":"1e308pt"}}"#, "params.rows[0].cell.style.height"),
    (#"{"type":"inset","insets":{"top":1e308},"child":{"type":"node"}}"#, "params.rows[0].cell.insets.top"),
    (#"{"type":"box","style":{"height":1e308}}"#, "params.rows[0].cell.style.height"),
    (#"{"type":"box","style":{"aspectRatio":1e-300,"width":10}}"#, "params.rows[0].cell.style.aspectRatio"),
    (#"{"type":"box","measure":{"kind":"text","text":"a","font":"Ahem","fontSize":1e308}}"#,
     "params.rows[0].cell.measure.fontSize"),
    (#"{"type":"stack","spacing":-1e308,"children":[{"type":"node"}]}"#, "params.rows[0].cell.spacing"),
  ]

  /// Accepted cells at the edge of the bounds: their frames and display lists must be finite.
  static let extreme: [String] = [
    #"{"type":"text","text":"hi there","fontSize":1e9,"lineHeight":1e9}"#,
    #"{"type":"stack","direction":"vertical","children":[{"type":"node","style":{"height":1e9}},{"type":"node","style":{"height":1e9}}]}"#,
    #"{"type":"ratio","ratio":1e6,"child":{"type":"ratio","ratio":1e6,"child":{"type":"node"}}}"#,
    #"{"type":"inset","insets":{"top":"inf","left":1e9},"child":{"type":"node","style":{"maxWidth":"inf"}}}"#,
    #"{"type":"box","style":{"flexDirection":"row"},"children":[{"style":{"width":1e9,"aspectRatio":1e-6}}]}"#,
  ]

  @Test func overflowingNumbersAreRefusedAndEveryAnswerIsFinite() throws {
    let daemon = try Daemon()
    daemon.startSession()
    var answers: [JSONValue] = []
    for (index, hostile) in Self.overflowing.enumerated() {
      let answer = daemon.call(10 + index, "table/insertRows", #"{"sessionId":"s1","rows":[{"cell":\#(hostile.cell)}]}"#)
      answers += answer
      let message = answer.last?["error"]?["message"]?.stringValue ?? "\(answer)"
      #expect(answer.last?["error"]?["code"] == .int(-32602), "\(hostile.cell)")
      #expect(message.hasPrefix(hostile.path + ": "), "\(message)")
    }
    #expect(
      daemon.call(30, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("30", #"{"width":320,"height":0}"#))
      ])
    for (index, cell) in Self.extreme.enumerated() {
      answers += daemon.call(40 + index, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"e\#(index)","cell":\#(cell)}]}"#)
    }
    answers += daemon.call(50, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    for index in Self.extreme.indices {
      let frames = daemon.call(60 + index, "cell/elementFrames", #"{"sessionId":"s1","row":"e\#(index)"}"#)
      #expect(frames.last?["result"] != nil, "\(frames)")
      answers += frames
      answers += daemon.call(70 + index, "cell/displayList", #"{"sessionId":"s1","row":"e\#(index)"}"#)
    }
    answers += daemon.call(80, "table/describe", #"{"sessionId":"s1"}"#)
    answers += daemon.call(81, "table/snapshot", #"{"sessionId":"s1"}"#)
    for answer in answers { #expect(OutputCheck.nonFiniteNumber(in: answer) == nil, "\(answer)") }
    daemon.expectAliveThenExit()
  }
}
