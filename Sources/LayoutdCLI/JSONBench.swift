import Foundation
import JSONCodec

/// `layoutd bench --json`: parse and write throughput of JSONCodec beside Foundation's JSONSerialization.
/// Runs on the main thread; meaningful only in a release build (`swift build -c release`).
///
/// Usage: `bench --json [--runs N] [FILE ...]`. Without files it measures `Tests/Fixtures/bench/table-10k.json`,
/// `nested-10x10x10x10.json` and a generated 25 KB JSON-RPC notification. Figures are MB/s (10^6 bytes per second)
/// of the document's size as read (parse) or as written (write), median of N runs (default 15; at most 5 for
/// Foundation, which is much slower). Times are the benchmarking thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`),
/// so other processes on a shared machine do not inflate them. Each run's result is released after the clock
/// stops (for both codecs), so parse figures measure parsing, not the allocator freeing the previous tree.
package enum JSONBench {
  /// The usage `--help` prints.
  static let usage = Usage(
    command: "layoutd bench --json",
    text: """
      usage: layoutd bench --json [--runs N] [FILE ...]
        Parse and write throughput (MB/s of thread CPU time) of JSONCodec beside Foundation's JSONSerialization,
        median of N runs (default 15). Without files: Tests/Fixtures/bench/table-10k.json,
        nested-10x10x10x10.json and a generated 25 KB notification. Meant for release builds.
      """)

  /// One document to measure.
  struct Input {
    /// Name printed in the table.
    var name: String
    /// The document's bytes.
    var bytes: [UInt8]
  }

  /// Runs the benchmark with `arguments` (those after `--json`) and returns the exit status.
  package static func run(_ arguments: [String]) -> Int32 {
    var runs = 15
    var files: [String] = []
    var index = arguments.first == "--json" ? 1 : 0  // tolerate being handed the flag itself
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--runs" {
        guard index + 1 < arguments.count, let n = Int(arguments[index + 1]), n > 0 else {
          return usage.error("--runs needs a positive integer")
        }
        runs = n
        index += 2
      } else if argument.hasPrefix("-") {
        return usage.error("unknown option '\(argument)'")
      } else {
        files.append(argument)
        index += 1
      }
    }
    var inputs: [Input] = []
    do {
      if files.isEmpty {
        let directory = benchDirectory()
        for name in ["table-10k.json", "nested-10x10x10x10.json"] {
          inputs.append(Input(name: name, bytes: try readFile(directory.appendingPathComponent(name).path)))
        }
        inputs.append(Input(name: "message-25k (generated)", bytes: message25k()))
      } else {
        for path in files {
          inputs.append(Input(name: (path as NSString).lastPathComponent, bytes: try readFile(path)))
        }
      }
    } catch {
      printError("layoutd bench --json: \(error)")
      return 2
    }
    #if DEBUG
      printError("layoutd bench --json: this is a debug build; figures are meaningless (use swift build -c release)")
    #endif
    print(
      "JSON throughput, MB/s of thread CPU time (median of \(runs) runs, Foundation \(min(runs, 5)); higher is better)")
    print(
      pad("document", 26) + pad("size", 10) + pad("parse", 9) + pad("write", 9) + pad("Fdn parse", 11)
        + pad("Fdn write", 11))
    for input in inputs {
      guard let row = measure(input, runs: runs) else {
        printError("layoutd bench --json: \(input.name) is not valid JSON")
        return 1
      }
      print(row)
    }
    return 0
  }

  /// Measures one input with both codecs and formats a table row; nil if the document does not parse.
  static func measure(_ input: Input, runs: Int) -> String? {
    guard let value = try? JSONParser.parse(input.bytes) else { return nil }
    let written = JSONWriter.serialize(value)
    let data = Data(input.bytes)
    guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
      return nil
    }
    let foundationSize = (try? JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed]))?.count ?? 0
    let parse = median(runs) { try? JSONParser.parse(input.bytes) }
    let write = median(runs) { JSONWriter.serialize(value) }
    let foundationRuns = min(runs, 5)
    let foundationParse = median(foundationRuns) {
      try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
    let foundationWrite = median(foundationRuns) {
      try? JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
    }
    func rate(_ bytes: Int, _ seconds: Double) -> String { String(format: "%.0f", Double(bytes) / seconds / 1e6) }
    return pad(input.name, 26) + pad(sizeText(input.bytes.count), 10) + pad(rate(input.bytes.count, parse), 9)
      + pad(rate(written.count, write), 9) + pad(rate(input.bytes.count, foundationParse), 11)
      + pad(rate(foundationSize, foundationWrite), 11)
  }

  /// The median CPU time of `runs` calls of `body`, in seconds, after one warm-up call; each result is
  /// released after the clock stops.
  static func median<Result>(_ runs: Int, _ body: () -> Result) -> Double {
    var kept = body()
    var times: [Double] = []
    for _ in 0..<runs {
      let start = threadCPUTime()
      let result = body()
      times.append(threadCPUTime() - start)
      kept = result
    }
    _ = kept
    times.sort()
    return max(times[times.count / 2], 1e-9)
  }

  /// The calling thread's CPU time in seconds.
  static func threadCPUTime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// A JSON-RPC notification of about 25 KB shaped like a layout result: 120 cells with frames and text.
  static func message25k() -> [UInt8] {
    var cells: [JSONValue] = []
    for i in 0..<120 {
      let y = Double(i) * 517.25
      let frame = JSONObject([
        ("x", .double(0)), ("y", .double(y)), ("width", .double(375)), ("height", .double(517.25)),
      ])
      cells.append(
        .object(
          JSONObject([
            ("id", .string("cell-\(i)")), ("index", .int(Int64(i))), ("frame", .object(frame)),
            ("text", .string("Comment \(i): “a caption with some unicode — and \"quotes\"”")),
            ("children", .array([.double(10.5), .double(0.1 * Double(i)), .int(40), .bool(i % 2 == 0), .null])),
          ])))
    }
    let params = JSONObject([("table", .string("t1")), ("seq", .int(42)), ("cells", .array(cells))])
    let message = JSONObject([
      ("jsonrpc", .string("2.0")), ("method", .string("table/layoutChanged")), ("params", .object(params)),
    ])
    return JSONWriter.serialize(.object(message))
  }

  /// `Tests/Fixtures/bench` in the current directory if present, else next to this source file's package.
  static func benchDirectory() -> URL {
    let relative = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent("Tests/Fixtures/bench")
    if FileManager.default.fileExists(atPath: relative.path) { return relative }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/bench")
  }

  /// Reads a whole file.
  static func readFile(_ path: String) throws(FileInput.ReadError) -> [UInt8] {
    try FileInput.readAll(path: path)
  }

  /// A byte count as "7.2 MB", "770 KB" or "25 KB".
  static func sizeText(_ bytes: Int) -> String {
    bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : "\(bytes / 1000) KB"
  }

  /// Left-aligns `text` in a column of `width` characters.
  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
