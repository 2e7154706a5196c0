import Foundation
import JSONCodec
import Testing

/// Protocol.md "Serving": `--log-level off|error|warning|info|log` writes one line per event to stderr
/// (`layoutd: [LEVEL] …`), each level adding to the one before, and stdout stays pure protocol at every level.
@Suite struct LogLevelTests {
  /// What each level must log, and must not.
  enum Level: String, CaseIterable, CustomTestStringConvertible {
    case off, error, warning, info, log
    var testDescription: String { rawValue }
    /// The level's rank: off 0 … log 4.
    var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
  }

  /// The line Protocol.md gives for a session created with the default scale.
  static let created = #"layoutd: [info] session "s1" created (320.0 × 480.0 at scale 2.0)"#
  /// The warning for the cell whose font family is missing.
  static let failed =
    #"layoutd: [warning] session "s1": row "t" failed to lay out: root: font family "No Such Family" not found"#

  /// Drives one session through a create, a failing cell, an unknown notification, a query, a dispose and a
  /// shutdown, checking every stdout message; returns stderr's lines once the process has exited.
  static func run(_ arguments: [String]) throws -> [String] {
    let daemon = try Daemon(arguments: arguments)
    daemon.initialize()
    #expect(
      daemon.call(
        2, "session/create", #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false,"lenientFonts":true}"#) == [
          json(resultResponse("2", #"{"sessionId":"s1"}"#))
        ])
    daemon.notify("foo/bar")
    let row = #"{"id":"t","cell":{"type":"text","text":"hi","fontFamily":"No Such Family"}}"#
    #expect(
      daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[\#(row)]}"#) == [
        json(resultResponse("3", #"{"seq":1,"rowIds":["t"]}"#))
      ])
    #expect(
      daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#) == [
        json(
          #"{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":1,"message":"session \"s1\": row \"t\" failed to lay out: root: font family \"No Such Family\" not found"}}"#
        ),
        didCommit(seq: 1, height: 0.5, extra: #","insertedRowIds":["t"]"#),
        json(resultResponse("4", #"{"seq":1,"contentSize":{"width":320,"height":0.5}}"#)),
      ])
    #expect(
      daemon.call(5, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("5", #"{"width":320,"height":0.5}"#))
      ])
    #expect(daemon.call(6, "session/dispose", #"{"sessionId":"s1"}"#) == [json(resultResponse("6", "null"))])
    daemon.expectAliveThenExit()
    // stderr is read on its own thread: give it until the last line expected at this level has arrived.
    let deadline = Date().addingTimeInterval(10)
    let last: String? =
      switch arguments.last {
      case "info", "log": "[info] shutdown"
      case "off", "error": nil
      default: "failed to lay out"
      }
    while let last, !daemon.stderrText.withLock({ $0.contains(last) }), Date() < deadline { usleep(2000) }
    return daemon.stderrText.withLock { $0 }.split(separator: "\n").map(String.init)
  }

  @Test(arguments: Level.allCases)
  func eachLevelLogsItsEventsToStderrOnly(_ level: Level) throws {
    let lines = try Self.run(["--log-level", level.rawValue])
    #expect(lines.allSatisfy { $0.hasPrefix("layoutd: [") }, "\(lines)")
    #expect(lines.contains(Self.failed) == (level.rank >= Level.warning.rank), "\(lines)")
    #expect(lines.contains(Self.created) == (level.rank >= Level.info.rank), "\(lines)")
    let info = lines.filter { $0.hasPrefix("layoutd: [info] ") }
    #expect(
      info.contains { $0.contains("foo/bar") } == (level.rank >= Level.info.rank), "unknown notification: \(lines)")
    #expect(info.contains { $0.contains(#""s1""#) && $0.contains("disposed") } == (level.rank >= Level.info.rank))
    #expect(info.contains { $0.contains("shutdown") } == (level.rank >= Level.info.rank))
    if level.rank >= Level.info.rank {
      #expect(info.contains { $0.contains("initialize") }, "\(lines)")
    }
    let requests = lines.filter { $0.hasPrefix("layoutd: [log] ") }
    for method in ["table/insertRows", "table/waitUntilAllUpdatesAreProcessed", "table/contentSize"] {
      #expect(requests.contains(#"layoutd: [log] session "s1": \#(method)"#) == (level == .log), "\(lines)")
    }
    #expect(lines.filter { $0.hasPrefix("layoutd: [error] ") }.isEmpty)
    if level == .off { #expect(lines.isEmpty) }
  }

  @Test func theDefaultLevelIsWarning() throws {
    let lines = try Self.run([])
    #expect(lines == [Self.failed])
    #expect(try Self.run(["--stdio"]) == [Self.failed])
  }

  @Test func anUnknownLevelIsRefusedWithoutServing() throws {
    let daemon = try Daemon(arguments: ["--log-level", "loud"])
    let status = daemon.finish()
    #expect(status != nil && status != 0)
    daemon.expectCleanOutput()
    #expect(daemon.rawOutput.withLock { $0 }.isEmpty)
  }
}
