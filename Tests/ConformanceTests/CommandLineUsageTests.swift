import Foundation
import Testing

/// Every subcommand of the built binary answers `--help` with its usage on stdout and exit status 0, and every
/// usage error with one line on stderr (naming what is wrong) and exit status 2.
@Suite(.serialized) struct CommandLineUsageTests {
  /// Each subcommand's arguments asking for help, with how its usage starts.
  static let helps: [([String], String)] = [
    (["--help"], "usage: layoutd [--stdio]"),
    (["-h"], "usage: layoutd [--stdio]"),
    (["--stdio", "--help"], "usage: layoutd [--stdio]"),
    (["demo", "--help"], "usage: layoutd demo"),
    (["snapshot", "--help"], "usage: layoutd snapshot"),
    (["layout", "--help"], "usage: layoutd layout"),
    (["layout", "-h"], "usage: layoutd layout"),
    (["bench", "--help"], "usage: layoutd bench"),
    (["bench", "--json", "--help"], "usage: layoutd bench --json"),
    (["bench", "--server", "--help"], "usage: layoutd bench --server"),
    (["bench", "--cells", "--help"], "usage: layoutd bench --cells"),
  ]

  @Test(arguments: helps)
  func helpPrintsUsageAndExitsZero(_ arguments: [String], _ start: String) throws {
    let result = try LayoutCommandTests.run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.err)")
    #expect(String(decoding: result.out, as: UTF8.self).hasPrefix(start), "\(arguments)")
    #expect(result.err.isEmpty, "\(arguments): \(result.err)")
  }

  /// Usage errors of each subcommand, with the start of the one line each must print.
  static let errors: [([String], String)] = [
    (["nosuch"], "layoutd: unknown command 'nosuch'"),
    (["--bogus"], "layoutd: unknown command '--bogus'"),
    (["--stdio", "--bogus"], "layoutd: unknown option '--bogus'"),
    (["--max-sessions", "0"], "layoutd: --max-sessions needs an integer in [1, 100000]"),
    (["demo", "--bogus"], "layoutd demo: unexpected argument '--bogus'"),
    (["demo", "0"], "layoutd demo: ROWS must be in [1, 1000000], not 0"),
    (["demo", "--snapshot"], "layoutd demo: --snapshot needs a file path"),
    (["snapshot"], "layoutd snapshot: no input file"),
    (["snapshot", "--width", "wide", "rows.json"], "layoutd snapshot: --width needs a number"),
    (["snapshot", "--bogus", "rows.json"], "layoutd snapshot: unknown option '--bogus'"),
    (["layout", "--bogus"], "layoutd layout: unknown option '--bogus'"),
    (["layout", "--direction", "up"], "layoutd layout: --direction takes ltr, rtl or both, not 'up'"),
    (["layout", "--width", "0"], "layoutd layout: --width needs a number in (0, 100000], not '0'"),
    (["layout", "--scale", "5"], "layoutd layout: --scale needs a number in [1, 4], not '5'"),
    (["layout", "a.json", "b.json"], "layoutd layout: more than one input file"),
    (["bench", "--runs", "0"], "layoutd bench: --runs needs a positive integer"),
    (["bench", "--bogus"], "layoutd bench: unknown option '--bogus'"),
    (["bench", "--loop", "x"], "layoutd bench: --loop needs a positive count N and one FILE"),
    (["bench", "--stack"], "layoutd bench: --stack needs at least one FILE"),
    (["bench", "/nonexistent/trees"], "layoutd bench: cannot read /nonexistent/trees: No such file or directory"),
    (["bench", "--json", "--runs", "x"], "layoutd bench --json: --runs needs a positive integer"),
    (["bench", "--json", "--bogus"], "layoutd bench --json: unknown option '--bogus'"),
    (["bench", "--server", "--rows", "x"], "layoutd bench --server: --rows needs a positive integer"),
    (["bench", "--server", "--only", "all"], "layoutd bench --server: --only needs a comma-separated list"),
    (["bench", "--server", "--bogus"], "layoutd bench --server: unknown option '--bogus'"),
    (["bench", "--cells", "--runs", "0"], "layoutd bench --cells: --runs needs a positive integer"),
    (["bench", "--cells", "--bogus"], "layoutd bench --cells: unknown option '--bogus'"),
  ]

  @Test(arguments: errors)
  func usageErrorIsOneLineAndExitsTwo(_ arguments: [String], _ start: String) throws {
    let result = try LayoutCommandTests.run(arguments)
    #expect(result.status == 2, "\(arguments): \(result.err)")
    #expect(result.err.hasPrefix(start), "\(arguments): \(result.err)")
    #expect(result.err.filter { $0 == "\n" }.count == 1, "\(arguments): \(result.err)")
    #expect(result.out.isEmpty, "\(arguments)")
  }
}
