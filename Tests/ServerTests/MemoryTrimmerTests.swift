import Dispatch
import Synchronization
import Testing

@testable import Server

/// Freed memory is handed back once, after enough layout and a quiet moment, never in the middle of a stream.
@Suite struct MemoryTrimmerTests {
  /// Counts trims.
  final class Trims: Sendable {
    let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
  }

  /// A trimmer counting its trims (threshold 100 cells, 50 ms quiet).
  static func counting() -> (MemoryTrimmer, Trims) {
    let trims = Trims()
    return (
      MemoryTrimmer(threshold: 100, quiet: .milliseconds(50), trim: { trims.count.add(1, ordering: .relaxed) }), trims
    )
  }

  /// Sleeps `ms` milliseconds.
  static func pause(_ ms: Int) async throws { try await Task.sleep(nanoseconds: UInt64(ms) * 1_000_000) }

  /// Waits (at most 10 s, for loaded sanitizer runs) until `trims` reached `count`; returns the count.
  static func await(_ trims: Trims, reaching count: Int) async throws -> Int {
    for _ in 0..<1000 where trims.value < count { try await pause(10) }
    return trims.value
  }

  @Test func trimsOnceAfterEnoughLayoutAndQuiet() async throws {
    let (trimmer, trims) = Self.counting()
    trimmer.laidOut(150)
    trimmer.sessionIdle()
    trimmer.sessionIdle()  // a second idle session does not schedule a second trim
    #expect(try await Self.await(trims, reaching: 1) == 1)
    try await Self.pause(150)
    #expect(trims.value == 1)
    trimmer.sessionIdle()  // nothing laid out since: nothing to trim
    try await Self.pause(150)
    #expect(trims.value == 1)
  }

  @Test func littleLayoutIsNotWorthATrim() async throws {
    let (trimmer, trims) = Self.counting()
    trimmer.laidOut(99)
    trimmer.sessionIdle()
    try await Self.pause(200)
    #expect(trims.value == 0)
  }

  @Test func layoutDuringTheQuietTimePostponesTheTrim() async throws {
    let (trimmer, trims) = Self.counting()
    trimmer.laidOut(150)
    trimmer.sessionIdle()
    trimmer.laidOut(1)  // a stream goes on
    try await Self.pause(200)
    #expect(trims.value == 0)
    trimmer.sessionIdle()  // it ended
    #expect(try await Self.await(trims, reaching: 1) == 1)
  }
}
