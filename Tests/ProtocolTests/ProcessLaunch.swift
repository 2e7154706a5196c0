import Foundation
import Synchronization

/// Launches child processes one at a time. Foundation's `Process.run()` on Linux is not safe to call from several
/// threads at once: a test starting daemons from 8 threads (OneShotScriptTests) crashed the whole test process with
/// a bad access inside it. The children still run concurrently; only their launches are serialized.
enum ProcessLaunch {
  /// Held while a process is launched.
  private static let lock = Mutex(())

  /// `process.run()`, under the lock.
  static func run(_ process: Process) throws {
    try lock.withLock { _ in try process.run() }
  }
}
