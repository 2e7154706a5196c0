/// How the scroll measurement is printed: one figure per size and percentile, the large-to-small ratios, and a
/// side-by-side table of both sizes. Pure.
extension ServerBenchResults {
  /// The series of a scroll run, each with a label and the value it gives per run.
  static let scrollSeries: [(label: String, value: @Sendable (ServerBench.ScrollRun) -> Double)] = [
    ("to last notification p50, µs", { $0.toLastNotification.median }),
    ("to last notification p99, µs", { $0.toLastNotification.percentile(0.99) }),
    ("to last notification max, µs", { $0.toLastNotification.max }),
    ("to answer p50, µs", { $0.toAnswer.median }),
    ("to answer p99, µs", { $0.toAnswer.percentile(0.99) }),
    ("state notifications per scroll", { $0.notificationsPerScroll }),
    ("didDisplay read meanwhile (excluded)", { Double($0.displayNotifications) }),
    ("insert+commit of the rows, s", { $0.insertSeconds }),
  ]

  /// The table sizes measured without headers, ascending.
  var scrollSizes: [Int] { Set(plainScrolls.map(\.rows)).sorted() }

  /// The scroll runs without headers.
  var plainScrolls: [ServerBench.ScrollRun] { scrolls.filter { $0.headersEvery == 0 && $0.container == .table } }

  /// The scroll runs with a header every N rows.
  var headerScrolls: [ServerBench.ScrollRun] { scrolls.filter { $0.headersEvery > 0 && $0.container == .table } }

  /// Figures of the runs with headers: p50 and p99 to the last notification, and their ratio to the run of the
  /// same size without headers just before (target p99 ratio ≤ 1.1).
  func headerScrollFigures() -> [Figure] {
    guard let first = headerScrolls.first else { return [] }
    let name = "scroll 1 screen, \(first.rows) rows, header every \(first.headersEvery)"
    let plain = plainScrolls.filter { $0.rows == first.rows }
    var list: [Figure] = []
    for (index, (label, value)) in Self.scrollSeries.prefix(2).enumerated() {
      list.append(Figure(name: "\(name), \(label)", values: headerScrolls.map(value), digits: 1, target: "", met: nil))
      let ratios = zip(headerScrolls, plain).map { value($0.0) / value($0.1) }
      let isTarget = index == 1
      list.append(
        Figure(
          name: "\(name) / without, \(label.replacingOccurrences(of: ", µs", with: "")) ratio", values: ratios,
          digits: 2, target: isTarget ? "≤ 1.1" : "", met: isTarget ? { $0 <= 1.1 } : nil))
    }
    return list
  }

  /// The scroll figures: every series for every size (target p99 ≤ 1000 µs at the largest size), then the
  /// ratios largest / smallest of the p50 and p99 (target ≤ 1.5, log₂ 10⁶ / log₂ 10⁴: O(log n) at most).
  func scrollFigures(_ options: ServerBench.Options) -> [Figure] {
    var list: [Figure] = []
    let sizes = scrollSizes
    for rows in sizes {
      let runs = plainScrolls.filter { $0.rows == rows }
      for (label, value) in Self.scrollSeries {
        let isTarget = rows == sizes.last && label == "to last notification p99, µs"
        list.append(
          Figure(
            name: "scroll 1 screen, \(rows) rows, \(label)", values: runs.map(value),
            digits: label.hasSuffix(", s") ? 2 : 1, target: isTarget ? "≤ 1000" : "",
            met: isTarget ? { $0 <= 1000 } : nil))
      }
    }
    if let small = sizes.first, let large = sizes.last, small != large {
      for (label, value) in Self.scrollSeries.prefix(2) {
        let ratios = zip(plainScrolls.filter { $0.rows == large }, plainScrolls.filter { $0.rows == small }).map {
          value($0.0) / value($0.1)
        }
        list.append(
          Figure(
            name: "scroll \(large) / \(small) rows, \(label.replacingOccurrences(of: ", µs", with: "")) ratio",
            values: ratios, digits: 2, target: "≤ 1.5", met: { $0 <= 1.5 }))
      }
    }
    return list + headerScrollFigures() + collectionScrollFigures() + collectionInsertFigures()
  }

  /// Both sizes side by side (medians over runs) and their ratio; empty without scroll runs.
  func scrollTable() -> String {
    let sizes = scrollSizes
    guard !sizes.isEmpty else { return "" }
    var out =
      "\nscroll one screen (table/scrollBy dy ±480, drag, interface states on; timed from the request to the last "
      + "notification it caused, or to its answer; cell/didDisplay excluded), medians over runs:\n"
    out += pad("", 40) + sizes.map { pad("\($0) rows", 16) }.joined()
    out += sizes.count > 1 ? "ratio\n" : "\n"
    for (label, value) in Self.scrollSeries {
      let medians = sizes.map { rows in Samples(plainScrolls.filter { $0.rows == rows }.map(value)).median }
      out += pad(label, 40) + medians.map { pad(fixed($0, label.hasSuffix(", s") ? 2 : 1), 16) }.joined()
      if let first = medians.first, let last = medians.last, medians.count > 1 {
        out += fixed(last / first, 2)
      }
      out += "\n"
    }
    if let first = headerScrolls.first {
      let plain = plainScrolls.filter { $0.rows == first.rows }
      out +=
        "\n\(first.rows) rows as sections of \(first.headersEvery), each with a fixed 20-pt header (plain, "
        + "sticky), against the same rows without headers, medians over runs:\n"
      out += pad("", 40) + pad("with headers", 16) + pad("without", 16) + "ratio\n"
      for (label, value) in Self.scrollSeries.prefix(5) {
        let with = Samples(headerScrolls.map(value)).median
        let without = Samples(plain.map(value)).median
        out += pad(label, 40) + pad(fixed(with, 1), 16) + pad(fixed(without, 1), 16) + fixed(with / without, 2) + "\n"
      }
    }
    return out
  }
}
