import Synchronization
import Testing

@testable import Server

/// A task executor that runs its jobs only when the test says so, on the test's thread: after `runUntilIdle()`
/// every task preferring it has run as far as it can, so "has not resumed yet" means "is suspended", with no sleep.
final class ManualTaskExecutor: TaskExecutor {
  /// Jobs enqueued and not yet run, oldest first.
  private let jobs = Mutex<[UnownedJob]>([])

  /// Queues `job` until the next `runUntilIdle()`.
  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    jobs.withLock { $0.append(unowned) }
  }

  /// Runs queued jobs, and the jobs they enqueue, until none is left.
  func runUntilIdle() {
    while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// `SessionCallGate`: the bound on calls queued on sessions that stops the delivery loop (and so the reader).
@Suite struct SessionCallGateTests {
  /// Checks that `waitForRoom()` does not return while `held` is queued, and does once it is released. The waiter
  /// runs on a `ManualTaskExecutor`: after its jobs have run to idle it has either returned or is parked in the
  /// gate, so the check needs no sleep and cannot pass by the waiter merely not having started.
  static func expectWaitsUntilReleased(_ gate: SessionCallGate, _ held: SessionCallGate.Ticket, _ why: String) async {
    let executor = ManualTaskExecutor()
    let resumed = Mutex(false)
    let waiter = Task(executorPreference: executor) {
      await gate.waitForRoom()
      resumed.withLock { $0 = true }
    }
    executor.runUntilIdle()
    #expect(resumed.withLock { $0 } == false, "\(why)")
    held.release()
    executor.runUntilIdle()
    guard resumed.withLock({ $0 }) else {
      // Still parked after the release: awaiting it would hang the test run.
      Issue.record("\(why): waitForRoom() did not return after the release")
      return
    }
    await waiter.value
  }

  @Test func waitsWhileFullByCountThenResumesOnRelease() async {
    let gate = SessionCallGate(maxCalls: 2, maxBytes: 1 << 20)
    let first = gate.ticket(bytes: 10)
    let second = gate.ticket(bytes: 10)
    await Self.expectWaitsUntilReleased(gate, first, "two calls queued: no room for a third")
    second.release()
    await gate.waitForRoom()  // empty: at once
  }

  @Test func waitsWhileFullByBytesButAlwaysAdmitsOneCall() async {
    let gate = SessionCallGate(maxCalls: 100, maxBytes: 1000)
    let big = gate.ticket(bytes: 5000)  // over the byte bound on its own: admitted into an empty gate
    await Self.expectWaitsUntilReleased(gate, big, "5,000 bytes queued: over the 1,000-byte bound")
  }
}

/// `MethodDescriptor.isBarrier`: which calls a geometry query may overtake (Protocol.md "Order").
@Suite struct QueryLaneBarrierTests {
  @Test(arguments: [
    ("table/insertRows", #"{"rows":[{"cell":{"type":"node"}}]}"#, false),
    ("table/insertRows", #"{"rows":[]}"#, true),
    ("table/insertRows", #"{}"#, true),
    ("table/reloadRows", #"{"rows":[{"row":"a","cell":{"type":"node"}}]}"#, false),
    ("cell/setNeedsLayout", #"{"row":"a"}"#, false),
    ("table/waitUntilAllUpdatesAreProcessed", "{}", true),
    ("table/contentSize", "{}", false),
    ("table/describe", #"{"state":"pending"}"#, true),
    ("table/describe", "{}", false),
    ("table/deleteRows", #"{"rows":["a"]}"#, true),
    ("table/moveRow", #"{"from":"a","to":[0,0]}"#, true),
    ("table/performBatchUpdates", "{}", true),
    ("table/scrollBy", #"{"dy":10}"#, true),
    ("session/setViewport", #"{"viewport":{"width":300}}"#, true),
  ])
  func classifies(_ method: String, _ params: String, _ barrier: Bool) throws {
    #expect(try #require(ServerMethods.table[method]).isBarrier(json(params)) == barrier)
  }

  /// Every query the lane answers from a published view is also a session method (answered in order otherwise).
  @Test func everyCommittedViewQueryIsASessionMethod() {
    for method in ServerMethods.table.values where method.committedQuery(for: json("{}")) != nil {
      #expect(method.sessionHandler != nil, "\(method.name)")
    }
  }
}
