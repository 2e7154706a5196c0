import JSONCodec
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
}
