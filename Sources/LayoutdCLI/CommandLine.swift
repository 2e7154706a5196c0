/// The `layoutd` command line: dispatches subcommands. Runs on the main thread.
public enum LayoutdCommand {
  /// The version printed by `--version` and reported in `initialize`.
  public static let version = "0.1.0"

  /// Usage text for `--help`.
  public static let usage = """
    usage: layoutd [--stdio] [--log-level LEVEL] [--trace FILE] [--font-dir DIR]... [--max-sessions N]
                   [--max-rows-per-session N] [--max-cell-depth N] [--max-cell-elements N]
                   [--max-message-bytes N] [--max-pending-messages N] [--read-spin-us N]
                                                    serve JSON-RPC on stdin/stdout (see Protocol.md); --trace
                                                    (or $LAYOUTD_TRACE) appends every message to FILE
           layoutd demo [ROWS] [--snapshot FILE]    watch a photo feed scrolled through a spawned daemon
           layoutd snapshot [--width W] [--height H] [--scroll Y] [--margin M] [--out FILE.svg] FILE.json
                                                    draw FILE's rows ({"rows": [{"cell": SPEC}]}) at scroll Y as SVG
           layoutd layout [--direction ltr|rtl|both] [FILE|-]
                                                    lay out one JSON document and print the frames
           layoutd bench [--runs N] [DIR|FILE ...]  benchmark the layout engine (release build)
           layoutd bench --json [--runs N]          benchmark the JSON codec beside Foundation
           layoutd bench --server [--runs N] [--rows N] [--json]
                                                    benchmark a spawned daemon over pipes (latency, throughput, memory)
           layoutd bench --language [--runs N] [--lines N]
                                                    re-check time of a layout-spec document served over LSP
           layoutd bench --cells [--runs N]         CPU per inserted feed cell on one thread, stage by stage
           layoutd --help | --version
    """

  /// The usage of the serving options (`layoutd --bogus` is refused with it).
  static let serveUsage = Usage(command: "layoutd", text: usage)

  /// Runs the command named by `arguments` (without the program name) and returns the exit status. Every
  /// subcommand answers `--help` (or `-h`) with its usage on stdout and status 0; a usage error is one line on
  /// stderr and status 2.
  public static func run(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else { return ServeCommand.run([]) }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--stdio", "--log-level", "--trace", "--font-dir", "--max-sessions", "--max-rows-per-session", "--max-cell-depth",
      "--max-cell-elements", "--max-message-bytes", "--max-pending-messages", "--read-spin-us":
      if Usage.asksForHelp(arguments) { return serveUsage.help() }
      return ServeCommand.run(arguments)
    case "--help", "-h", "help":
      return serveUsage.help()
    case "--version":
      print("layoutd \(version)")
      return 0
    case "demo":
      if Usage.asksForHelp(rest) { return DemoCommand.usage.help() }
      return DemoCommand.run(rest)
    case "snapshot":
      if Usage.asksForHelp(rest) { return SnapshotCommand.usage.help() }
      return SnapshotCommand.run(rest)
    case "layout":
      if Usage.asksForHelp(rest) { return LayoutCommand.usage.help() }
      return LayoutCommand.run(rest)
    case "bench":
      switch rest.first {
      case "--json":
        if Usage.asksForHelp(rest) { return JSONBench.usage.help() }
        return JSONBench.run(rest)
      case "--server":
        if Usage.asksForHelp(rest) { return ServerBench.help.help() }
        return ServerBench.run(rest)
      case "--language":
        if Usage.asksForHelp(rest) { return LanguageBench.usage.help() }
        return LanguageBench.run(Array(rest.dropFirst()))
      case "--cells":
        if Usage.asksForHelp(rest) { return RowStageBench.usage.help() }
        return RowStageBench.run(Array(rest.dropFirst()))
      default:
        if Usage.asksForHelp(rest) { return BenchCommand.usage.help() }
        return BenchCommand.run(rest)
      }
    default:
      return serveUsage.error("unknown command '\(first)'")
    }
  }
}
