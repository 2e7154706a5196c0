import Foundation
import JSONCodec
import Testing

/// Issue "Hostile input": specs nested far beyond every limit, sent to the real daemon. Each gets the documented
/// error (Protocol.md "Limits": 64 elements per cell → -32602 naming the path; 2,048 levels per JSON body →
/// -32700 with id null), the session is unchanged, the daemon's resident memory stays bounded, and a valid request
/// is answered afterwards.
@Suite struct DeepSpecTests {
  /// An `inset` chain `depth` elements deep around a node leaf.
  static func insetChain(_ depth: Int) -> String {
    String(repeating: #"{"type":"inset","child":"#, count: depth - 1) + #"{"type":"node","style":{"height":5}}"#
      + String(repeating: "}", count: depth - 1)
  }

  /// A FORMAT.md box `depth` nodes deep (each node's only child the next).
  static func boxChain(_ depth: Int) -> String {
    #"{"type":"box","children":["# + String(repeating: #"{"children":["#, count: depth - 2)
      + #"{"style":{"height":5}}"# + String(repeating: "]}", count: depth - 2) + "]}"
  }

  @Test func specsNestedBeyondTheLimitsAreRefusedAndMemoryStaysBounded() throws {
    let daemon = try Daemon()
    daemon.startSession()
    // Just over the cell limit: refused by the spec decoder, naming the path where the 65th element starts.
    let over = daemon.call(
      3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"a","cell":\#(Self.insetChain(65))}]}"#)
    #expect(over.last?["error"]?["code"] == .int(-32602))
    let message = over.last?["error"]?["message"]?.stringValue ?? ""
    #expect(message.hasPrefix("params.rows[0].cell" + String(repeating: ".child", count: 64)), "\(message)")
    #expect(message.contains("nesting deeper than the maximum of 64 elements"), "\(message)")
    // 2,000 deep: still valid JSON (2,004 levels with the envelope), refused by the spec decoder the same way.
    let deeper = daemon.call(4, "table/insertRows", #"{"sessionId":"s1","rows":[{"cell":\#(Self.insetChain(2_000))}]}"#)
    #expect(deeper.last?["error"]?["code"] == .int(-32602), "\(deeper)")
    // 100,000 deep: the body nests deeper than JSON bodies may, so the envelope is unreadable: -32700, id null.
    var peak = 0
    for cell in [Self.insetChain(100_000), Self.boxChain(100_000)] {
      let body =
        #"{"jsonrpc":"2.0","id":9,"method":"table/insertRows","params":{"sessionId":"s1","rows":[{"cell":"#
        + cell + "}]}}"
      let answer = daemon.exchange(body, timeout: 30)
      #expect(answer.last?["id"] == .null)
      #expect(answer.last?["error"]?["code"] == .int(-32700), "\(answer.last.map(JSONWriter.string) ?? "nothing")")
      peak = max(peak, FloodTests.residentBytes(daemon.process.processIdentifier) ?? 0)
    }
    print("deep specs: peak resident \(peak >> 20) MiB")
    #expect(peak > 0)
    // An idle debug daemon is about 25 MiB; the 100,000-deep bodies are 2.6-3.3 MB each.
    #expect(peak < (64 << 20) * memoryScale, "resident \(peak >> 20) MiB")
    // Nothing was inserted; the session still works.
    let size = daemon.call(10, "table/contentSize", #"{"sessionId":"s1"}"#)
    #expect(size.last?["result"]?["height"]?.doubleValue == 0)
    let row = daemon.call(
      11, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"ok","cell":\#(Self.insetChain(64))}]}"#)
    #expect(row.last?["result"]?["rowIds"] == .array([.string("ok")]))
    let committed = daemon.call(12, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(committed.last?["result"]?["contentSize"]?["height"]?.doubleValue == 5.5)
    daemon.expectAliveThenExit()
  }
}
