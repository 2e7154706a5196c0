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
           layoutd bench --cells [--runs N]         CPU per inserted feed cell on one thread, stage by stage
           layoutd --help | --version
    """

  /// Runs the command named by `arguments` (without the program name) and returns the exit status.
  public static func run(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else { return ServeCommand.run([]) }
    switch first {
    case "--stdio", "--log-level", "--trace", "--font-dir", "--max-sessions", "--max-rows-per-session", "--max-cell-depth",
      "--max-cell-elements", "--max-message-bytes", "--max-pending-messages", "--read-spin-us":
      return ServeCommand.run(arguments)
    case "--help", "-h", "help":
      print(usage)
      return 0
    case "--version":
      print("layoutd \(version)")
      return 0
    case "demo":
      return DemoCommand.run(Array(arguments.dropFirst()))
    case "snapshot":
      return SnapshotCommand.run(Array(arguments.dropFirst()))
    case "layout":
      return LayoutCommand.run(Array(arguments.dropFirst()))
    case "bench":
      let rest = Array(arguments.dropFirst())
      if rest.first == "--json" { return JSONBench.run(rest) }
      if rest.first == "--server" { return ServerBench.run(rest) }
      if rest.first == "--cells" { return RowStageBench.run(Array(rest.dropFirst())) }
      return BenchCommand.run(rest)
    default:
      printError("layoutd: unknown command '\(first)'\n\(usage)")
      return 2
    }
  }
}
