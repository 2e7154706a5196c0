import JSONCodec
import JSONRPC
import NodeTree

/// What a session holds: Texture's `ASTableNode` (the default), `ASCollectionNode` with a flow layout, or
/// `ASPagerNode`. Fixed for the session's life. Pure value.
enum ContainerKind: String, Sendable, CaseIterable {
  /// A table: one full-width column of rows.
  case table
  /// A collection: items placed by a flow layout, scrolling along its scroll direction.
  case collection
  /// A pager: a horizontal collection of pages each exactly the viewport's size, paging.
  case pager

  /// The tuning defaults this kind starts with (texture.md §3.5).
  var rangeKind: RangeContainerKind {
    switch self {
    case .table: return .table
    case .collection: return .collection
    case .pager: return .pager
    }
  }

  /// Session methods a collection or a pager answers like a table (an item is a row of a collection). Every other
  /// `table/*` and `cell/*` method is refused for them with -32602 (see `refusal(of:)`).
  static let collectionMethods: Set<String> = [
    "table/insertRows", "table/deleteRows", "table/reloadRows", "table/moveRow", "table/insertSections",
    "table/deleteSections", "table/reloadSections", "table/moveSection", "table/reloadData",
    "table/performBatchUpdates", "table/waitUntilAllUpdatesAreProcessed", "cell/setNeedsLayout", "cell/displayList",
    "table/contentSize", "table/rowFrame", "table/rowAtPoint", "table/rowsInRect", "table/describe",
    "table/elementAtPoint", "table/elementsInRect", "table/supplementaryFrame",
    "table/scrollToOffset", "table/scrollBy", "table/scrollToRow", "table/setTuningParameters",
    "table/tuningParameters",
    "table/setRangeMode", "table/ranges", "table/completeBatchFetching", "table/cancelBatchFetching",
    "table/setLeadingScreensForBatching", "table/selectRow", "table/deselectRow", "table/selectedRows",
    "table/setSelectionOptions", "session/setViewport", "session/setVisible", "session/applicationEvent",
    "session/dispose", "pager/scrollToPage", "pager/currentPage", "table/snapshot",
    "container/scrollToOffset", "container/items",
  ]

  /// The -32602 error for calling `method` on a session of this kind, nil when it applies: a table answers every
  /// `table/*` method and refuses `pager/*`; a collection answers `collectionMethods` but `pager/*`; a pager answers
  /// all of `collectionMethods`.
  func refusal(of method: String, session: String) -> ResponseError? {
    let applies: Bool
    switch self {
    case .table: applies = !method.hasPrefix("pager/")
    case .collection: applies = Self.collectionMethods.contains(method) && !method.hasPrefix("pager/")
    case .pager: applies = Self.collectionMethods.contains(method)
    }
    guard !applies else { return nil }
    return Params.invalid(
      "params.sessionId", "session \(JSONWriter.string(.string(session))) holds a \(rawValue): \(method) does not apply"
    )
  }
}

extension SessionConfiguration {
  /// Largest flow layout length accepted (sizes, spacings, insets), in points (the viewport's own limit).
  static let maxFlowLength = 100_000.0

  /// `kind? = "table"` and, for a collection, `layout` (required): a collection or a pager refuses the members that
  /// only a table has (`style`, `groupedSectionSpacing`, `separators`, `inverted`, `scrollAnchoring`,
  /// `changeFrames`); a table and a pager refuse `layout`. A pager's flow is Texture's: horizontal, no spacing, pages
  /// of the viewport's size.
  mutating func decodeKind(_ params: Params) throws(ResponseError) {
    let name = try params.optionalString("kind") ?? "table"
    guard let kind = ContainerKind(rawValue: name) else {
      throw Params.invalid(
        params.at("kind"), "expected \"table\", \"collection\" or \"pager\", got \(JSONWriter.string(.string(name)))")
    }
    self.kind = kind
    guard kind != .table else {
      if params.value("layout") != nil { throw Params.invalid(params.at("layout"), "only a collection has a layout") }
      return
    }
    let tableOnly = [
      ("style", "a \(name) has no table style"), ("groupedSectionSpacing", "a \(name) has no table style"),
      ("separators", "a \(name) has no separators"), ("inverted", "a \(name) cannot be inverted"),
      ("scrollAnchoring", "a \(name) keeps its content offset (no scroll anchoring)"),
      ("changeFrames", "change frames are reported for tables only"),
    ]
    for (member, detail) in tableOnly where params.value(member) != nil {
      throw Params.invalid(params.at(member), detail)
    }
    separators = false
    scrollAnchoring = false
    if kind == .pager {
      if params.value("layout") != nil {
        throw Params.invalid(params.at("layout"), "a pager's layout is fixed (horizontal pages of the viewport's size)")
      }
      var flow = PagerGeometry.flowLayout
      flow.itemSize = FlowSize(width: width, height: height)
      flowLayout = flow
      return
    }
    flowLayout = try Self.flowLayout(params.object("layout"))
  }

