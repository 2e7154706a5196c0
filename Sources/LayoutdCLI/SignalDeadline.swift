import Foundation
import JSONRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Write end of the pipe `SignalDeadline`'s handler writes each signal to (set once, before the handler is
/// installed; read by the handler only).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// When the handler last ran (`CLOCK_MONOTONIC`), written before the byte that announces it; the clock starts there,
/// not when the signal thread gets to run.
nonisolated(unsafe) private var signalTime = timespec()

/// SIGTERM and SIGINT: end the process within a second, whatever it is doing (Protocol.md "Lifecycle").
///
/// The first of them calls `begin` (stop reading, answer what was read) and starts the clock. If the daemon has
/// not finished by itself `graceTime` later (a long queued edit, stdout blocked by a client that does not read),
/// `cancel` answers every request still open -32800 (`request cancelled`), and the output gets until `drainTime` to
/// take those answers. If the daemon has still not finished then, the output is closed at a frame boundary
/// (`StdioConnection.closeOutput`) and the process ends at once with status 1, dropping what was not written (only
/// a client that does not read loses answers). Whichever of the two ends the process first claims the exit.
final class SignalDeadline: Sendable {
  /// Time from the signal to the cancellation of every request still open: 0.3 s.
  static let graceTime = 0.3
  /// Time from the signal to the forced exit when the daemon has not finished: 0.6 s (with `closeTime`, 0.3 s of the
  /// second is left for a loaded machine to schedule the exit and end the process).
  static let drainTime = 0.6
  /// Longest wait, after `drainTime`, for a write in progress to end so that no frame is cut short: 0.1 s.
  static let closeTime = 0.1
  /// The status of a forced exit.
  static let forcedStatus: Int32 = 1

  /// The connection whose output is closed at the deadline.
  private let connection: StdioConnection
  /// What the first signal does before the clock runs.
  private let begin: @Sendable () -> Void
  /// What `graceTime` after the signal does when the daemon has not finished.
  private let cancel: @Sendable () -> Void
  /// Set by the first signal.
  private let signalled = Atomic(false)
  /// Set by whichever claims the exit first (`claimExit` or the deadline).
  private let claimed = Atomic(false)

  /// A deadline for `connection`; `begin` runs on the first signal, `cancel` at `graceTime` after it unless the
  /// daemon has finished.
  init(
    connection: StdioConnection, begin: @escaping @Sendable () -> Void, cancel: @escaping @Sendable () -> Void
  ) {
    self.connection = connection
    self.begin = begin
    self.cancel = cancel
  }

  /// Handles `signals` from now on: a handler writes each to a pipe that a thread of its own reads, so that a
  /// signal is acted on even while every Dispatch worker is blocked (on a full stdout, say). False when the pipe or
  /// the thread could not be made (the signals then keep their default actions).
  @discardableResult
  func install(_ signals: [Int32]) -> Bool {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return false }
    let readEnd = ends[0]
    signalPipeWriteEnd = ends[1]
    // A parent may have blocked them (a test runner does): unblocked here, in the thread created next (which
    // inherits this mask), so that some thread always takes them.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in signals { sigaddset(&unblocked, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    let thread = Thread { [self] in
      var byte: UInt8 = 0
      while true {
        let n = read(readEnd, &byte, 1)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        received()
      }
    }
    thread.name = "layoutd.signals"
    thread.stackSize = 256 << 10
    thread.start()
    for number in signals {
      signal(number) { number in
        let saved = errno
        clock_gettime(CLOCK_MONOTONIC, &signalTime)
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(signalPipeWriteEnd, &byte, 1)
        errno = saved
      }
    }
    return true
  }

  /// The daemon finished by itself: true when it may exit (the deadline did not claim the exit first). Otherwise
  /// the deadline is ending the process; do nothing more.
  func claimExit() -> Bool {
    claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
  }

  /// A signal arrived: the first one begins the shutdown and starts the clock; later ones change nothing.
  private func received() {
    guard signalled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    else { return }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let since = Double(now.tv_sec - signalTime.tv_sec) + Double(now.tv_nsec - signalTime.tv_nsec) / 1e9
    let start = Date().addingTimeInterval(-max(0, since))
    let thread = Thread { [self] in forceExit(after: start) }
    thread.name = "layoutd.deadline"
    thread.start()
    begin()
  }

  /// Sleeps until `graceTime` after `start`; then, unless the daemon has finished, cancels what is open and waits
  /// for it to finish until `drainTime`; then, unless it has claimed the exit, closes the output and ends the
  /// process.
  private func forceExit(after start: Date) {
    Thread.sleep(until: start.addingTimeInterval(SignalDeadline.graceTime))
    if claimed.load(ordering: .acquiring) { return }
    cancel()
    let drained = start.addingTimeInterval(SignalDeadline.drainTime)
    while Date() < drained, !claimed.load(ordering: .acquiring) { usleep(5_000) }
    guard claimExit() else { return }
    _ = connection.closeOutput(before: drained.addingTimeInterval(SignalDeadline.closeTime))
    _exit(SignalDeadline.forcedStatus)
  }
}
