/// A subcommand's usage: the text `--help` prints (stdout, exit status 0) and its usage errors, one line on stderr
/// with exit status 2. Pure value.
struct Usage: Sendable {
  /// The command as typed, e.g. `layoutd bench --json`.
  let command: String
  /// The usage text, starting with `usage: `.
  let text: String

  /// Prints the usage text to stdout; returns 0.
  func help() -> Int32 {
    printOut(Array((text + "\n").utf8))
    return 0
  }

  /// Prints `COMMAND: REASON (see 'COMMAND --help')` as one line to stderr; returns 2.
  func error(_ reason: String) -> Int32 {
    let line = reason.split(whereSeparator: \.isNewline).joined(separator: "; ")
    printError("\(command): \(line) (see '\(command) --help')")
    return 2
  }

  /// True when `arguments` ask for help (`--help` or `-h` anywhere).
  static func asksForHelp(_ arguments: [String]) -> Bool {
    arguments.contains("--help") || arguments.contains("-h")
  }
}
