import Dispatch
import Foundation
import JSONCodec
import LayoutSpecs
import NodeTree

/// `layoutd bench --cells [--runs N] [DIR]`: the CPU one inserted feed cell costs on a layout worker, stage by stage,
/// on one thread: building its row's JSON from bytes, decoding the spec, measuring it (a sizes-only layout at the
/// table's width, as the daemon measures cells), and releasing the decoded spec and the JSON; and, as the daemon
/// does for the rows of a large insert, decoding the cell straight from its bytes (`JSONBytesSource`). Each run
/// times 2,000 distinct copies of the row per stage, so no stage is answered from a cache of the previous one.
/// Prints medians over runs in ns per row. Meant for release builds.
enum RowStageBench {
  /// Rows per run and stage.
  static let rows = 2_000

  /// The usage `--help` prints.
  static let usage = Usage(
    command: "layoutd bench --cells",
    text: """
      usage: layoutd bench --cells [--runs N] [DIR]
        The CPU one inserted feed cell (DIR/feed-cell.json, default Tests/Fixtures/bench) costs on one thread,
        stage by stage, median of N runs (default 15), in ns per row. Meant for release builds.
      """)

  /// Runs the benchmark with `arguments` (after `bench --cells`); returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    var runs = 15
    var directory: String?
    var i = 0
    while i < arguments.count {
      if arguments[i] == "--runs" {
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
    let row = Array(#"{"cell":"#.utf8) + workload.cell + [UInt8(ascii: "}")]
    var environment = LayoutEnvironment.standard(scale: 2)
    environment.sizesOnly = true
    let engine = LayoutEngine(environment: environment)
    let range = SizeRange(min: Size(375, 0), max: Size(375, CellSizeRange.cgFloatMax))
    var stages: [String: [Double]] = [:]
    for _ in 0..<runs {
      for (name, ns) in runOnce(row: row, engine: engine, range: range) { stages[name, default: []].append(ns) }
    }
    print("one feed cell (\(row.count) bytes of JSON) on one thread, ns per row, median of \(runs) runs:")
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

  /// One run: every stage over `rows` copies of `row`; ns per row by stage (or nil on a failure, reported).
  private static func runOnce(row: [UInt8], engine: LayoutEngine, range: SizeRange) -> [(String, Double)] {
    var values: [JSONValue] = []
    var elements: [LayoutElement] = []
    values.reserveCapacity(rows)
    elements.reserveCapacity(rows)
    let build = timed {
      for _ in 0..<rows { values.append((try? JSONParser.parse(row)) ?? .null) }
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
    if elements.count != rows || height != Double(rows) * 517 {
      FileHandle.standardError.write(
        Data("layoutd bench --cells: the cell did not decode and lay out to 517 pt\n".utf8))
    }
    let releaseSpec = timed { elements.removeAll() }
    let releaseJSON = timed { values.removeAll() }
    // The daemon's path for an unbuilt row: the cell decoded straight from the row's bytes.
    let copies = (0..<rows).map { _ in row }
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

  /// Wall-clock nanoseconds `body` takes.
  private static func timed(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
  }
}
