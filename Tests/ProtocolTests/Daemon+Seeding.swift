import JSONCodec
import Testing

/// Table helpers shared by the section, batch-update, describe and geometry tests: seeding rows, waiting for the
/// commits, and reading the whole `table/describe` answer.
extension Daemon {
  /// Inserts node rows `(id, cell height)` into section 0 of s1 with request `id`, then waits (request `id + 1`)
  /// until they are committed, checking both answers and taking the commit notification.
  func seedRows(_ rows: [(String, Double)], id: Int = 3) {
    let specs = rows.map { #"{"id":"\#($0.0)","cell":\#(nodeCell($0.1))}"# }.joined(separator: ",")
    let ids = rows.map { #""\#($0.0)""# }.joined(separator: ",")
    #expect(
      call(id, "table/insertRows", #"{"sessionId":"s1","rows":[\#(specs)]}"#) == [
        json(resultResponse("\(id)", #"{"seq":1,"rowIds":[\#(ids)]}"#))
      ])
    let height = rows.reduce(0) { $0 + $1.1 + 0.5 }
    let waited = call(id + 1, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(
      waited.last == json(resultResponse("\(id + 1)", #"{"seq":1,"contentSize":{"width":320,"height":\#(height)}}"#)))
  }

  /// The whole response to `table/describe` for s1 in `state` (nil: the default).
  func describe(_ id: Int, state: String? = nil) -> [JSONValue] {
    let stateMember = state.map { #","state":"\#($0)""# } ?? ""
    return call(id, "table/describe", #"{"sessionId":"s1"\#(stateMember)}"#)
  }
}

/// A `table/didCommit` notification for s1 with `contentSize` 320 × `height`; `extra` adds members after it.
func didCommit(seq: Int, height: Double, extra: String = "") -> JSONValue {
  TableEditTests.didCommit(seq: seq, height: height, extra: extra)
}

/// A `table/describe` result for a 320-wide table: `sections` is the JSON text of the sections array.
func describeResult(seq: Int, height: Double, sections: String) -> String {
  #"{"seq":\#(seq),"contentSize":{"width":320,"height":\#(height)},"sections":\#(sections)}"#
}
