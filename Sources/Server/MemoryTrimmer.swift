import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Hands memory freed after large inserts back to the system once the daemon has been quiet for a moment.
///
/// glibc keeps freed arena pages: 100,000 streamed feed cells left 580 MB resident at the end, of which 360 MB
/// were the freed JSON trees of the requests (217 MB after `malloc_trim`). Sessions report the cells they laid out
/// and when they become idle; once 10,000 cells have been laid out since the last trim and no cell has been laid
/// out for `quiet` by any session, `malloc_trim` runs on a utility thread (about 30 ms after 100,000 rows). Brief
/// pauses in a stream of inserts are shorter than `quiet`, so a stream is trimmed once, at its end. The trim holds
/// the allocator's arena locks while it runs (up to ~150 ms after a 1,000,000-row insert in sections), so any
/// request that allocates meanwhile waits for it: requests arriving during the quiet time postpone the trim too
/// (a scroll right after a large insert measured a 135 ms stall before this), each `quiet` again, but at most
/// `maxDeferrals` times in a row, so a client that never pauses still gets its memory back. Thread-safe.
package final class MemoryTrimmer: Sendable {
  /// The process's trimmer (the allocator is process-wide).
  static let shared = MemoryTrimmer()

  /// Cells laid out since the last trim, and a count bumped with every report.
  private struct State {
    var cells = 0
    var epoch: UInt64 = 0
    var scheduled = false
  }

  /// Requests received (any session), read by the quiet-time checks; relaxed, bumped once per request.
  private let requests = Atomic<UInt64>(0)
  /// Quiet-time checks in a row that a request (and no layout) may postpone the trim by.
  let maxDeferrals: Int

  /// Cells laid out before a trim is worth its cost.
  let threshold: Int
  /// Time without layout before trimming.
  let quiet: DispatchTimeInterval
  /// Returns freed memory to the system; nil where there is no way to.
  private let trim: (@Sendable () -> Void)?
  /// Runs a check after a delay (a utility queue; tests pass their own).
  private let after: @Sendable (DispatchTimeInterval, @escaping @Sendable () -> Void) -> Void
  /// Guarded state.
  private let state = Mutex(State())

  /// glibc's `malloc_trim(0)`, looked up at run time (the Glibc module does not export `malloc.h`); nil elsewhere.
  static let mallocTrim: (@Sendable () -> Void)? = {
    #if canImport(Glibc)
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
      let function = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
      return { _ = function(0) }
    #else
      return nil
    #endif
  }()

  /// The most free memory glibc keeps at the top of an arena instead of handing it back: 4 MB.
  static let trimThreshold = 4 << 20

  /// Sets glibc's trim threshold to `trimThreshold` (`mallopt(M_TRIM_THRESHOLD)`, looked up at run time; nothing
  /// elsewhere). Call once, before serving. By default glibc raises the threshold each time a large block it had
  /// mapped is freed (up to 64 MB), and the top of an arena of a worker thread is given back only by `free` when it
  /// exceeds the threshold (`malloc_trim` gives back free pages inside an arena, not its top): after the dispose of
  /// a 200,000-row session three worker arenas kept 23–27 MB each resident, 55–85 MB in all; with 4 MB, 4–10 MB.
  package static func configureAllocator() {
    #if canImport(Glibc)
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
      let trimThresholdOption: Int32 = -1  // M_TRIM_THRESHOLD in malloc.h
      _ = mallopt(trimThresholdOption, Int32(trimThreshold))
    #endif
  }

  /// A trimmer calling `trim` once `threshold` cells were laid out and none for `quiet`; `after` runs its checks.
  init(
    threshold: Int = 10_000, quiet: DispatchTimeInterval = .milliseconds(100), maxDeferrals: Int = 20,
    trim: (@Sendable () -> Void)? = MemoryTrimmer.mallocTrim,
    after: @escaping @Sendable (DispatchTimeInterval, @escaping @Sendable () -> Void) -> Void = { delay, work in
      DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay, execute: work)
    }
  ) {
    self.threshold = threshold
    self.quiet = quiet
    self.maxDeferrals = maxDeferrals
    self.trim = trim
    self.after = after
  }

  /// A session laid out `cells` cells.
  func laidOut(_ cells: Int) {
    state.withLock {
      $0.cells += cells
      $0.epoch &+= 1
    }
  }

  /// A request reached a session: a pending trim waits for a quiet moment after it (see the type's comment).
  func requestReceived() {
    requests.add(1, ordering: .relaxed)
  }

  /// A session has nothing pending: trims once enough was laid out and then nothing for `quiet` (checked every
  /// `quiet` until so, whichever session lays out meanwhile).
  func sessionIdle() {
    guard trim != nil else { return }
    let epoch = state.withLock { s -> UInt64? in
      guard s.cells >= threshold, !s.scheduled else { return nil }
      s.scheduled = true
      return s.epoch
    }
    if let epoch { check(after: epoch, requests: requests.load(ordering: .relaxed), deferrals: 0) }
  }

  /// A session was disposed and its contents freed: trims now (on the utility queue), however few cells were laid
  /// out since the last trim and whatever other sessions are doing, and returns once the memory is handed back.
  func sessionReleased() async {
    guard let trim else { return }
    state.withLock { $0.cells = 0 }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      after(.milliseconds(0)) {
        let start = DispatchTime.now().uptimeNanoseconds
        trim()
        let micros = (DispatchTime.now().uptimeNanoseconds - start) / 1000
        ServerLog.write(.log, "returned a disposed session's memory to the system in \(micros) µs")
        done.resume()
      }
    }
  }

  /// After `quiet`: trims if nothing was laid out since `epoch` and no request arrived since `requests` (or
  /// requests alone have postponed it `maxDeferrals` times), else looks again after another `quiet`.
  private func check(after epoch: UInt64, requests seen: UInt64, deferrals: Int) {
    after(quiet) { [self] in
      let now = requests.load(ordering: .relaxed)
      let deferred = now != seen && deferrals < maxDeferrals
      let later = state.withLock { s -> UInt64? in
        guard s.epoch == epoch, !deferred else { return s.epoch }
        s.scheduled = false
        s.cells = 0
        return nil
      }
      if let later {
        // Layout since: the quiet time starts again; requests alone: one more deferral.
        return check(after: later, requests: now, deferrals: later == epoch ? deferrals + 1 : 0)
      }
      guard let trim else { return }
      let start = DispatchTime.now().uptimeNanoseconds
      trim()
      let micros = (DispatchTime.now().uptimeNanoseconds - start) / 1000
      ServerLog.write(.log, "returned freed memory to the system in \(micros) µs")
    }
  }
}
