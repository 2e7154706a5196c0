import JSONRPC
import Server

/// A usage error of the serving options.
struct UsageError: Error {
  /// What to print after `layoutd: `.
  let message: String
}

extension ServeCommand {
  /// Reads the serving options: `--stdio`, `--log-level LEVEL`, `--trace FILE`, `--font-dir DIR` (repeatable),
  /// `--max-sessions N`, `--max-rows-per-session N`, `--max-cell-depth N`, `--max-cell-elements N` (defaults for
  /// `initialize`'s limits), `--max-message-bytes N`, `--max-pending-messages N` and `--read-spin-us N` (transport).
  static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
    var options = Options()
    var rest = arguments[...]
    func count(_ flag: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
      guard let text = rest.popFirst(), let value = Int(text), range.contains(value) else {
        throw UsageError(message: "\(flag) needs an integer in [\(range.lowerBound), \(range.upperBound)]")
      }
      return value
    }
    do throws(UsageError) {
      while let argument = rest.popFirst() {
        switch argument {
        case "--stdio":
          continue
        case "--trace":
          guard let path = rest.popFirst() else { throw UsageError(message: "--trace needs a file path") }
          options.tracePath = path
        case "--log-level":
          guard let name = rest.popFirst(), let level = ServerLog.Level(name: name) else {
            throw UsageError(message: "--log-level needs one of error, warning, info, log, off")
          }
          ServerLog.setLevel(level)
        case "--font-dir":
          guard let directory = rest.popFirst() else { throw UsageError(message: "--font-dir needs a directory") }
          options.server.fontDirectories = (options.server.fontDirectories ?? []) + [directory]
        case "--max-sessions":
          options.server.maxSessions = try count(argument, ServerOptions.sessionsRange)
        case "--max-rows-per-session":
          options.server.maxRowsPerSession = try count(argument, ServerOptions.rowsRange)
        case "--max-cell-depth":
          options.server.cellLimits.maxDepth = try count(argument, ServerOptions.depthRange)
        case "--max-cell-elements":
          options.server.cellLimits.maxElements = try count(argument, ServerOptions.elementsRange)
        case "--max-message-bytes":
          options.connection.maxMessageSize = try count(argument, 1_024...(1 << 30))
        case "--max-pending-messages":
          options.connection.maxPendingMessages = try count(argument, 1...1_000_000)
        case "--read-spin-us":
          options.connection.readSpinMicroseconds = try count(argument, 0...100_000)
        default:
          throw UsageError(message: "unknown option '\(argument)'")
        }
      }
    } catch {
      return .failure(error)
    }
    return .success(options)
  }
}
