import Foundation
import JSONCodec

/// `layoutd snapshot [--width W] [--height H] [--scroll Y] [--margin M] [--out FILE.svg] FILE.json`: spawns a daemon,
/// inserts the rows of FILE (`{"rows": [{"id"?, "cell": SPEC}, …]}` or one `{"cell": SPEC}`), scrolls to Y as a
/// user's drag, and writes the viewport's `table/snapshot` SVG to FILE.svg (or stdout). Runs on the calling thread.
enum SnapshotCommand {
  /// The usage `--help` prints.
  static let usage = Usage(
    command: "layoutd snapshot",
    text: """
      usage: layoutd snapshot [--width W] [--height H] [--scroll Y] [--margin M] [--out FILE.svg] FILE.json
        Spawns a daemon, inserts FILE's rows ({"rows": [{"id"?, "cell": SPEC}, …]} or {"cell": SPEC}) into a
        W × H viewport (default 375 × 667), scrolls to Y as a drag, and writes the table/snapshot SVG (the rows,
        Texture's range bands at margin M) to FILE.svg, or to stdout.
      """)

  /// What the command line asked for.
  struct Options {
    /// Viewport width (points).
    var width = 375.0
    /// Viewport height (points).
    var height = 667.0
    /// Content offset to scroll to, if any.
    var scroll: Double?
    /// Range-band column width.
    var margin = 40.0
    /// Output file; nil: stdout.
    var out: String?
    /// Input file.
    var input: String?
  }

  /// Runs the command; returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    do throws(UsageError) {
      options = try parse(arguments)
    } catch {
      return usage.error(error.message)
    }
    guard let input = options.input else { return usage.error("no input file (FILE.json, or - for stdin)") }
    let rows: JSONValue
    do {
      rows = try self.rows(JSONParser.parse(FileInput.readAll(path: input)))
    } catch {
      printError("layoutd snapshot: \(input): \(error)")
      return 1
    }
    do {
      let client = try DemoClient(executable: CommandLine.arguments[0])
      defer { client.close() }
      let result = try snapshot(client, rows: rows, options)
      let svg = result["svg"]?.stringValue ?? ""
      if let out = options.out {
        try svg.write(toFile: out, atomically: true, encoding: .utf8)
        let count = result["rows"]?.arrayValue?.count ?? 0
        print("layoutd snapshot: wrote \(out) (\(count) rows, \(JSONWriter.string(result["rect"] ?? .null)))")
      } else {
        printOut(Array(svg.utf8))
      }
      return 0
    } catch {
      printError("layoutd snapshot: \(error)")
      return 1
    }
  }

  /// Reads the flags; a usage error names the flag or argument that is wrong.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      /// The finite number after `argument`.
      func number() throws(UsageError) -> Double {
        guard let text = rest.popFirst(), let value = Double(text), value.isFinite else {
          throw UsageError(message: "\(argument) needs a number")
        }
        return value
      }
      switch argument {
      case "--width": options.width = try number()
      case "--height": options.height = try number()
      case "--scroll": options.scroll = try number()
      case "--margin": options.margin = try number()
      case "--out":
        guard let v = rest.popFirst() else { throw UsageError(message: "--out needs a file path") }
        options.out = v
      default:
        if argument.hasPrefix("-") && argument != "-" { throw UsageError(message: "unknown option '\(argument)'") }
        guard options.input == nil else { throw UsageError(message: "more than one input file") }
        options.input = argument
      }
    }
    return options
  }

  /// The rows to insert: the file's `rows` array, or `[{cell}]` for a single-cell file.
  static func rows(_ document: JSONValue) throws -> JSONValue {
    if let rows = document["rows"], rows.arrayValue != nil { return rows }
    if let cell = document["cell"] {
      var row = JSONObject([("cell", cell)])
      if let id = document["id"] { row["id"] = id }
      return .array([.object(row)])
    }
    throw DemoClient.Failure(description: #"expected {"rows": [{"id"?, "cell": SPEC}, …]} or {"cell": SPEC}"#)
  }

  /// Initialize, create the session, insert, wait, scroll, snapshot; returns the snapshot's result.
  static func snapshot(_ client: DemoClient, rows: JSONValue, _ options: Options) throws -> JSONValue {
    let id = JSONValue.string("s1")
    _ = try client.call("initialize", [:])
    let viewport = obj(["width": .double(options.width), "height": .double(options.height)])
    _ = try client.call("session/create", ["viewport": viewport])
    _ = try client.call("table/insertRows", ["sessionId": id, "rows": rows])
    _ = try client.call("table/waitUntilAllUpdatesAreProcessed", ["sessionId": id])
    if let y = options.scroll {
      _ = try client.call("table/scrollToOffset", ["sessionId": id, "y": .double(y), "drag": .bool(true)])
    }
    let result = try client.call("table/snapshot", ["sessionId": id, "margin": .double(options.margin)])
    _ = try client.call("shutdown", [:])
    client.notify("exit")
    return result
  }
}
