import Dispatch
import Foundation
import JSONCodec
import LayoutSpecs

/// `layoutd bench [--runs N] [DIR|FILE ...]`: times the layout engine on the bench trees. Runs on the main thread
/// (8 MiB stack, so deep trees are timed inline without `DeepLayoutRunner`'s thread); the parallel test uses two
/// worker threads. Meant for release builds; prints a table to stdout. `layoutd bench --stack FILE...` prints the
/// stack bytes per level of nesting that layout used. `layoutd bench --loop N FILE` lays FILE out N times with every
/// cache cleared and prints nothing: a fixed workload for instruction-counting profilers (callgrind).
package enum BenchCommand {
  /// The usage `--help` prints (every mode of `layoutd bench`).
  static let usage = Usage(
    command: "layoutd bench",
    text: """
      usage: layoutd bench [--runs N] [DIR|FILE ...]  time the layout engine on FORMAT.md trees (default
                                                      Tests/Fixtures/bench): ns/node, measure calls, relayout, 2 threads,
                                                      a 500-character mixed-script paragraph
             layoutd bench --stack FILE...            stack bytes per level of nesting that layout used
             layoutd bench --loop N FILE              lay FILE out N times, caches cleared, printing nothing (profilers)
             layoutd bench --json [--runs N] [FILE ...]   JSONCodec throughput beside Foundation
             layoutd bench --server [options]         a spawned daemon over pipes (layoutd bench --server --help)
             layoutd bench --cells [--runs N] [DIR]   CPU per inserted feed cell on one thread, stage by stage
             layoutd bench --language [--runs N] [--lines N]  re-check time of a layout-spec document over LSP
        Meant for release builds (swift build -c release); figures of a debug build are meaningless.
      """)

  /// Runs the benchmark with `arguments` (after `bench`); returns the exit status.
  package static func run(_ arguments: [String]) -> Int32 {
    var runs = 31
    var paths: [String] = []
    if arguments.first == "--stack" {
      guard arguments.count > 1 else { return usage.error("--stack needs at least one FILE") }
      for file in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: file), let value = try? JSONParser.parse([UInt8](data)),
          var prepared = try? FormatCaseLayout.prepareBenchTree(value)
        else {
          printError("layoutd bench --stack: \(file) is not a readable FORMAT.md tree")
          return 1
        }
        let bytes = prepared.measureStackBytes()
        print("\(file): depth \(prepared.depth), stack \(bytes) bytes, \(bytes / max(prepared.depth, 1)) per level")
      }
      return 0
    }
    if arguments.first == "--loop" {
      guard arguments.count == 3, let n = Int(arguments[1]), n > 0 else {
        return usage.error("--loop needs a positive count N and one FILE")
      }
      guard let data = FileManager.default.contents(atPath: arguments[2]),
        let value = try? JSONParser.parse([UInt8](data)), var prepared = try? FormatCaseLayout.prepareBenchTree(value)
      else {
        printError("layoutd bench --loop: \(arguments[2]) is not a readable FORMAT.md tree")
        return 1
      }
      for _ in 0..<n {
        prepared.invalidateAll()
        prepared.layoutInline(.ltr)
      }
      return 0
    }
    var i = 0
    while i < arguments.count {
      let a = arguments[i]
      if a == "--runs" {
        guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 else {
          return usage.error("--runs needs a positive integer")
        }
        runs = n
        i += 2
        continue
      }
      if a.hasPrefix("-") { return usage.error("unknown option '\(a)'") }
      paths.append(a)
      i += 1
    }
    if paths.isEmpty { paths = ["Tests/Fixtures/bench"] }
    let files: [String]
    do throws(FileInput.ReadError) {
      files = try benchFiles(paths)
    } catch {
      printError("layoutd bench: \(error)")
      return 2
    }
    print(
      pad("tree", 20) + pad("nodes", 8) + pad("median ms", 11) + pad("ns/node", 9) + pad("cpu ns/n", 9)
        + pad("measure", 9)
        + pad("per leaf", 9) + "relayout ns")
    var feedCell: JSONValue?
    for file in files {
      do {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        let value = try JSONParser.parse(bytes)
        var prepared = try FormatCaseLayout.prepareBenchTree(value)
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        if name == "feed-cell" { feedCell = value }
        print(row(name, &prepared, runs: runs))
      } catch {
        FileHandle.standardError.write(Data("layoutd bench: \(file): \(error)\n".utf8))
        return 1
      }
    }
    print(textureRow(runs: runs))
    print(TextBench.row(runs: runs))
    if let feedCell {
      // Five rounds, medians: one round is at the mercy of whatever else the machine runs at that moment.
      let rounds = (0..<5).map { _ in parallelFeedCells(feedCell) }
      let one = rounds.map(\.0).sorted()[2]
      let two = rounds.map(\.1).sorted()[2]
      let scaling = rounds.map { $0.0 / $0.1 }.sorted()[2]
      print(
        "10,000 feed-cells (median of 5): 1 thread \(format(one * 1e3, 1)) ms, 2 threads \(format(two * 1e3, 1)) ms, "
          + "scaling \(format(scaling, 2))x")
    }
    return 0
  }

  /// The bench files named by `paths` (directories expand to their `*.json`, sorted); a path that does not exist
  /// or a directory that cannot be listed is an error naming it.
  private static func benchFiles(_ paths: [String]) throws(FileInput.ReadError) -> [String] {
    var files: [String] = []
    for p in paths {
      var isDir: ObjCBool = false
      guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir) else {
        throw FileInput.ReadError(path: p, reason: "No such file or directory")
      }
      if isDir.boolValue {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: p) else {
          throw FileInput.ReadError(path: p, reason: "cannot list the directory")
        }
        files += names.filter { $0.hasSuffix(".json") }.sorted().map { p + "/" + $0 }
      } else {
        files.append(p)
      }
    }
    return files
  }

  /// Times one tree: full layouts with every cache cleared, measure calls of one layout, clean relayout.
  private static func row(_ name: String, _ prepared: inout FormatCaseLayout.Prepared, runs: Int) -> String {
    prepared.layoutInline(.ltr)
    var times: [Double] = []
    var cpuTimes: [Double] = []
    for _ in 0..<runs {
      prepared.invalidateAll()
      // The wall-clock window sits inside the CPU-clock one: reading CLOCK_THREAD_CPUTIME_ID is a system call
      // (about 0.24 µs here), which a 13-node layout (about 7 µs) must not be charged for.
      let cpuStart = threadCPUNanoseconds()
      let start = DispatchTime.now().uptimeNanoseconds
      prepared.layoutInline(.ltr)
      let end = DispatchTime.now().uptimeNanoseconds
      cpuTimes.append(threadCPUNanoseconds() - cpuStart)
      times.append(Double(end - start))
    }
    times.sort()
    cpuTimes.sort()
    let median = times[times.count / 2]
    let cpuMedian = cpuTimes[cpuTimes.count / 2]
    prepared.invalidateAll()
    let before = prepared.measureCalls
    prepared.layoutInline(.ltr)
    let calls = prepared.measureCalls - before
    // Nothing changed: the root's cached layout answers.
    let repeats = 10_000
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats { prepared.layoutInline(.ltr) }
    let relayout = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(repeats)
    let perLeaf = prepared.measuredLeafCount > 0 ? format(Double(calls) / Double(prepared.measuredLeafCount), 2) : "-"
    return pad(name, 20) + pad("\(prepared.nodeCount)", 8) + pad(format(median / 1e6, 3), 11)
      + pad(format(median / Double(prepared.nodeCount), 0), 9)
      + pad(format(cpuMedian / Double(prepared.nodeCount), 0), 9) + pad("\(calls)", 9) + pad(perLeaf, 9)
      + format(relayout, 0)
  }

  /// Lays out 10,000 fresh copies of the feed-cell tree on one thread, then split over two; returns both wall
  /// times (s). Each thread parses and decodes its own copy of the document (as each row of an insert arrives as
  /// its own JSON), so threads share no reference-counted storage, not even the text strings.
  private static func parallelFeedCells(_ cell: JSONValue) -> (Double, Double) {
    let count = 10_000
    let text = JSONWriter.serialize(cell)
    @Sendable func work(_ n: Int) {
      guard let own = try? JSONParser.parse(text), var template = try? FormatCaseLayout.prepareBenchTree(own)
      else { return }
      template.invalidateAll()
      for _ in 0..<n {
        var copy = template
        copy.layoutInline(.ltr)
      }
    }
    var start = DispatchTime.now().uptimeNanoseconds
    work(count)
    let one = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: 2) { _ in work(count / 2) }
    let two = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (one, two)
  }

  /// CPU time consumed by the calling thread, nanoseconds (steadier than wall time on a loaded machine).
  private static func threadCPUNanoseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
  }

  /// `s` left-aligned in `width` columns.
  private static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
  }

  /// `v` with `digits` fraction digits.
  private static func format(_ v: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (v * scale).rounded() / scale
    if digits == 0 { return String(Int64(r)) }
    let s = String(r)
    let parts = s.split(separator: ".", maxSplits: 1)
    let frac = parts.count > 1 ? String(parts[1]) : ""
    return String(parts[0]) + "." + frac.padding(toLength: digits, withPad: "0", startingAt: 0)
  }
}

