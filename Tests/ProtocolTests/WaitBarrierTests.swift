import Foundation
import JSONCodec
import Synchronization
import Testing

/// Protocol.md "Messages", order: `table/waitUntilAllUpdatesAreProcessed` is a barrier for queries. A geometry query
/// sent right after a wait (in the same write) is answered after the wait, and sees every row inserted before it;
/// queries sent before the wait may still overtake the insert.
@Suite struct WaitBarrierTests {
  /// Runs (each in a new session).
  static let runs = 200
  /// Daemons, each serving a share of the runs, alive at once.
  static let daemons = 4
  /// Rows inserted per run.
  static let rowCount = 50

  /// `rowCount` rows "r0"… of two wrapped Ahem paragraphs (a little layout work each), as JSON text.
  static let rows: String = {
    let paragraph = #"{"type":"text","text":"\#(String(repeating: "lorem ipsum ", count: 20))","fontSize":10}"#
    let cell = #"{"type":"stack","direction":"vertical","children":[\#(paragraph),\#(paragraph)]}"#
    return "[" + (0..<rowCount).map { #"{"id":"r\#($0)","cell":\#(cell)}"# }.joined(separator: ",") + "]"
  }()

  /// One run on `daemon`: creates session `id`, then writes the insert, the wait and a `table/rowFrame` of the last
  /// row at once; nil when the answers are right, else what is wrong and the messages.
  static func run(_ daemon: Daemon, session id: String, firstID: Int) -> String? {
    let created = daemon.call(
      firstID, "session/create",
      #"{"sessionId":"\#(id)","viewport":{"width":320,"height":480},"interfaceStates":false}"#)
    guard created.last?["result"]?["sessionId"] == .string(id) else { return "session/create: \(created)" }
    let last = "r\(rowCount - 1)"
    let answers = daemon.exchange([
      request(firstID + 1, "table/insertRows", #"{"sessionId":"\#(id)","rows":\#(rows)}"#),
      request(firstID + 2, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"\#(id)"}"#),
      request(firstID + 3, "table/rowFrame", #"{"sessionId":"\#(id)","row":"\#(last)"}"#),
    ])
    let transcript = answers.map { JSONWriter.string($0) }.joined(separator: "\n")
    // The insert, its commit, the wait, then the query.
    guard answers.count == 4, answers[0]["id"] == .int(Int64(firstID + 1)),
      answers[1]["method"] == .string("table/didCommit"), answers[2]["id"] == .int(Int64(firstID + 2)),
      answers[3]["id"] == .int(Int64(firstID + 3))
    else { return "out of order:\n\(transcript)" }
    guard let height = answers[2]["result"]?["contentSize"]?["height"]?.doubleValue,
      let frame = answers[3]["result"]?["frame"], answers[3]["result"]?["rowId"] == .string(last),
      answers[3]["result"]?["indexPath"] == json("[0,\(rowCount - 1)]"),
      let y = frame["y"]?.doubleValue, let rowHeight = frame["height"]?.doubleValue, y + rowHeight == height
    else { return "the query did not see the committed rows:\n\(transcript)" }
    return nil
  }

  @Test func aQueryAfterAWaitSeesEveryRowInsertedBeforeIt() async throws {
    let failures = Mutex<[String]>([])
    let perDaemon = Self.runs / Self.daemons
    await ConcurrentRuns.perform(Self.daemons, threads: Self.daemons) { index in
      guard let daemon = try? Daemon() else {
        failures.withLock { $0.append("cannot spawn daemon \(index)") }
        return
      }
      daemon.initialize()
      for run in 0..<perDaemon {
        if let problem = Self.run(daemon, session: "s\(run)", firstID: 10 + 10 * run) {
          failures.withLock { $0.append("daemon \(index), run \(run): \(problem)") }
        }
        _ = daemon.call(9, "session/dispose", #"{"sessionId":"s\#(run)"}"#)
      }
      daemon.expectAliveThenExit()
    }
    let failed = failures.withLock { $0 }
    let failedCount = failed.count
    #expect(failedCount == 0, "\(failedCount) of \(Self.runs) runs failed")
    if let first = failed.first { Issue.record(Comment(rawValue: first)) }
  }
}
