import JSONCodec
import JSONRPC

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A spawned daemon driven by one client thread: numbered requests, each answered before the next call returns.
/// The output side may be shared with a second writer thread (see `FrameOutput`); the input is this thread's.
struct BenchConnection {
  /// The child process.
  let daemon: SpawnedDaemon
  /// Frames to the daemon's stdin.
  let output: FrameOutput
  /// Messages from the daemon's stdout.
  var input: FrameInput
  /// The next request id this connection uses.
  var nextID: Int64 = 1
  /// Notifications read so far (while waiting for responses).
  var notificationCount = 0

  /// Spawns `executable --stdio`.
  init(executable: String) throws(SpawnedDaemon.Failure) {
    daemon = try SpawnedDaemon(executable: executable)
    output = FrameOutput(fd: daemon.inputFD)
    input = FrameInput(fd: daemon.outputFD)
  }

  /// Sends a request with serialised `params` and returns its result; an error response throws its message.
  mutating func call(_ method: String, _ params: [UInt8] = Array("{}".utf8)) throws(SpawnedDaemon.Failure)
    -> JSONValue
  {
    let id = nextID
    nextID += 1
    guard output.sendUrgent(FrameOutput.request(id: id, method: method, params: params)) else {
      throw SpawnedDaemon.Failure(description: "\(method): cannot write to the daemon")
    }
    return try response(to: id, method: method)
  }

  /// Reads messages until the response to `id`; returns its result or throws its error message.
  mutating func response(to id: Int64, method: String) throws(SpawnedDaemon.Failure) -> JSONValue {
    while true {
      let message = try input.next()
      guard case .int(id)? = message["id"] else {
        if message["method"] != nil { notificationCount += 1 }
        continue
      }
      if let error = message["error"] {
        throw SpawnedDaemon.Failure(
          description: "\(method): \(error["message"]?.stringValue ?? JSONWriter.string(error))")
      }
      return message["result"] ?? .null
    }
  }

  /// `initialize`, then `session/create` for each id in `sessions` (viewport 375 × 667).
  mutating func start(sessions: [String]) throws(SpawnedDaemon.Failure) {
    _ = try call("initialize")
    for id in sessions {
      _ = try call(
        "session/create", Array(#"{"sessionId":"\#(id)","viewport":{"width":375,"height":667}}"#.utf8))
    }
  }

  /// `shutdown`, `exit`, then waits for the process; throws when it did not exit with status 0.
  mutating func stop() throws(SpawnedDaemon.Failure) {
    _ = try call("shutdown")
    output.sendUrgent(FrameWriter.frame(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8)))
    let status = daemon.finish()
    guard status == 0 else { throw SpawnedDaemon.Failure(description: "the daemon exited with status \(status)") }
  }
}
