/// `layoutd bench --server`: spawns the daemon (this executable) with pipes, as a client would, and measures
/// spawn to `initialize`, small-query round trips, bulk insert and layout of feed cells, query latency during a
/// large insert, resident memory per row, the same for the Texture feed (`--only texture`: distinct ASDKgram-style
/// cells, `TextureFeedWorkload`), and one-screen scrolls over 10,000 and 1,000,000 rows. Runs on the main thread plus one writer thread per insert; meant
/// for release builds. Prints a table (or JSON with `--json`) to stdout.
enum ServerBench {
  /// Command-line options.
  struct Options: Sendable {
    /// Repeats of every measurement (a fresh daemon each time).
    var runs = 3
    /// Rows of the large insert (the small one is 10,000).
    var rows = 100_000
    /// Rows per `table/insertRows` request.
    var batch = 1_000
    /// Measured round trips per run.
    var requests = 20_000
    /// Daemons spawned per run for the spawn measurement.
    var spawns = 10
    /// Machine-readable output.
    var json = false
    /// Measured one-screen scrolls per table size (`scroll`).
    var scrolls = 2_000
    /// Rows of the large scroll table (the small one is 10,000).
    var scrollRows = 1_000_000
    /// Rows per section of the large scroll table measured again with a fixed 20-pt header per section (plain,
    /// sticky), right after the same table without headers; 0: not measured.
    var headersEvery = 0
    /// Rows per `table/insertRows` request when filling the scroll tables.
    var scrollBatch = 10_000
    /// Measurements to run (`spawn`, `rtt`, `bulk`, `texture`, `during`, `scroll`, `collection`); all when empty.
    var only: Set<String> = []
    /// Where `feed-cell.json` is.
    var fixtures = JSONBench.benchDirectory().path
    /// The daemon binary to spawn (default: this executable), e.g. another build to compare with.
    var daemon = SpawnedDaemon.currentExecutable()

    /// True when `name` is to be measured.
    func wants(_ name: String) -> Bool { only.isEmpty || only.contains(name) }
  }

  /// Usage of the subcommand.
  static let usage = """
    usage: layoutd bench --server [--runs N] [--rows N] [--batch N] [--requests N] [--spawns N]
                                  [--scrolls N] [--scroll-rows N] [--scroll-batch N] [--headers-every N]
                                  [--only spawn,rtt,bulk,texture,during,scroll,collection] [--fixtures DIR]
                                  [--daemon PATH]
                                  [--json]
    """

  /// `usage` for `--help` and usage errors.
  static let help = Usage(command: "layoutd bench --server", text: usage)

  /// Runs the benchmark with `arguments` (after `bench`, starting with `--server`); returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    do throws(UsageError) {
      options = try parse(Array(arguments.dropFirst()))
    } catch {
      return help.error(error.message)
    }
    #if DEBUG
      printError("layoutd bench --server: this is a debug build; figures are meaningless (swift build -c release)")
    #endif
    do throws(SpawnedDaemon.Failure) {
      let results = try measure(options)
      printOut(Array((options.json ? results.json(options) : results.table(options)).utf8))
      return 0
    } catch {
      printError("layoutd bench --server: \(error)")
      return 1
    }
  }

  /// The options in `arguments`; a usage error names the flag that is wrong.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var rest = arguments[...]
    let measurements: Set<String> = ["spawn", "rtt", "bulk", "texture", "during", "scroll", "collection"]
    while let argument = rest.popFirst() {
      switch argument {
      case "--json":
        options.json = true
      case "--runs", "--rows", "--batch", "--requests", "--spawns", "--scrolls", "--scroll-rows", "--scroll-batch",
        "--headers-every":
        guard let n = rest.popFirst().flatMap({ Int($0) }), n > 0 else {
          throw UsageError(message: "\(argument) needs a positive integer")
        }
        switch argument {
        case "--runs": options.runs = n
        case "--rows": options.rows = n
        case "--batch": options.batch = n
        case "--requests": options.requests = n
        case "--scrolls": options.scrolls = n
        case "--scroll-rows": options.scrollRows = n
        case "--scroll-batch": options.scrollBatch = n
        case "--headers-every": options.headersEvery = n
        default: options.spawns = n
        }
      case "--only":
        let list = rest.popFirst().map { Set($0.split(separator: ",").map(String.init)) } ?? []
        guard !list.isEmpty, list.isSubset(of: measurements) else {
          throw UsageError(
            message: "--only needs a comma-separated list of spawn, rtt, bulk, texture, during, scroll, collection")
        }
        options.only = list
      case "--fixtures":
        guard let directory = rest.popFirst() else { throw UsageError(message: "--fixtures needs a directory") }
        options.fixtures = directory
      case "--daemon":
        guard let path = rest.popFirst() else { throw UsageError(message: "--daemon needs a path") }
        options.daemon = path
      default:
        throw UsageError(message: "unknown option '\(argument)'")
      }
    }
    return options
  }

  /// Every figure of every run. Runs interleave the measurements, so each sees a share of the machine's noise.
  static func measure(_ options: Options) throws(SpawnedDaemon.Failure) -> ServerBenchResults {
    let executable = options.daemon
    let workload = try ServerBenchWorkload(directory: options.fixtures, batchSize: options.batch)
    var results = ServerBenchResults(loadBefore: ServerBenchResults.loadAverage())
    let sizes = options.rows == 10_000 ? [10_000] : [10_000, options.rows]
    for run in 1...options.runs {
      printError("layoutd bench --server: run \(run) of \(options.runs)")
      if options.wants("spawn") {
        for _ in 0..<options.spawns { results.spawnMilliseconds.append(try spawnToInitialize(executable)) }
      }
      if options.wants("rtt") {
        results.roundTrips.append(
          try roundTrips(executable, workload, count: options.requests, warmUp: max(1, options.requests / 10)))
      }
      if options.wants("bulk") {
        for rows in sizes { results.bulk.append(try bulkInsert(executable, workload, rows: rows)) }
      }
      if options.wants("texture") {
        for rows in sizes { results.bulk.append(try textureInsert(executable, rows: rows, batch: options.batch)) }
      }
      if options.wants("during") {
        results.during.append(try queriesDuringInsert(executable, workload, rows: options.rows))
      }
      if options.wants("scroll") {
        for rows in Set([10_000, options.scrollRows]).sorted() {
          results.scrolls.append(
            try scrolls(
              executable, rows: rows, batch: options.scrollBatch, count: options.scrolls,
              warmUp: max(1, options.scrolls / 10)))
        }
        if options.headersEvery > 0 {
          // The large table again with a header every N rows: with and without alternate over the runs.
          results.scrolls.append(
            try scrolls(
              executable, rows: options.scrollRows, batch: options.scrollBatch, count: options.scrolls,
              warmUp: max(1, options.scrolls / 10), headersEvery: options.headersEvery))
        }
      }
      if options.wants("collection") {
        // A 100,000-item 3-column grid and a 10,000-page pager, one-screen drags along their axes.
        for container in [ScrollContainer.grid, .pager] {
          results.scrolls.append(
            try scrolls(
              executable, rows: container.measuredItems, batch: options.scrollBatch, count: options.scrolls,
              warmUp: max(1, options.scrolls / 10), container: container))
        }
        results.collectionInserts.append(
          try collectionInserts(
            executable, rows: ScrollContainer.grid.measuredItems, batch: options.scrollBatch, count: options.scrolls,
            warmUp: max(1, options.scrolls / 10)))
      }
    }
    results.loadAfter = ServerBenchResults.loadAverage()
    return results
  }
}
