import Dispatch
import Foundation
import JSONCodec
import LayoutSpecs
import NodeTree

/// `layoutd bench --cells [--runs N] [DIR]`: the CPU one inserted feed cell costs on a layout worker, stage by stage,
/// on one thread: building its row's JSON from bytes, decoding the spec, measuring it (a sizes-only layout at the
/// table's width, as the daemon measures cells), and releasing the decoded spec and the JSON. Each run times 2,000
/// distinct copies of the row per stage, so no stage is answered from a cache of the previous one. Prints
/// medians over runs in ns per row. Meant for release builds.
enum RowStageBench {
  /// Rows per run and stage.
  static let rows = 2_000

  /// Runs the benchmark with `arguments` (after `bench --cells`); returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    var runs = 15
    var directory = "Tests/Fixtures/bench"
    var i = 0
    while i < arguments.count {
      if arguments[i] == "--runs", i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 {
        runs = n
        i += 2
      } else {
        directory = arguments[i]
        i += 1
      }
    }
    let workload: ServerBenchWorkload
    do {
      workload = try ServerBenchWorkload(directory: directory, batchSize: 1)
    } catch {
      FileHandle.standardError.write(Data("layoutd bench --cells: \(error.description)\n".utf8))
      return 1
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
    var total = 0.0
    for name in ["build JSON", "decode spec", "measure", "release spec", "release JSON"] {
      let median = (stages[name] ?? [0]).sorted()[(stages[name]?.count ?? 1) / 2]
      total += median
      print("  " + name.padding(toLength: 14, withPad: " ", startingAt: 0) + String(format: "%8.0f", median))
    }
    print("  " + "total".padding(toLength: 14, withPad: " ", startingAt: 0) + String(format: "%8.0f", total))
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
      FileHandle.standardError.write(Data("layoutd bench --cells: the cell did not decode and lay out to 517 pt\n".utf8))
    }
    let releaseSpec = timed { elements.removeAll() }
    let releaseJSON = timed { values.removeAll() }
    let n = Double(rows)
    return [
      ("build JSON", build / n), ("decode spec", decode / n), ("measure", measure / n),
      ("release spec", releaseSpec / n), ("release JSON", releaseJSON / n),
    ]
  }

  /// Wall-clock nanoseconds `body` takes.
  private static func timed(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
  }
}
