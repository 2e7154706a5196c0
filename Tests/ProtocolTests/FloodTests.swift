import Foundation
import JSONCodec
import JSONRPC
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue "Hostile input": a client sends 100,000 requests without reading responses. The daemon must apply
/// back-pressure (stop reading, bounded queues) instead of growing without bound, and answer every request once the
/// client reads.
@Suite struct FloodTests {
  /// Resident memory of `pid` in bytes (`VmRSS` of /proc/PID/status), nil when unreadable.
  static func residentBytes(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    let digits = line.split(separator: " ").compactMap { Int($0) }
    return digits.first.map { $0 * 1024 }
  }

  @Test func oneHundredThousandUnreadRequestsStayBoundedAndAreAllAnswered() throws {
    let daemon = try UnreadDaemon()
    let process = daemon.process
    let output = daemon.output
    @Sendable func writeAll(_ bytes: [UInt8]) { daemon.write(bytes) }
    // A session of 20 rows, so that each `table/describe` answer is about 1 KB: 100,000 of them would be
    // 100 MB if the daemon buffered what the client does not read.
    let rows = (0..<20).map { #"{"id":"row-\#($0)","cell":{"type":"node","style":{"height":10}}}"# }
    var setup: [UInt8] = []
    for body in [
      #"{"jsonrpc":"2.0","id":"init","method":"initialize"}"#,
      #"{"jsonrpc":"2.0","id":"create","method":"session/create","params":{"viewport":{"width":320,"height":480},"interfaceStates":false}}"#,
      #"{"jsonrpc":"2.0","id":"rows","method":"table/insertRows","params":{"sessionId":"s1","rows":[\#(rows.joined(separator: ","))]}}"#,
      #"{"jsonrpc":"2.0","id":"wait","method":"table/waitUntilAllUpdatesAreProcessed","params":{"sessionId":"s1"}}"#,
    ] {
      setup += FrameWriter.frame(Array(body.utf8))
    }
    writeAll(setup)
    let total = 100_000
    let writer = Thread {
      var chunk: [UInt8] = []
      for id in 0..<total {
        chunk += FrameWriter.frame(
          Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"table/describe","params":{"sessionId":"s1"}}"#.utf8))
        if chunk.count > 64 << 10 {
          writeAll(chunk)
          chunk.removeAll(keepingCapacity: true)
        }
      }
      writeAll(chunk)
    }
    writer.start()
    // Not reading: give the daemon time to fill its queues and the pipes, then look at its memory.
    var peak = 0
    for _ in 0..<20 {
      Thread.sleep(forTimeInterval: 0.1)
      peak = max(peak, Self.residentBytes(process.processIdentifier) ?? 0)
    }
    #expect(peak > 0)
    // The bound: an idle debug daemon (about 25 MiB) + 16 MiB of unwritten output + 1,024 messages in the inbox
    // (the describes are answered from the session's committed view, so none wait on the session), plus what the
    // allocator keeps of the answers already written; 50-80 MiB is measured from run to run.
    #expect(peak < (96 << 20) * memoryScale, "resident \(peak >> 20) MiB while the client does not read")
    // Now read everything: every request is answered, in order for the session.
    var reader = FrameReader()
    var answered = 0
    var lastID = -1
    var inOrder = true
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let deadline = Date().addingTimeInterval(300)
    while answered < total, Date() < deadline {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, 1 << 16) }
      if n <= 0 { break }
      reader.feed(Array(buffer[0..<n]))
      while let event = reader.next() {
        guard case .message(let body) = event, let value = try? JSONParser.parse(body),
          case .int(let id) = value["id"] ?? .null
        else { continue }
        if value["result"]?["sections"] == nil { inOrder = false }
        if Int(id) != lastID + 1 { inOrder = false }
        lastID = Int(id)
        answered += 1
        if answered % 10_000 == 0 { peak = max(peak, Self.residentBytes(process.processIdentifier) ?? 0) }
      }
    }
    print("flood: peak resident \(peak >> 20) MiB, \(answered) answers")
    #expect(answered == total)
    #expect(inOrder)
    #expect(peak < (96 << 20) * memoryScale, "resident \(peak >> 20) MiB while answering")
    writeAll(FrameWriter.frame(Array(#"{"jsonrpc":"2.0","id":"bye","method":"shutdown"}"#.utf8)))
    writeAll(FrameWriter.frame(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8)))
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
