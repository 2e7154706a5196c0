import Dispatch
import Foundation
import JSONRPC
import Server

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `layoutd [--stdio] [--log-level LEVEL]`: serves JSON-RPC on stdin/stdout until `exit` or end of input.
enum ServeCommand {
  /// Serves and returns the exit status (0 after `shutdown`, 1 otherwise, 2 on a usage error).
  static func run(_ arguments: [String]) -> Int32 {
    var rest = arguments[...]
    var configuration = StdioConnection.Configuration()
    var tracePath = ProcessInfo.processInfo.environment["LAYOUTD_TRACE"]
    while let argument = rest.popFirst() {
      switch argument {
      case "--stdio":
        continue
      case "--trace":
        guard let path = rest.popFirst() else {
          printError("layoutd: --trace needs a file path")
          return 2
        }
        tracePath = path
      case "--log-level":
        guard let name = rest.popFirst(), let level = ServerLog.Level(name: name) else {
          printError("layoutd: --log-level needs one of error, warning, info, log, off")
          return 2
        }
        ServerLog.setLevel(level)
      default:
        printError("layoutd: unknown option '\(argument)'\n\(LayoutdCommand.usage)")
        return 2
      }
    }
    signal(SIGPIPE, SIG_IGN)
    // The protocol owns a private copy of stdout; fd 1 then points at stderr so stray prints cannot corrupt it.
    let protocolOut = dup(1)
    guard protocolOut >= 0, dup2(2, 1) >= 0 else {
      printError("layoutd: cannot set up stdout for the protocol (errno \(errno))")
      return 1
    }
    if let tracePath, !tracePath.isEmpty {
      guard let trace = TraceWriter(path: tracePath) else {
        printError("layoutd: cannot open the trace file \(tracePath) (errno \(errno))")
        return 2
      }
      configuration.trace = trace
    }
    let server = LayoutServer(version: LayoutdCommand.version)
    let connection = StdioConnection(input: 0, output: protocolOut, configuration: configuration)
    // SIGTERM ends the connection like end of input: status 0 after `shutdown`, 1 otherwise.
    signal(SIGTERM, SIG_IGN)
    let terminate = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
    terminate.setEventHandler { connection.stop() }
    terminate.resume()
    connection.start(handler: server)
    connection.waitUntilClosed()
    connection.waitForPendingWrites()
    return server.exitStatus ?? 1
  }
}
