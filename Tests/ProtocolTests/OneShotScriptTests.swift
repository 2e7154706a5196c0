import Foundation
import Synchronization
import Testing

/// Protocol.md "Driving it from a script" and "Lifecycle": the bash one-shot written in one write is answered whole
/// and in the documented order: initialize, `{"sessionId":"s1"}`, the insert, `table/didCommit`, the wait, the row
/// frame, `shutdown`'s null; then `exit` ends the process with status 0. Nothing is lost at shutdown, and the query
/// after the wait sees the row. Serialized: each test runs its own daemons concurrently, and more at once than that
/// (on a shared 2-core machine) delays Foundation's reaping of the exited daemons by tens of seconds.
@Suite(.serialized) struct OneShotScriptTests {
  /// Fresh daemons per test.
  static let runs = 200
  /// Daemons alive at once.
  static let concurrency = 8

  /// Runs `oneShot` `runs` times, `concurrency` daemons at once, checking each with `check`; records the number of
  /// failures and the first failing run's transcript.
  static func expectEveryRunAnsweredInOrder(
    runs: Int = OneShotScriptTests.runs, _ oneShot: @escaping @Sendable () -> OneShotRun = { OneShotRun.run() },
    check: @escaping @Sendable (OneShotRun) -> String? = { $0.problem() },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let failures = Mutex<[(run: Int, problem: String, transcript: String)]>([])
    await ConcurrentRuns.perform(runs, threads: concurrency) { run in
      let result = oneShot()
      if let problem = check(result) {
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

  @Test func everyRunIsAnsweredInTheDocumentedOrder() async {
    await Self.expectEveryRunAnsweredInOrder()
  }

  @Test func everyRunIsAnsweredInTheDocumentedOrderUnderCPULoad() async {
    let load = BusyLoad(count: 2)
    defer { load.stop() }
    #expect(load.count == 2, "the busy-loop processes must start")
    await Self.expectEveryRunAnsweredInOrder()
  }

  /// Without `exit`, end of input does what `exit` does: everything is answered, in the same order.
  @Test func endOfInputAnswersEverythingInOrder() async {
    await Self.expectEveryRunAnsweredInOrder(runs: 50) {
      OneShotRun.run(Array(OneShotRun.messages.dropLast()), closeInput: true)
    }
  }

  /// Without `shutdown`, `exit` still waits for every earlier answer; the status is 1.
  @Test func exitWithoutShutdownAnswersEverythingBeforeIt() async {
    let messages = Array(OneShotRun.messages.prefix(5)) + [OneShotRun.messages[6]]
    await Self.expectEveryRunAnsweredInOrder(runs: 50) {
      OneShotRun.run(messages)
    } check: {
      $0.problem(answers: OneShotRun.expectedAfterInitialize.count - 1, expectedStatus: 1)
    }
  }
}