extension BenchCommand {
  /// Times the demo's photo cell as Texture specs (3 comments, DejaVu Sans, 375 wide, scale 2): a first layout
  /// (fresh element, nothing cached), the same with caching off, a relayout of the unchanged element (answered
  /// from the root's cached layout) and a relayout after replacing one comment (only its ancestors recomputed).
  static func textureRow(runs: Int) -> String {
    let range = SizeRange(min: Size(375, 0), max: Size(375, .infinity))
    let json = DemoFeed.photoCell(index: 1, comments: 3)
    guard let decoded = try? SpecDecoder.decode(json), let template = taggingLastText(decoded),
      let firstText = template.element(withID: "bench-text")
    else {
      return "texture photo cell: could not decode"
    }
    let engine = LayoutEngine(environment: .standard(scale: 2))
    var uncachedEnvironment = LayoutEnvironment.standard(scale: 2)
    uncachedEnvironment.cachesLayouts = false
    let uncached = LayoutEngine(environment: uncachedEnvironment)
    /// Median ns of `runs` layouts of freshly decoded cells with `engine`.
    func coldMedian(_ engine: LayoutEngine) -> Double {
      var times: [Double] = []
      for _ in 0..<runs {
        guard let fresh = try? SpecDecoder.decode(json) else { return .nan }
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try? engine.layout(fresh, in: range)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start))
      }
      times.sort()
      return times[times.count / 2]
    }
    let cold = coldMedian(engine)
    let coldUncached = coldMedian(uncached)
    _ = try? engine.layout(template, in: range)
    let repeats = 10_000
    var start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats { _ = try? engine.layout(template, in: range) }
    let relayout = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(repeats)
    // One comment edited: a new text leaf, and new specs on its path to the root; the rest hits the cache.
    var edits: [LayoutElement] = []
    for i in 0..<runs {
      var patched = firstText
      patched.id = "edit\(i)"
      guard let edited = template.replacingElement(withID: "bench-text", by: patched) else { break }
      edits.append(edited)
    }
    var editTimes: [Double] = []
    for edited in edits {
      start = DispatchTime.now().uptimeNanoseconds
      _ = try? engine.layout(edited, in: range)
      editTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    editTimes.sort()
    let edit = editTimes.isEmpty ? Double.nan : editTimes[editTimes.count / 2]
    return "texture photo cell (\(elementCount(template)) elements): first layout \(format(cold / 1e3, 1)) µs "
      + "(caching off \(format(coldUncached / 1e3, 1)) µs), relayout unchanged \(format(relayout, 0)) ns, "
      + "after one text edit \(format(edit / 1e3, 1)) µs"
  }

  /// `element` with its last text leaf (depth-first) given the id `bench-text`, so that edits can replace it;
  /// nil when it has no text leaf.
  private static func taggingLastText(_ element: LayoutElement) -> LayoutElement? {
    if case .text = element.kind {
      var tagged = element
      tagged.id = "bench-text"
      return tagged
    }
    var subs = element.subelements
    for i in subs.indices.reversed() {
      if let tagged = taggingLastText(subs[i]) {
        subs[i] = tagged
        return element.withSubelements(subs)
      }
    }
    return nil
  }

  /// Number of elements in the tree.
  private static func elementCount(_ element: LayoutElement) -> Int {
    var pending = [element]
    var n = 0
    while let e = pending.popLast() {
      n += 1
      pending.append(contentsOf: e.subelements)
    }
    return n
  }
}
