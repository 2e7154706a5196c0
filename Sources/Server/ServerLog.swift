import Synchronization

#if canImport(Glibc)
  import Glibc
  /// The C library's `write(2)`.
  private let writeBytes = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  /// The C library's `write(2)`.
  private let writeBytes = Darwin.write
#endif

/// The daemon's stderr log (never stdout: that belongs to the protocol). Quiet by default, as clients.md asks:
/// pygls never reads stderr and Neovim reports every chunk. Thread-safe.
package enum ServerLog {
  /// How much is written: each level includes the ones before it.
  package enum Level: Int, Sendable, CaseIterable {
    /// Nothing at all.
    case off = 0
    /// Internal failures (-32603) only.
    case error = 1
    /// Also cells that failed to lay out.
    case warning = 2
    /// Also the lifecycle: initialize, sessions created and disposed, shutdown, dropped notifications.
    case info = 3
    /// Also every request handled, with its method.
    case log = 4

    /// The level named on the command line (`off`, `error`, `warning`, `info`, `log`).
    package init?(name: String) {
      guard let level = Level.allCases.first(where: { "\($0)" == name }) else { return nil }
      self = level
    }
  }

  /// The level in force (default: warning).
  private static let current = Atomic<Int>(Level.warning.rawValue)

  /// Sets the level (the command line's `--log-level`).
  package static func setLevel(_ level: Level) { current.store(level.rawValue, ordering: .relaxed) }

  /// True when messages of `level` are written.
  static func isEnabled(_ level: Level) -> Bool { level.rawValue <= current.load(ordering: .relaxed) }

  /// Writes `layoutd: [level] message` to stderr when `level` is enabled; the text is built only then.
  static func write(_ level: Level, _ message: @autoclosure () -> String) {
    guard isEnabled(level) else { return }
    // One write(2) per line on fd 2, so lines from several threads never interleave.
    let line = Array("layoutd: [\(level)] \(message())\n".utf8)
    line.withUnsafeBytes { raw in
      guard var p = raw.baseAddress else { return }
      var left = raw.count
      while left > 0 {
        let n = writeBytes(2, p, left)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        p += n
        left -= n
      }
    }
  }
}
