import Dispatch
import Foundation
import JSONCodec
import LayoutSpecs
import NodeTree

/// `layoutd bench --cells [--runs N] [--texture] [DIR]`: the CPU (thread CPU time) one inserted feed cell costs on a layout worker, stage by stage,
/// on one thread: building its row's JSON from bytes, decoding the spec, measuring it (a sizes-only layout at the
/// table's width, as the daemon measures cells), and releasing the decoded spec and the JSON; and, as the daemon
/// does for the rows of a large insert, decoding the cell straight from its bytes (`JSONBytesSource`). Each run
/// times 2,000 distinct copies of the row per stage, so no stage is answered from a cache of the previous one.
/// Prints medians over runs in ns per row. Meant for release builds. With `--texture`, the rows are the first 2,000
/// of the Texture feed (`TextureFeedWorkload`: distinct ASDKgram-style cells in Texture specs) instead of copies of
/// the feed cell.
enum RowStageBench {
  /// Rows per run and stage.
  static let rows = 2_000

  /// The usage `--help` prints.
  static let usage = Usage(
    command: "layoutd bench --cells",
    text: """
      usage: layoutd bench --cells [--runs N] [--texture] [DIR]
        The CPU one inserted feed cell (DIR/feed-cell.json, default Tests/Fixtures/bench) costs on one thread,
        stage by stage, median of N runs (default 15), in ns per row. Meant for release builds.
        --texture: the first 2,000 rows of the Texture feed (distinct ASDKgram-style photo cells in Texture
        specs, as bench --server --only texture inserts them) instead of the feed cell.
      """)

  /// Runs the benchmark with `arguments` (after `bench --cells`); returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    var runs = 15
    var directory: String?
    var texture = false
    var i = 0
    while i < arguments.count {
      if arguments[i] == "--texture" {
        texture = true
        i += 1
      } else if arguments[i] == "--runs" {
        guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 else {
          return usage.error("--runs needs a positive integer")
        }
        runs = n
        i += 2
      } else if arguments[i].hasPrefix("-") {
        return usage.error("unknown option '\(arguments[i])'")
      } else {
        guard directory == nil else { return usage.error("more than one directory") }
        directory = arguments[i]
        i += 1
      }
    }
    let workload: ServerBenchWorkload
    do {
      workload = try ServerBenchWorkload(directory: directory ?? "Tests/Fixtures/bench", batchSize: 1)
    } catch {
      printError("layoutd bench --cells: \(error.description)")
      return 2
    }
    let cells = texture ? (0..<rows).map(TextureFeedWorkload.cell) : [workload.cell]
    let rowBytes = cells.map { Array(#"{"cell":"#.utf8) + $0 + [UInt8(ascii: "}")] }
    var environment = LayoutEnvironment.standard(scale: 2)
    environment.sizesOnly = true
    let engine = LayoutEngine(environment: environment)
    let range = SizeRange(min: Size(375, 0), max: Size(375, CellSizeRange.cgFloatMax))
    var stages: [String: [Double]] = [:]
    for _ in 0..<runs {
      for (name, ns) in runOnce(rows: rowBytes, expectedHeight: texture ? nil : 517, engine: engine, range: range) {
        stages[name, default: []].append(ns)
      }
    }
    let bytes = rowBytes.map(\.count).reduce(0, +) / rowBytes.count
    let what = texture ? "Texture feed cell (\(bytes) bytes of JSON on average)" : "feed cell (\(bytes) bytes of JSON)"
    print("one \(what) on one thread, ns per row, median of \(runs) runs:")
    func median(_ name: String) -> Double { (stages[name] ?? [0]).sorted()[(stages[name]?.count ?? 1) / 2] }
    func line(_ name: String, _ value: Double) {
      print("  " + name.padding(toLength: 16, withPad: " ", startingAt: 0) + String(format: "%8.0f", value))
    }
    print("built from a JSON tree (the daemon's path for a row that arrives built):")
    let treeStages = ["build JSON", "decode spec", "measure", "release spec", "release JSON"]
    for name in treeStages { line(name, median(name)) }
    line("total", treeStages.map(median).reduce(0, +))
    print("decoded from its bytes (the daemon's path for an unbuilt row of a large insert):")
    let scanStages = ["scan+decode", "measure", "release scanned"]
    for name in scanStages { line(name, median(name)) }
    line("total", scanStages.map(median).reduce(0, +))
    return 0
  }

  /// One run: every stage over `rows` rows, `rowBytes`' rows in turn; ns per row by stage. A failure is reported: a row that does not decode, or (with
  /// `expectedHeight`) a cell that does not lay out that tall.
  private static func runOnce(rows rowBytes: [[UInt8]], expectedHeight: Double?, engine: LayoutEngine, range: SizeRange)
    -> [(String, Double)]
  {
    var values: [JSONValue] = []
    var elements: [LayoutElement] = []
    values.reserveCapacity(rows)
    elements.reserveCapacity(rows)
    let build = timed {
      for i in 0..<rows { values.append((try? JSONParser.parse(rowBytes[i % rowBytes.count])) ?? .null) }
    }
    let decode = timed {
      for value in values {
        guard let cell = value["cell"], let element = try? SpecDecoder.decode(cell, path: "params.rows[0].cell") else {
          continue
        }
        elements.append(element)
      }
    }
    var height = 0.0
    let measure = timed {
      for element in elements {
        height += (try? engine.layout(element, in: range))?.size.height ?? 0
        element.releaseCachedLayouts()
      }
    }
    if elements.count != rows || expectedHeight.map({ height != Double(rows) * $0 }) ?? false {
      FileHandle.standardError.write(
        Data("layoutd bench --cells: a cell did not decode or lay out to its expected height\n".utf8))
    }
    let releaseSpec = timed { elements.removeAll() }
    let releaseJSON = timed { values.removeAll() }
    // The daemon's path for an unbuilt row: the cell decoded straight from the row's bytes.
    let copies = (0..<rows).map { rowBytes[$0 % rowBytes.count] }
    var scanned: [LayoutElement] = []
    scanned.reserveCapacity(rows)
    let scan = timed {
      for bytes in copies {
        bytes.withUnsafeBufferPointer { buffer in
          guard var source = JSONBytesSource(buffer, at: 0), source.enterObject(), (try? source.nextName()) != nil,
            let element = try? source.decodeElement(path: { "params.rows[0].cell" }, depth: 1, limits: .default)
          else { return }
          scanned.append(element)
        }
      }
    }
    if scanned.count != rows {
      FileHandle.standardError.write(Data("layoutd bench --cells: the cell was not decoded from its bytes\n".utf8))
    }
    let releaseScanned = timed { scanned.removeAll() }
    let n = Double(rows)
    return [
      ("build JSON", build / n), ("decode spec", decode / n), ("measure", measure / n),
      ("release spec", releaseSpec / n), ("release JSON", releaseJSON / n),
      ("scan+decode", scan / n), ("release scanned", releaseScanned / n),
    ]
  }

  /// CPU nanoseconds `body` takes on this thread.
  private static func timed(_ body: () -> Void) -> Double {
    let start = threadCPUNanoseconds()
    body()
    return Double(threadCPUNanoseconds() - start)
  }

  /// CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`), ns: what a stage costs, apart from the time
  /// other processes of a loaded machine take the core (wall-clock time grew 2–8× with the load here).
  private static func threadCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }
}
