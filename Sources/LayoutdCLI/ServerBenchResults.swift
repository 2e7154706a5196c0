import Foundation
import JSONCodec

/// Every figure the server benchmark measured, per run, and how they are printed. Pure apart from
/// `loadAverage`.
struct ServerBenchResults: Sendable {
  /// `/proc/loadavg` before the first run.
  var loadBefore: String
  /// `/proc/loadavg` after the last run.
  var loadAfter = ""
  /// Spawn to `initialize` answered, ms, one per spawn.
  var spawnMilliseconds: [Double] = []
  /// Round-trip samples (µs), one set per run.
  var roundTrips: [Samples] = []
  /// Bulk inserts, every size of every run.
  var bulk: [ServerBench.BulkRun] = []
  /// Query latencies during a large insert, one per run.
  var during: [ServerBench.ConcurrentRun] = []
  /// One-screen scrolls, every table size of every run.
  var scrolls: [ServerBench.ScrollRun] = []
  /// One-item inserts at the top of the 100,000-item grid (`--only collection`), µs, one set per run.
  var collectionInserts: [Samples] = []

  /// The first three numbers of `/proc/loadavg` (1, 5 and 15 minute load), or "?".
  static func loadAverage() -> String {
    guard let bytes = try? FileInput.readAll(path: "/proc/loadavg") else { return "?" }
    return String(decoding: bytes, as: UTF8.self).split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// One printed figure: its median over runs, the spread of the runs, and its target.
  struct Figure {
    /// What was measured.
    var name: String
    /// One value per run (or per spawn).
    var values: [Double]
    /// Digits after the point.
    var digits: Int
    /// The target, e.g. "≤ 50".
    var target: String
    /// Whether the median meets the target; nil when there is none.
    var met: ((Double) -> Bool)?
  }

  /// The figures in table order.
  func figures(_ options: ServerBench.Options) -> [Figure] {
    var list: [Figure] = []
    if !spawnMilliseconds.isEmpty {
      list.append(
        Figure(
          name: "spawn → initialize answered, ms", values: spawnMilliseconds, digits: 1,
          target: "≤ 50", met: { $0 <= 50 }))
    }
    if !roundTrips.isEmpty {
      list.append(
        Figure(
          name: "contentSize round trip p50, µs", values: roundTrips.map { $0.median }, digits: 1,
          target: "≤ 40", met: { $0 <= 40 }))
      list.append(
        Figure(
          name: "contentSize round trip p99, µs", values: roundTrips.map { $0.percentile(0.99) },
          digits: 1, target: "≤ 250", met: { $0 <= 250 }))
      list.append(
        Figure(
          name: "contentSize round trip max, µs", values: roundTrips.map { $0.max }, digits: 0,
          target: "", met: nil))
    }
    for feed in ["box", "texture"] {
      list += bulkFigures(feed: feed, options)
    }
    if !during.isEmpty {
      let series: [(String, (ServerBench.ConcurrentRun) -> Samples)] = [
        ("same session", \.sameSession), ("other session", \.otherSession),
        ("same session, from written", \.sameSessionAfterWrite),
        ("other session, from written", \.otherSessionAfterWrite),
      ]
      for (label, pick) in series {
        for (p, name) in [(0.5, "p50"), (0.99, "p99"), (1.0, "max")] {
          let isTarget = p == 0.99 && !label.contains("written")
          list.append(
            Figure(
              name: "query during \(options.rows)-row insert, \(label), \(name), µs",
              values: during.map { pick($0).percentile(p) }, digits: 0,
              target: isTarget ? "≤ 1000" : "", met: isTarget ? { $0 <= 1000 } : nil))
        }
      }
      list.append(
        Figure(
          name: "  queries per run", values: during.map { Double($0.sameSession.count + $0.otherSession.count) },
          digits: 0, target: "", met: nil))
      list.append(
        Figure(
          name: "  insert+layout under queries, ms", values: during.map { $0.seconds * 1e3 }, digits: 0,
          target: "", met: nil))
    }
    return list + scrollFigures(options)
  }

  /// The figures of the bulk inserts of `feed` (`box`: feed cells, target 200,000 rows/s; `texture`: the Texture
  /// feed, 100,000 rows/s), by size, and resident memory per row at the large size.
  func bulkFigures(feed: String, _ options: ServerBench.Options) -> [Figure] {
    var list: [Figure] = []
    let cells = feed == "box" ? "feed cells" : "Texture feed cells"
    let target = feed == "box" ? 200_000.0 : 100_000.0
    let ofFeed = bulk.filter { $0.feed == feed }
    for rows in Set(ofFeed.map(\.rows)).sorted() {
      let runs = ofFeed.filter { $0.rows == rows }
      list.append(
        Figure(
          name: "insert+layout \(rows) \(cells), ms", values: runs.map { $0.seconds * 1e3 },
          digits: 0, target: "", met: nil))
      list.append(
        Figure(
          name: "  of which until inserts answered, ms", values: runs.map { $0.answeredSeconds * 1e3 },
          digits: 0, target: "", met: nil))
      list.append(
        Figure(
          name: "  \(cells) laid out per second", values: runs.map(\.rowsPerSecond), digits: 0,
          target: "≥ \(Int(target))", met: { $0 >= target }))
      list.append(
        Figure(
          name: "  daemon CPU per row (all threads), µs", values: runs.map { $0.daemonCPUSeconds * 1e6 / Double(rows) },
          digits: 1, target: "", met: nil))
    }
    let large = ofFeed.filter { $0.rows == options.rows }
    if !large.isEmpty {
      list.append(
        Figure(
          name: "VmRSS per \(feed) row after \(options.rows) rows, settled, bytes", values: large.map(\.bytesPerRow),
          digits: 0, target: "≤ 2048", met: { $0 <= 2048 }))
      list.append(
        Figure(
          name: "  VmRSS empty session, MB", values: large.map { Double($0.residentBefore) / 1e6 },
          digits: 1, target: "", met: nil))
      list.append(
        Figure(
          name: "  VmRSS after \(options.rows) rows, settled, MB", values: large.map { Double($0.residentAfter) / 1e6 },
          digits: 1, target: "", met: nil))
      list.append(
        Figure(
          name: "  VmRSS at the wait's answer, MB", values: large.map { Double($0.residentAtAnswer) / 1e6 },
          digits: 1, target: "", met: nil))
    }
    return list
  }

  /// The human-readable table.
  func table(_ options: ServerBench.Options) -> String {
    var out =
      "layoutd bench --server: \(options.runs) run(s), batches of \(options.batch) rows, "
      + "\(options.requests) round trips per run, load average \(loadBefore) → \(loadAfter)\n"
    out += pad("figure", 62) + pad("median", 11) + pad("min … max over runs", 24) + pad("target", 10) + "met\n"
    for figure in figures(options) {
      let samples = Samples(figure.values)
      let verdict = figure.met.map { $0(samples.median) ? "yes" : "NO" } ?? ""
      out +=
        pad(figure.name, 62) + pad(fixed(samples.median, figure.digits), 11)
        + pad(fixed(samples.min, figure.digits) + " … " + fixed(samples.max, figure.digits), 24)
        + pad(figure.target, 10) + verdict + "\n"
    }
    for feed in ["box", "texture"] {
      guard let last = bulk.last(where: { $0.feed == feed }) else { continue }
      let threads = last.threadCPUSeconds.sorted { $0.value > $1.value }
        .map { "\($0.key) \(fixed($0.value * 1e3, 0))" }
      out +=
        "daemon CPU ms by thread name, last \(last.rows)-row \(feed) run: " + threads.joined(separator: ", ") + "\n"
    }
    return out + scrollTable()
  }

  /// Every figure with all its per-run values, as one JSON document.
  func json(_ options: ServerBench.Options) -> String {
    let items: [JSONValue] = figures(options).map { figure in
      let samples = Samples(figure.values)
      var members: [(String, JSONValue)] = [
        ("name", .string(figure.name)), ("median", .double(samples.median)),
        ("values", .array(figure.values.map { .double($0) })),
      ]
      if let met = figure.met {
        members.append(("target", .string(figure.target)))
        members.append(("met", .bool(met(samples.median))))
      }
      return .object(JSONObject(members))
    }
    let document = JSONValue.object(
      JSONObject([
        ("runs", .int(Int64(options.runs))), ("rows", .int(Int64(options.rows))), ("batch", .int(Int64(options.batch))),
        ("loadBefore", .string(loadBefore)), ("loadAfter", .string(loadAfter)), ("figures", .array(items)),
      ]))
    return JSONWriter.string(document) + "\n"
  }

  /// `s` left-aligned in `width` columns.
  func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
  }

  /// `v` with `digits` fraction digits.
  func fixed(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }
}
