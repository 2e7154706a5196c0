#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `layoutd --stdio` child started with `posix_spawn`, its stdin and stdout on pipes (stderr inherited), for
/// the server benchmark. Holds only the child's pid and the parent's pipe ends; immutable, so any thread may use
/// it (writes and reads are serialised by `FrameOutput` and by the one thread owning a `FrameInput`).
final class SpawnedDaemon: Sendable {
  /// Why spawning or talking to the daemon failed.
  struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
  }

  /// The child's process id.
  let pid: pid_t
  /// Write end of the child's stdin.
  let inputFD: Int32
  /// Read end of the child's stdout.
  let outputFD: Int32

  /// Spawns `executable --stdio`. Throws when a pipe or the spawn fails.
  init(executable: String) throws(Failure) {
    let toChild = try SpawnedDaemon.makePipe()
    let fromChild: (read: Int32, write: Int32)
    do throws(Failure) {
      fromChild = try SpawnedDaemon.makePipe()
    } catch {
      close(toChild.read)
      close(toChild.write)
      throw error
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The pipes are close-on-exec; dup2 onto 0 and 1 gives the child inheritable copies of its two ends.
    posix_spawn_file_actions_adddup2(&actions, toChild.read, 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild.write, 1)
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup("--stdio"), nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
    close(toChild.read)
    close(fromChild.write)
    guard status == 0 else {
      close(toChild.write)
      close(fromChild.read)
      throw Failure(description: "cannot spawn \(executable): \(String(cString: strerror(status)))")
    }
    pid = child
    inputFD = toChild.write
    outputFD = fromChild.read
  }

  /// A close-on-exec pipe (only the benchmark's main thread spawns, so no other spawn can inherit it in between).
  private static func makePipe() throws(Failure) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw Failure(description: "pipe failed: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    return (ends[0], ends[1])
  }

  /// Closes the child's stdin (end of input), waits for it to exit and closes its stdout; returns the exit
  /// status (or -1 when it was killed by a signal or could not be waited for).
  @discardableResult
  func finish() -> Int32 {
    close(inputFD)
    var status: Int32 = 0
    var waited: pid_t
    repeat { waited = waitpid(pid, &status, 0) } while waited < 0 && errno == EINTR
    close(outputFD)
    guard waited == pid, status & 0x7f == 0 else { return -1 }
    return (status >> 8) & 0xff
  }

  /// The path of the running executable (`/proc/self/exe` resolved), else `argv[0]`.
  static func currentExecutable() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    return CommandLine.arguments[0]
  }
}
