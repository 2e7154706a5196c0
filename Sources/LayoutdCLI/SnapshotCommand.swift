import Foundation
import JSONCodec

/// `layoutd snapshot [--width W] [--height H] [--scroll Y] [--margin M] [--out FILE.svg] FILE.json`: spawns a daemon,
/// inserts the rows of FILE (`{"rows": [{"id"?, "cell": SPEC}, …]}` or one `{"cell": SPEC}`), scrolls to Y as a
/// user's drag, and writes the viewport's `table/snapshot` SVG to FILE.svg (or stdout). Runs on the calling thread.
enum SnapshotCommand {
  /// Usage line.
  static let usage =
    "usage: layoutd snapshot [--width W] [--height H] [--scroll Y] [--margin M] [--out FILE.svg] FILE.json"

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
    guard let options = parse(arguments), let input = options.input else {
      printError(usage)
      return 2
    }
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

  /// Reads the flags; nil on a bad or missing value.
  static func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      func number() -> Double? { rest.popFirst().flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
      switch argument {
      case "--width":
        guard let v = number() else { return nil }
        options.width = v
      case "--height":
        guard let v = number() else { return nil }
        options.height = v
      case "--scroll":
        guard let v = number() else { return nil }
        options.scroll = v
      case "--margin":
        guard let v = number() else { return nil }
        options.margin = v
      case "--out":
        guard let v = rest.popFirst() else { return nil }
        options.out = v
      default:
        guard options.input == nil, !argument.hasPrefix("--") || argument == "-" else { return nil }
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
