import Foundation
import JSONCodec
import Testing

/// `layoutd --trace FILE`: every message read and written, one JSON line each, in order per direction.
@Suite struct TraceTests {
  @Test func everyMessageIsRecordedAsAJSONLine() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-trace-\(getpid()).jsonl").path
    try? FileManager.default.removeItem(atPath: path)
    let daemon = try Daemon(arguments: ["--trace", path])
    daemon.startSession()
    daemon.write(Array("Content-Length: 5\r\n\r\n{bad}".utf8))
    _ = daemon.call(3, "table/contentSize", #"{"sessionId":"s1"}"#)
    daemon.expectAliveThenExit()
    let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    let records = lines.compactMap { try? JSONParser.parse(Array($0.utf8)) }
    #expect(records.count == lines.count)  // every line is JSON
    let incoming = records.filter { $0["direction"] == .string("in") }.compactMap { $0["message"] }
    let outgoing = records.filter { $0["direction"] == .string("out") }.compactMap { $0["message"] }
    #expect(
      incoming.compactMap { $0["method"]?.stringValue }.prefix(4) == [
        "initialize", "initialized", "session/create", "table/contentSize",
      ])
    #expect(incoming.contains(.string("{bad}")))  // not JSON: recorded as a string
    #expect(outgoing.contains { $0["id"] == .int(3) && $0["result"] == json(#"{"width":320,"height":0}"#) })
    #expect(outgoing.contains { $0["error"]?["code"] == .int(-32700) })
    try? FileManager.default.removeItem(atPath: path)
  }
}
