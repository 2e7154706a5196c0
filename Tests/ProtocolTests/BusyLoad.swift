import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Processes that spin on the CPU while a test runs (`sh -c 'while :; do :; done'`), to make the daemon's threads
/// wait for a core.
final class BusyLoad {
  /// The spinning processes.
  private let processes: [Process]

  /// Starts `count` spinning processes (fewer if a spawn fails).
  init(count: Int) {
    processes = (0..<count).compactMap { _ in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "while :; do :; done"]
      do {
        try ProcessLaunch.run(process)
        return process
      } catch {
        return nil
      }
    }
  }

  /// How many processes spin.
  var count: Int { processes.count }

  /// Kills the processes (SIGKILL: a shell started by a process that ignores SIGTERM ignores it too) and waits for
  /// them to end.
  func stop() {
    for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
    for process in processes { process.waitUntilExit() }
  }

  deinit { stop() }
}
