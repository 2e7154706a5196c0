import JSONCodec

/// JSON text for the live-table differential test: heights in quarter points rendered as points, rows, batch
/// operations, and params with the session id spliced in. Pure.
enum LiveTableWire {
  /// `q` quarter points as a JSON number (exact: a multiple of 1/4).
  static func points(_ q: Int) -> String {
    let value = Double(q) / 4
    return value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// A JSON number for a small dyadic value (screenfuls, leading screens).
  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// A quoted JSON string.
  static func quoted(_ text: String) -> String { JSONWriter.string(.string(text)) }

  /// `{"type":"node","style":{"height":H}}` for a cell `q` quarter points tall.
  static func cell(_ q: Int) -> String { #"{"type":"node","style":{"height":\#(points(q))}}"# }

  /// `{"id":…,"cell":…}`.
  static func row(_ row: ReferenceRow) -> String { #"{"id":\#(quoted(row.id)),"cell":\#(cell(row.cellHeight))}"# }

  /// `[{"id":…,"cell":…}, …]`.
  static func rows(_ rows: [ReferenceRow]) -> String { "[" + rows.map(row).joined(separator: ",") + "]" }

  /// `["a","b"]`.
  static func ids(_ ids: [String]) -> String { "[" + ids.map(quoted).joined(separator: ",") + "]" }

  /// `[section, row]`.
  static func path(_ path: RowPath) -> String { "[\(path.section),\(path.row)]" }

  /// A ROW: id string or `[section, row]`.
  static func reference(_ reference: RowReference) -> String {
    switch reference {
    case .id(let id): return quoted(id)
    case .path(let p): return path(p)
    }
  }

  /// The batch as wire operations (one per kind present, section moves and row moves one each), shuffled.
  static func operations(_ batch: ReferenceBatch, _ random: inout ThrashRandom) -> [String] {
    var ops: [String] = []
    if !batch.deleteRows.isEmpty {
      ops.append(#"{"op":"deleteRows","rows":[\#(batch.deleteRows.map(reference).joined(separator: ","))]}"#)
    }
    if !batch.reloadRows.isEmpty {
      let rows = batch.reloadRows.map { item in
        item.cellHeight.map { #"{"row":\#(reference(item.row)),"cell":\#(cell($0))}"# }
          ?? #"{"row":\#(reference(item.row))}"#
      }
      ops.append(#"{"op":"reloadRows","rows":[\#(rows.joined(separator: ","))]}"#)
    }
    for move in batch.moveRows {
      ops.append(#"{"op":"moveRow","from":\#(reference(move.from)),"to":\#(path(move.to))}"#)
    }
    if !batch.insertRows.isEmpty {
      let rows = batch.insertRows.map {
        #"{"at":\#(path($0.at)),"id":\#(quoted($0.row.id)),"cell":\#(cell($0.row.cellHeight))}"#
      }
      ops.append(#"{"op":"insertRows","rows":[\#(rows.joined(separator: ","))]}"#)
    }
    if !batch.deleteSections.isEmpty {
      ops.append(#"{"op":"deleteSections","sections":[\#(batch.deleteSections.map(String.init).joined(separator: ","))]}"#)
    }
    if !batch.reloadSections.isEmpty {
      let sections = batch.reloadSections.map { #"{"section":\#($0.section),"rows":\#(rows($0.rows))}"# }
      ops.append(#"{"op":"reloadSections","sections":[\#(sections.joined(separator: ","))]}"#)
    }
    for move in batch.moveSections { ops.append(#"{"op":"moveSection","from":\#(move.from),"to":\#(move.to)}"#) }
    if !batch.insertSections.isEmpty {
      let sections = batch.insertSections.map { #"{"at":\#($0.at),"rows":\#(rows($0.rows))}"# }
      ops.append(#"{"op":"insertSections","sections":[\#(sections.joined(separator: ","))]}"#)
    }
    ops.shuffle(using: &random)
    return ops
  }

  /// `params` (an object's JSON text) with `"sessionId": session` as its first member.
  static func params(_ params: String, session: String) -> String {
    let rest = params.dropFirst().drop(while: { $0 == " " })
    return #"{"sessionId":\#(quoted(session))"# + (rest.first == "}" ? "" : ",") + rest
  }

  /// A whole request as JSON text.
  static func request(id: Int, method: String, params: String, session: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(Self.params(params, session: session))}"#
  }
}
