import JSONRPC
import LayoutSpecs

/// The members of request objects that refuse unknown ones: a row `{id?, neverShowPlaceholders?, cell,
/// heightRange?, accessoryType?, selectionStyle?, separatorInset?, sizeRange?}` and
/// `session/create`'s params and viewport. A Texture name of a table or cell property layoutd does not support yet
/// is refused as "not supported"; any other is unknown. Pure tables.
enum RequestMembers {
  /// A row of `table/insertRows`, `table/insertSections`, `table/reloadData`, `table/performBatchUpdates`.
  static let row = MemberCheck(
    "a row", valid: rowMembers,
    unsupported: [
      "selectedBackgroundView": "", "constrainedSize": "use \"heightRange\": a row's width is the table's",
      "accessoryView": "", "editingStyle": "", "height": "a row's height is its cell's layout",
      "node": "give the cell's spec as \"cell\"", "spec": "give the cell's spec as \"cell\"",
    ])

  /// A row of a batch's `insertRows` operation: a row with its new-space `at`.
  static let batchInsertedRow = MemberCheck(
    "an inserted row", valid: ["at"] + rowMembers, unsupported: row.unsupported)

  /// The members of a new row, in documentation order.
  static let rowMembers = [
    "id", "neverShowPlaceholders", "cell", "heightRange", "accessoryType", "selectionStyle", "separatorInset",
    "sizeRange",
  ]

  /// An entry of `table/reloadRows`, a batch's `reloadRows` and `cell/setNeedsLayout`'s `rows`: a row and its new
  /// cell.
  static let rowAndCell = MemberCheck("a row entry", valid: ["row", "cell"])

  /// A section of `table/insertSections` and `table/reloadData`.
  static let section = MemberCheck("a section", valid: ["rows", "header", "footer"])

  /// A section of `table/reloadSections`.
  static let reloadedSection = MemberCheck("a reloaded section", valid: ["section", "rows", "header", "footer"])

  /// A section of a batch's `insertSections` operation.
  static let batchInsertedSection = MemberCheck("an inserted section", valid: ["at", "rows", "header", "footer"])

  /// A section header or footer: `{height}` or `{id?, cell}`.
  static let supplementary = MemberCheck(
    "a header or footer", valid: ["height", "id", "cell"],
    unsupported: [
      "title": "give a cell with a text element", "view": "give the view's spec as \"cell\"",
      "estimatedHeight": "a cell's height is its layout",
    ])

  /// A batch's `setHeader` operation.
  static let setHeaderOperation = MemberCheck("a setHeader operation", valid: ["op", "section", "header"])

  /// A batch's `setFooter` operation.
  static let setFooterOperation = MemberCheck("a setFooter operation", valid: ["op", "section", "footer"])

  /// `session/create`'s params.
  static let createSession = MemberCheck(
    "session/create's params",
    valid: [
      "viewport", "scale", "separators", "sessionId", "interfaceStates", "batchFetching", "scrollAnchoring",
      "lenientFonts", "inverted", "changeFrames", "allowsSelection", "allowsMultipleSelection", "style",
      "groupedSectionSpacing", "kind", "layout",
    ],
    unsupported: [
      "separatorStyle": "use \"separators\"", "leadingScreensForBatching": "", "automaticallyAdjustsContentOffset": "",
      "contentInset": "set it with session/setViewport", "contentOffset": "set it with session/setViewport",
    ])

  /// `table/setSelectionOptions`'s params.
  static let selectionOptions = MemberCheck(
    "table/setSelectionOptions's params", valid: ["sessionId", "allowsSelection", "allowsMultipleSelection"])

  /// `table/selectRow`'s and `table/deselectRow`'s params (UIKit's `animated` and `scrollPosition` have no meaning
  /// here).
  static let selectionRow = MemberCheck(
    "a selection call's params", valid: ["sessionId", "row"],
    unsupported: ["animated": "nothing is animated", "scrollPosition": "scroll with table/scrollToRow"])

  /// `session/create`'s viewport.
  static let viewport = MemberCheck("a viewport", valid: ["width", "height"])

  /// `session/create`'s `layout` (a collection's flow layout).
  static let flowLayout = MemberCheck(
    "a flow layout",
    valid: [
      "scrollDirection", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
      "headerReferenceSize", "footerReferenceSize",
    ],
    unsupported: ["estimatedItemSize": "items are measured at itemSize", "sectionHeadersPinToVisibleBounds": ""])

  /// A collection's `contentOffset` in `session/setViewport`.
  static let contentOffset = MemberCheck("a content offset", valid: ["x", "y"])

  /// A size member of a flow layout.
  static let flowSize = MemberCheck("a size", valid: ["width", "height"])

  /// A flow layout's `sectionInset`.
  static let flowInsets = MemberCheck("an inset", valid: ["top", "left", "bottom", "right"])

  /// `pager/scrollToPage`'s params.
  static let scrollToPage = MemberCheck("pager/scrollToPage's params", valid: ["sessionId", "page", "drag"])

  /// `session/create`'s `groupedSectionSpacing`.
  static let groupedSectionSpacing = MemberCheck("groupedSectionSpacing", valid: ["header", "footer"])
}

extension Params {
  /// Refuses (-32602 at the member's path) the first member of this object that `members` does not accept.
  func check(_ members: MemberCheck) throws(ResponseError) {
    guard let (key, message) = members.firstProblem(object) else { return }
    throw Params.invalid(at(key), message)
  }
}
