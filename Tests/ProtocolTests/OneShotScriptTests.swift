import Foundation
import Synchronization
import Testing

/// Protocol.md "Driving it from a script" and "Lifecycle": the bash one-shot written in one write is answered whole
/// and in the documented order: initialize, `{"sessionId":"s1"}`, the insert, `table/didCommit`, the wait, the row
/// frame, `shutdown`'s null; then `exit` ends the process with status 0. Nothing is lost at shutdown, and the query
/// after the wait sees the row.
@Suite struct OneShotScriptTests {
  /// Fresh daemons per test.
  static let runs = 200
  /// Daemons alive at once.
  static let concurrency = 8

  /// Runs the one-shot `runs` times, `concurrency` daemons at once; records the number of failures and the first
  /// failing run's transcript.
  static func expectEveryRunAnsweredInOrder(sourceLocation: SourceLocation = #_sourceLocation) {
    let failures = Mutex<[(run: Int, problem: String, transcript: String)]>([])
    ConcurrentRuns.perform(runs, threads: concurrency) { run in
      let result = OneShotRun.run()
      if let problem = result.problem {
        failures.withLock { $0.append((run, problem, result.transcript)) }
      }
    }
    let failed = failures.withLock { $0 }
    let failedCount = failed.count
    #expect(failedCount == 0, "\(failedCount) of \(runs) runs failed", sourceLocation: sourceLocation)
    if let first = failed.min(by: { $0.run < $1.run }) {
      Issue.record("run \(first.run): \(first.problem)\n\(first.transcript)", sourceLocation: sourceLocation)
    }
  }

  @Test func everyRunIsAnsweredInTheDocumentedOrder() {
    Self.expectEveryRunAnsweredInOrder()
  }

  @Test func everyRunIsAnsweredInTheDocumentedOrderUnderCPULoad() {
    let load = BusyLoad(count: 2)
    defer { load.stop() }
    #expect(load.count == 2, "the busy-loop processes must start")
    Self.expectEveryRunAnsweredInOrder()
  }
}
