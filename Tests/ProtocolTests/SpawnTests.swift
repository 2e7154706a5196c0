import Foundation
import JSONCodec
import Synchronization
import Testing

/// The real binary spawned with pipes: it starts, answers `initialize`, and exits with LSP's statuses.
@Suite struct SpawnTests {
  @Test func initializeShutdownExitGivesStatusZero() throws {
    let daemon = try Daemon()
    let response = daemon.call(1, "initialize", #"{"processId": null}"#)
    #expect(response.last?["result"]?["serverInfo"]?["name"] == .string("layoutd"))
    #expect(daemon.call(2, "shutdown").last?["result"] == .null)
    #expect(daemon.call(2, "shutdown").last?["result"] == nil)
    daemon.notify("exit")
    #expect(daemon.waitForExit() == 0)
  }

  @Test func endOfFileWithoutShutdownGivesStatusOne() throws {
    let daemon = try Daemon()
    #expect(daemon.call(1, "initialize").last?["result"] != nil)
    #expect(daemon.finish() == 1)
  }

  /// `--read-spin-us N` (Protocol.md "Limits"): 0 (never spin) and a long spin both serve normally.
  @Test(arguments: ["0", "5000"])
  func readSpinFlagServes(_ value: String) throws {
    let daemon = try Daemon(arguments: ["--read-spin-us", value])
    #expect(daemon.call(1, "initialize").last?["result"]?["serverInfo"]?["name"] == .string("layoutd"))
    #expect(
      daemon.call(2, "session/create", #"{"sessionId":"s1","viewport":{"width":320,"height":480}}"#)
        .last?["result"] != nil)
    for id in 3...20 {
      #expect(daemon.call(id, "table/contentSize", #"{"sessionId":"s1"}"#).last?["result"]?["width"] == .int(320))
    }
    #expect(daemon.call(21, "shutdown").last?["result"] == .null)
    daemon.notify("exit")
    #expect(daemon.waitForExit() == 0)
  }

  /// A value outside 0…100000 is a usage error: status 2, the flag named on stderr.
  @Test(arguments: ["-1", "100001", "soon"])
  func readSpinFlagRejectsBadValues(_ value: String) throws {
    let daemon = try Daemon(arguments: ["--read-spin-us", value])
    #expect(daemon.waitForExit() == 2)
    // stderr is read on its own thread: give it until the message has arrived.
    let expected = "--read-spin-us needs an integer in [0, 100000]"
    let deadline = Date().addingTimeInterval(10 * timeoutScale)
    while !daemon.stderrText.withLock({ $0.contains(expected) }), Date() < deadline { usleep(2000) }
    #expect(daemon.stderrText.withLock { $0.contains(expected) })
  }
}
