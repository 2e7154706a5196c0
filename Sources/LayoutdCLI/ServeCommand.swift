import Dispatch
import Foundation
import JSONRPC
import Server

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `layoutd [--stdio] [--log-level LEVEL] [--trace FILE] [limits…]`: serves JSON-RPC on stdin/stdout until `exit`
/// or end of input.
enum ServeCommand {
  /// What the serving options set.
  struct Options {
    /// Transport limits and the trace.
    var connection = StdioConnection.Configuration()
    /// Limits and font directories `initialize` starts from.
    var server = ServerOptions()
    /// `--trace FILE` or `$LAYOUTD_TRACE`.
    var tracePath = ProcessInfo.processInfo.environment["LAYOUTD_TRACE"]
  }

  /// Serves and returns the exit status (0 after `shutdown`, 1 otherwise, 2 on a usage error; SIGTERM and SIGINT
  /// end the process within a second, see `SignalDeadline`).
  static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    switch parse(arguments) {
    case .success(let parsed): options = parsed
    case .failure(let usage):
      return LayoutdCommand.serveUsage.error(usage.message)
    }
    var configuration = options.connection
    signal(SIGPIPE, SIG_IGN)
    // The protocol owns a private copy of stdout; fd 1 then points at stderr so stray prints cannot corrupt it.
    let protocolOut = dup(1)
    guard protocolOut >= 0, dup2(2, 1) >= 0 else {
      printError("layoutd: cannot set up stdout for the protocol (errno \(errno))")
      return 1
    }
    if let tracePath = options.tracePath, !tracePath.isEmpty {
      guard let trace = TraceWriter(path: tracePath) else {
        printError("layoutd: cannot open the trace file \(tracePath) (errno \(errno))")
        return 2
      }
      configuration.trace = trace
    }
    MemoryTrimmer.configureAllocator()
    let server = LayoutServer(
      version: LayoutdCommand.version, defaults: options.server, maxQueuedCalls: configuration.maxPendingMessages)
    configuration.spinsWhile = { server.isIdle }
    configuration.deferral = LayoutServer.deferral
    let connection = StdioConnection(input: 0, output: protocolOut, configuration: configuration)
    // SIGTERM and SIGINT stop reading: the messages already read are answered, what still waits is answered -32800
    // (status 0 after `shutdown`, 1 otherwise); what is still open after 0.3 s is answered -32800, and if the
    // answers are not written by 0.6 s the process ends anyway, status 1.
    let deadline = SignalDeadline(
      connection: connection,
      begin: {
        server.terminate()
        connection.stopReading()
      },
      cancel: { server.cancelOpenRequests() })
    deadline.install([SIGTERM, SIGINT])
    connection.start(handler: server)
    connection.waitUntilClosed()
    connection.waitForPendingWrites()
    // The deadline is ending the process.
    guard deadline.claimExit() else { while true { pause() } }
    return server.exitStatus ?? 1
  }
}
