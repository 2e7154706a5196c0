/// JSON text of headers, footers and sections for the combined differential test (issue 15): HF values, sections
/// with `header`/`footer`, and batches whose inserted and reloaded sections carry them, with `setHeader` /
/// `setFooter` ops. Pure.
extension LiveTableWire {
  /// HF: `null`, `{"height":h}` (fixed) or `{"id":…,"cell":…}` (a cell `quarters` tall).
  static func hf(_ extra: LiveTableModel.Extra?) -> String {
    guard let extra else { return "null" }
    guard let id = extra.id else { return #"{"height":\#(points(extra.quarters))}"# }
    return #"{"id":\#(quoted(id)),"cell":\#(cell(extra.quarters))}"#
  }

  /// The members after `rows` of a section entry: `,"header":HF,"footer":HF` for the ones present (`keepAbsent`:
  /// an absent one is left out; else it is `null`).
  static func extraMembers(_ extras: LiveTableModel.Extras, nullForAbsent: Bool = false) -> String {
    var text = ""
    if extras.header != nil || nullForAbsent { text += #","header":\#(hf(extras.header))"# }
    if extras.footer != nil || nullForAbsent { text += #","footer":\#(hf(extras.footer))"# }
    return text
  }

  /// `[{"rows":[…],"header":…,"footer":…}, …]`.
  static func sections(_ rows: [[ReferenceRow]], _ extras: [LiveTableModel.Extras]) -> String {
    let entries = rows.indices.map { i in
      #"{"rows":\#(Self.rows(rows[i]))\#(extraMembers(extras.indices.contains(i) ? extras[i] : .init()))}"#
    }
    return "[" + entries.joined(separator: ",") + "]"
  }

  /// The batch as wire operations: the row and other section operations as `operations(_:_:)` writes them, the
  /// inserted sections with their headers and footers, the reloaded ones with theirs when given (`null` for a
  /// removed one), and one `setHeader`/`setFooter` op each; shuffled.
  static func operations(
    _ batch: ReferenceBatch, _ supplementary: LiveTableModel.SupplementaryOps, _ random: inout ThrashRandom
  ) -> [String] {
    var plain = batch
    plain.insertSections = []
    plain.reloadSections = []
    var ops = operations(plain, &random)
    if !batch.insertSections.isEmpty {
      let sections = batch.insertSections.enumerated().map { i, entry in
        #"{"at":\#(entry.at),"rows":\#(rows(entry.rows))\#(extraMembers(supplementary.inserted[i] ?? .init()))}"#
      }
      ops.append(#"{"op":"insertSections","sections":[\#(sections.joined(separator: ","))]}"#)
    }
    if !batch.reloadSections.isEmpty {
      let sections = batch.reloadSections.enumerated().map { i, entry in
        let members = supplementary.reloaded[i].map { extraMembers($0, nullForAbsent: true) } ?? ""
        return #"{"section":\#(entry.section),"rows":\#(rows(entry.rows))\#(members)}"#
      }
      ops.append(#"{"op":"reloadSections","sections":[\#(sections.joined(separator: ","))]}"#)
    }
    for op in supplementary.set {
      let kind = op.header ? "header" : "footer"
      ops.append(
        #"{"op":"set\#(op.header ? "Header" : "Footer")","section":\#(op.section),"\#(kind)":\#(hf(op.value))}"#)
    }
    ops.shuffle(using: &random)
    return ops
  }
}
