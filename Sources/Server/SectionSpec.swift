import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// A section as a request gives it: its rows and, when the request names them, its header and footer (`.some(nil)`
/// for an explicit `null`: none, or removed from a reloaded section). Pure value.
struct SectionSpec: Sendable {
  /// The section's new rows.
  var rows: [RowSpec<LayoutElement>]
  /// The header when the request gives the member (`null` inside: none).
  var header: SupplementarySpec<LayoutElement>??
  /// The footer when the request gives the member (`null` inside: none).
  var footer: SupplementarySpec<LayoutElement>??

  /// The header and footer the request gives, as updates of new-space section `section`.
  func updates(section: Int) -> [SupplementaryUpdate<LayoutElement>] {
    var updates: [SupplementaryUpdate<LayoutElement>] = []
    if let header { updates.append(SupplementaryUpdate(.header, section: section, header)) }
    if let footer { updates.append(SupplementaryUpdate(.footer, section: section, footer)) }
    return updates
  }
}

extension Session {
  /// Decodes a list of sections `[{rows, header?, footer?}]` found at `path` (`table/insertSections`,
  /// `table/reloadData`). Unknown members are refused. Session-isolated.
  func decodeSections(_ items: [JSONValue], path: String) throws(ResponseError) -> [SectionSpec] {
    var sections: [SectionSpec] = []
    for (index, item) in items.enumerated() {
      sections.append(try decodeSection(Params(item, path: "\(path)[\(index)]"), members: RequestMembers.section))
    }
    return sections
  }

  /// Decodes one section object `entry` whose members `members` allows (`rows` required, `header` and `footer`
  /// optional; the caller reads the others, such as `at` or `section`).
  func decodeSection(_ entry: Params, members: MemberCheck) throws(ResponseError) -> SectionSpec {
    try entry.check(members)
    let rows = try decodeRowSpecs(entry.array("rows"), path: entry.at("rows"))
    return SectionSpec(
      rows: rows, header: try decodeSupplementary(entry, "header"), footer: try decodeSupplementary(entry, "footer"))
  }

  /// Member `key` of `params` as a header or footer: nil when absent, `.some(nil)` for `null`, else `{"height": n}`
  /// (UIKit's `heightForHeaderInSection:`: finite, ≥ 0) or `{"id"?: ID, "cell": SPEC}` (laid out like a row).
  func decodeSupplementary(_ params: Params, _ key: String) throws(ResponseError) -> SupplementarySpec<LayoutElement>??
  {
    guard let value = params.object[key] else { return nil }
    if table.flow != nil {
      throw Params.invalid(
        params.at(key),
        "a \(kind.rawValue)'s headers and footers are its layout's headerReferenceSize and footerReferenceSize")
    }
    if value.isNull { return .some(nil) }
    guard case .object = value else {
      throw Params.invalid(
        params.at(key), "expected {\"height\": n}, {\"id\"?, \"cell\": SPEC} or null, got \(value.kindDescription)")
    }
    let element = try Params(value, path: params.at(key))
    try element.check(RequestMembers.supplementary)
    if element.value("height") != nil {
      if element.value("cell") != nil || element.value("id") != nil {
        throw Params.invalid(element.path, "give either \"height\" or \"cell\" (with \"id\"), not both")
      }
      let height = try element.number(
        "height", in: 0...SessionConfiguration.maxSectionSpacing, rangeText: "in [0, 100000]")
      return .some(.fixed(height: height))
    }
    guard element.value("cell") != nil else {
      throw Params.invalid(element.path, "missing required member \"height\" or \"cell\"")
    }
    let id = try element.optionalString("id").map(RowID.init)
    let content = try decodeCell(element.required("cell"), path: element.at("cell"))
    return .some(.cell(id: id, content: content))
  }
}