  /// A collection's `layout`: {scrollDirection? = "vertical", itemSize? = {width: 50, height: 50},
  /// minimumLineSpacing? = 10, minimumInteritemSpacing? = 10, sectionInset? = {top?, left?, bottom?, right?},
  /// headerReferenceSize? = {width?, height?}, footerReferenceSize?}. An absent `itemSize` or 50 × 50 (Texture's
  /// "unset" size) makes the items size themselves (`FlowPlacement.selfSizing`).
  static func flowLayout(_ layout: Params) throws(ResponseError) -> FlowLayoutConfiguration {
    try layout.check(RequestMembers.flowLayout)
    var flow = FlowLayoutConfiguration()
    let direction = try layout.optionalString("scrollDirection") ?? "vertical"
    guard let axis = FlowScrollDirection(rawValue: direction) else {
      throw Params.invalid(
        layout.at("scrollDirection"),
        "expected \"vertical\" or \"horizontal\", got \(JSONWriter.string(.string(direction)))")
    }
    flow.scrollDirection = axis
    let lengths = 0...maxFlowLength
    let lengthText = "in [0, 100000]"
    if layout.value("itemSize") != nil {
      let item = try layout.object("itemSize")
      try item.check(RequestMembers.flowSize)
      flow.itemSize = FlowSize(
        width: try item.number("width", in: Session.viewportRange, rangeText: "in (0, 100000]"),
        height: try item.number("height", in: Session.viewportRange, rangeText: "in (0, 100000]"))
    }
    flow.minimumLineSpacing =
      try layout.optionalNumber("minimumLineSpacing", in: lengths, rangeText: lengthText) ?? flow.minimumLineSpacing
    flow.minimumInteritemSpacing =
      try layout.optionalNumber("minimumInteritemSpacing", in: lengths, rangeText: lengthText)
      ?? flow.minimumInteritemSpacing
    if layout.value("sectionInset") != nil {
      let inset = try layout.object("sectionInset")
      try inset.check(RequestMembers.flowInsets)
      flow.sectionInset = FlowInsets(
        top: try inset.optionalNumber("top", in: lengths, rangeText: lengthText) ?? 0,
        left: try inset.optionalNumber("left", in: lengths, rangeText: lengthText) ?? 0,
        bottom: try inset.optionalNumber("bottom", in: lengths, rangeText: lengthText) ?? 0,
        right: try inset.optionalNumber("right", in: lengths, rangeText: lengthText) ?? 0)
    }
    flow.headerReferenceSize = try referenceSize(layout, "headerReferenceSize")
    flow.footerReferenceSize = try referenceSize(layout, "footerReferenceSize")
    return flow
  }

  /// A header or footer reference size {width? = 0, height? = 0}, (0, 0) when absent.
  private static func referenceSize(_ layout: Params, _ key: String) throws(ResponseError) -> FlowSize {
    guard layout.value(key) != nil else { return .zero }
    let size = try layout.object(key)
    try size.check(RequestMembers.flowSize)
    let lengths = 0...maxFlowLength
    return FlowSize(
      width: try size.optionalNumber("width", in: lengths, rangeText: "in [0, 100000]") ?? 0,
      height: try size.optionalNumber("height", in: lengths, rangeText: "in [0, 100000]") ?? 0)
  }
}
