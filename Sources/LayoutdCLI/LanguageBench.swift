import Foundation
import JSONCodec
import JSONRPC

/// `layoutd bench --language [--runs N] [--lines N]`: a spawned daemon serving a layout-spec table document of
/// about N lines (default 10,000: rows of a three-element feed cell, pretty-printed, 7 lines each). Times the first
/// check (didOpen → publishDiagnostics), then N runs (default 21) of one incremental change to a different row each
/// time (didChange → the publishDiagnostics of that version, which includes the 10 ms debounce). Prints medians with
/// ranges. Meant for release builds.
enum LanguageBench {
  /// The usage `--help` prints.
  static let usage = Usage(
    command: "layoutd bench --language",
    text: """
      usage: layoutd bench --language [--runs N] [--lines N]
        A spawned daemon checks a layout-spec table document of about N lines (default 10000) as an editor changes
        it: the first check, then N (default 21) one-row changes, each timed to its publishDiagnostics (the 10 ms
        debounce included). Meant for release builds.
      """)

  /// Lines per row in the generated document.
  static let linesPerRow = 7

  /// The generated document's lines: `{"widths": [...], "rows": [` then rows, then `]}`.
  static func document(rows: Int) -> [String] {
    var lines = [#"{"widths": [320, 375, 414], "rows": ["#]
    for row in 0..<rows {
      lines += [
        #"  {"id": "r\#(row)", "cell": {"#,
        #"    "type": "stack", "direction": "vertical", "children": ["#,
        titleLine(row: row, version: 0),
        #"      {"type": "text", "text": "a subtitle, longer, for row \#(row)", "fontSize": 12},"#,
        #"      {"type": "node", "style": {"height": 4}}"#,
        #"    ]"#,
        row == rows - 1 ? "  }}" : "  }},",
      ]
    }
    lines.append("]}")
    return lines
  }

  /// The title line of `row` as change `version` writes it.
  static func titleLine(row: Int, version: Int) -> String {
    #"      {"type": "text", "text": "Row \#(row) title, edit \#(version)", "fontSize": 15},"#
  }

  /// Runs the benchmark with `arguments` (after `bench --language`); returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    var runs = 21
    var lineCount = 10_000
    var i = 0
    while i < arguments.count {
      guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 else {
        return usage.error(
          arguments[i].hasPrefix("-")
            ? "\(arguments[i]) needs a positive integer" : "unknown argument '\(arguments[i])'")
      }
      switch arguments[i] {
      case "--runs": runs = n
      case "--lines": lineCount = n
      default: return usage.error("unknown option '\(arguments[i])'")
      }
      i += 2
    }
    do throws(SpawnedDaemon.Failure) {
      try measure(runs: runs, rows: max(1, lineCount / linesPerRow))
      return 0
    } catch {
      printError("layoutd bench --language: \(error.description)")
      return 1
    }
  }

  /// Opens the document in a spawned daemon, then changes one row per run; prints the figures.
  static func measure(runs: Int, rows: Int) throws(SpawnedDaemon.Failure) {
    var connection = try BenchConnection(executable: SpawnedDaemon.currentExecutable())
    _ = try connection.call("initialize")
    let lines = document(rows: rows)
    let text = lines.joined(separator: "\n")
    let uri = "file:///bench.json"
    let opened = try timed(&connection, version: 1) {
      notification(
        "textDocument/didOpen",
        .object(
          JSONObject([
            (
              "textDocument",
              .object(
                JSONObject([
                  ("uri", .string(uri)), ("languageId", .string("json")), ("version", .int(1)), ("text", .string(text)),
                ]))
            )
          ])))
    }
    var changes: [Double] = []
    for run in 0..<runs {
      let row = (run * 97 + 13) % rows
      let line = 1 + row * linesPerRow + 2
      let version = run + 2
      let old = lines[line].utf16.count
      let range = JSONValue.object(
        JSONObject([
          ("start", .object(JSONObject([("line", .int(Int64(line))), ("character", .int(0))]))),
          ("end", .object(JSONObject([("line", .int(Int64(line))), ("character", .int(Int64(old)))]))),
        ]))
      changes.append(
        try timed(&connection, version: version) {
          notification(
            "textDocument/didChange",
            .object(
              JSONObject([
                ("textDocument", .object(JSONObject([("uri", .string(uri)), ("version", .int(Int64(version)))]))),
                (
                  "contentChanges",
                  .array([
                    .object(JSONObject([("range", range), ("text", .string(titleLine(row: row, version: version)))]))
                  ])
                ),
              ])))
        })
    }
    try connection.stop()
    let sorted = changes.sorted()
    print("layout-spec document: \(lines.count) lines, \(rows) rows of 3 elements, widths 320/375/414")
    print("first check (didOpen → publishDiagnostics): \(format(opened)) ms")
    print(
      "one-row change (didChange → publishDiagnostics, 10 ms debounce included), \(runs) runs: median "
        + "\(format(sorted[sorted.count / 2])) ms (\(format(sorted.first ?? 0))–\(format(sorted.last ?? 0)))")
  }

  /// A notification frame.
  static func notification(_ method: String, _ params: JSONValue) -> [UInt8] {
    FrameWriter.frame(
      Array(
        JSONWriter.string(
          .object(JSONObject([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
        ).utf8))
  }

  /// Sends `frame()` and returns the ms until the publishDiagnostics of `version` arrives.
  static func timed(_ connection: inout BenchConnection, version: Int, _ frame: () -> [UInt8])
    throws(SpawnedDaemon.Failure) -> Double
  {
    let bytes = frame()
    let start = DispatchTime.now().uptimeNanoseconds
    guard connection.output.sendUrgent(bytes) else {
      throw SpawnedDaemon.Failure(description: "cannot write to the daemon")
    }
    while true {
      let message = try connection.input.next()
      guard message["method"] == .string("textDocument/publishDiagnostics") else { continue }
      guard message["params"]?["version"] == .int(Int64(version)) else { continue }
      guard message["params"]?["diagnostics"]?.arrayValue?.isEmpty == true else {
        throw SpawnedDaemon.Failure(description: "the document has problems: \(JSONWriter.string(message))")
      }
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
  }

  /// `value` with one decimal.
  static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
