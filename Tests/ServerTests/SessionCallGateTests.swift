import Synchronization
import Testing

@testable import Server

/// `SessionCallGate`: the bound on calls queued on sessions that stops the delivery loop (and so the reader).
@Suite struct SessionCallGateTests {
  /// Checks that `waitForRoom()` does not return while `held` is queued, and does once it is released.
  static func expectWaitsUntilReleased(_ gate: SessionCallGate, _ held: SessionCallGate.Ticket, _ why: String) async {
    let resumed = Mutex(false)
    let waiter = Task {
      await gate.waitForRoom()
      resumed.withLock { $0 = true }
    }
    try? await Task.sleep(nanoseconds: 50_000_000)
    #expect(resumed.withLock { $0 } == false, "\(why)")
    held.release()
    await waiter.value
    #expect(resumed.withLock { $0 })
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
