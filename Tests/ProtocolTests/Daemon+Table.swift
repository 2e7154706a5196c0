import JSONCodec

/// Table requests for the wire thrash test: JSON text for batches and rows, and `table/describe` read back as a
/// `ReferenceTable`-like value.
extension Daemon {
  /// Sends a request and returns its response message (nil on timeout).
  func response(_ id: Int, _ method: String, _ params: String) -> JSONValue? {
    let messages = call(id, method, params)
    guard let last = messages.last, last["id"] == .int(Int64(id)), last["method"] == nil else { return nil }
    return last
  }
}

/// One row of `table/describe`: id and row height (nil when a pending row is not measured yet).
struct DescribedRow: Equatable, Sendable, CustomStringConvertible {
  /// Row id.
  var id: String
  /// Row height, separator included.
  var height: Double?

  /// `id:height` (`id:-` when unmeasured).
  var description: String { "\(id):\(height.map { "\($0)" } ?? "-")" }
}

/// Reads `result.sections` of a `table/describe` response (nil when malformed).
func describedSections(_ result: JSONValue?) -> [[DescribedRow]]? {
  guard let sections = result?["sections"]?.arrayValue else { return nil }
  var out: [[DescribedRow]] = []
  for section in sections {
    guard let rows = section["rows"]?.arrayValue else { return nil }
    var described: [DescribedRow] = []
    for row in rows {
      guard let id = row["id"]?.stringValue else { return nil }
      described.append(DescribedRow(id: id, height: row["height"]?.doubleValue))
    }
    out.append(described)
  }
  return out
}

/// Wire JSON for the thrash test's values.
enum WireText {
  /// A quoted JSON string (ids are plain ASCII).
  static func quoted(_ text: String) -> String { JSONWriter.string(.string(text)) }

  /// `{"type":"node","style":{"height":H}}`.
  static func cell(_ height: Int) -> String { #"{"type":"node","style":{"height":\#(height)}}"# }

  /// `{"id":…,"cell":…}`.
  static func row(_ row: ReferenceRow) -> String { #"{"id":\#(quoted(row.id)),"cell":\#(cell(row.cellHeight))}"# }

  /// `[section, row]`.
  static func path(_ path: RowPath) -> String { "[\(path.section),\(path.row)]" }

  /// A ROW: id string or `[section, row]`.
  static func reference(_ reference: RowReference) -> String {
    switch reference {
    case .id(let id): return quoted(id)
    case .path(let p): return path(p)
    }
  }

  /// `[{"rows":[…]}, …]` for reloadData.
  static func sections(_ sections: [[ReferenceRow]]) -> String {
    "[" + sections.map { #"{"rows":[\#($0.map(row).joined(separator: ","))]}"# }.joined(separator: ",") + "]"
  }

  /// The batch's operations, each list split into one or two operations of its kind, in random order.
  static func operations(_ batch: ReferenceBatch, _ random: inout ThrashRandom) -> [String] {
    var ops: [String] = []
    func split<T>(_ items: [T], _ render: ([T]) -> String) {
      guard !items.isEmpty else { return }
      let cut = items.count > 1 && random.chance(30) ? Int.random(in: 1..<items.count, using: &random) : items.count
      ops.append(render(Array(items[..<cut])))
      if cut < items.count { ops.append(render(Array(items[cut...]))) }
    }
    split(batch.deleteRows) { #"{"op":"deleteRows","rows":[\#($0.map(reference).joined(separator: ","))]}"# }
    split(batch.reloadRows) { items in
      let rows = items.map { item in
        item.cellHeight.map { #"{"row":\#(reference(item.row)),"cell":\#(cell($0))}"# }
          ?? #"{"row":\#(reference(item.row))}"#
      }
      return #"{"op":"reloadRows","rows":[\#(rows.joined(separator: ","))]}"#
    }
    for move in batch.moveRows {
      ops.append(#"{"op":"moveRow","from":\#(reference(move.from)),"to":\#(path(move.to))}"#)
    }
    split(batch.insertRows) { items in
      let rows = items.map { #"{"at":\#(path($0.at)),"id":\#(quoted($0.row.id)),"cell":\#(cell($0.row.cellHeight))}"# }
      return #"{"op":"insertRows","rows":[\#(rows.joined(separator: ","))]}"#
    }
    split(batch.deleteSections) {
      #"{"op":"deleteSections","sections":[\#($0.map(String.init).joined(separator: ","))]}"#
    }
    split(batch.reloadSections) { items in
      let sections = items.map { #"{"section":\#($0.section),"rows":[\#($0.rows.map(row).joined(separator: ","))]}"# }
      return #"{"op":"reloadSections","sections":[\#(sections.joined(separator: ","))]}"#
    }
    for move in batch.moveSections { ops.append(#"{"op":"moveSection","from":\#(move.from),"to":\#(move.to)}"#) }
    split(batch.insertSections) { items in
      let sections = items.map { #"{"at":\#($0.at),"rows":[\#($0.rows.map(row).joined(separator: ","))]}"# }
      return #"{"op":"insertSections","sections":[\#(sections.joined(separator: ","))]}"#
    }
    ops.shuffle(using: &random)
    return ops
  }

  /// `table/performBatchUpdates` params for session `session`.
  static func batchParams(_ session: String, _ operations: [String], rowCounts: [Int]?) -> String {
    let counts = rowCounts.map { #","rowCounts":[\#($0.map(String.init).joined(separator: ","))]"# } ?? ""
    return #"{"sessionId":\#(quoted(session)),"operations":[\#(operations.joined(separator: ","))]\#(counts)}"#
  }
}
