import JSONCodec
import JSONRPC
import NodeTree

extension SessionConfiguration {
  /// Largest grouped section spacing accepted, in points (the viewport's own limit).
  static let maxSectionSpacing = 100_000.0

  /// `style? = "plain"` and, for `"grouped"` only, `groupedSectionSpacing? = {header? = 0, footer? = 0}`: the space a
  /// grouped section without a header (above its rows) or without a footer (below them) still takes. UIKit documents
  /// no default for it (`sectionHeaderHeight` is `automaticDimension`, sized by the system release), so the client
  /// states it. Spacing with a plain table is refused: plain sections take no space for an absent header.
  static func style(_ params: Params) throws(ResponseError) -> TableStyle {
    let name = try params.optionalString("style") ?? "plain"
    let spacing = params.value("groupedSectionSpacing")
    switch name {
    case "plain":
      if spacing != nil {
        throw Params.invalid(
          params.at("groupedSectionSpacing"), "only a grouped table has section spacing (give \"style\": \"grouped\")")
      }
      return .plain
    case "grouped":
      guard spacing != nil else { return .grouped(.default) }
      let object = try params.object("groupedSectionSpacing")
      try object.check(RequestMembers.groupedSectionSpacing)
      let range = 0...maxSectionSpacing
      let header = try object.optionalNumber("header", in: range, rangeText: "in [0, 100000]") ?? 0
      let footer = try object.optionalNumber("footer", in: range, rangeText: "in [0, 100000]") ?? 0
      return .grouped(GroupedSectionSpacing(headerHeight: header, footerHeight: footer))
    default:
      throw Params.invalid(
        params.at("style"), "expected \"plain\" or \"grouped\", got \(JSONWriter.string(.string(name)))")
    }
  }
}
