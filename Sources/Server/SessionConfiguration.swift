import JSONCodec
import JSONRPC
import NodeTree

/// `session/create`'s params as a value: the viewport, scale and switches a client chose for a session. Pure value.
struct SessionConfiguration: Sendable {
  /// Viewport width in points: every cell is laid out in [W×0, W×CGFLOAT_MAX].
  var width: Double
  /// Viewport height in points.
  var height: Double
  /// Pixel scale (1…4).
  var scale = 2.0
  /// A separator (1 / scale points high) below each row.
  var separators = true
  /// Batch fetching (`table/willBeginBatchFetch`) is on.
  var batchFetching = false
  /// Rows have interface states and display work.
  var interfaceStates = true
  /// Scroll anchoring keeps the content under the viewport in place when rows above it change.
  var scrollAnchoring = true
  /// A font family that is not installed fails at layout (height 0, logged) instead of being refused when decoded.
  var lenientFonts = false
  /// The table is drawn upside down (`ASTableNode.inverted`): row 0 at the visual bottom, as chats are. Fixed for
  /// the session; every offset, inset and frame on the wire is visual (see `Session+Inverted`).
  var inverted = false
  /// Every `table/didCommit` carries the frames before and after of the rows its change set affected.
  var changeFrames = false
  /// `allowsSelection` (UIKit's default true).
  var allowsSelection = true
  /// `allowsMultipleSelection` (UIKit's default false).
  var allowsMultipleSelection = false
  /// The session id the client chose; nil: the server numbers the session (`s<n>`).
  var sessionId: String?
  /// Plain (floating headers and footers, the default) or grouped (with its section spacing).
  var style = TableStyle.plain
  /// What the session holds: a table (the default), a collection or a pager.
  var kind = ContainerKind.table
  /// A collection's or a pager's flow layout; nil for a table.
  var flowLayout: FlowLayoutConfiguration?

  /// `session/create` {viewport: {width, height}, scale? = 2, separators? = true, sessionId?, interfaceStates? =
  /// true, batchFetching? = false, scrollAnchoring? = true, lenientFonts? = false, inverted? = false,
  /// changeFrames? = false, allowsSelection? = true, allowsMultipleSelection? = false, style?, groupedSectionSpacing?,
  /// kind? = "table", layout?}; other members are refused.
  init(_ params: Params) throws(ResponseError) {
    try params.check(RequestMembers.createSession)
    let viewport = try params.object("viewport")
    try viewport.check(RequestMembers.viewport)
    width = try viewport.number("width", in: Session.viewportRange, rangeText: "in (0, 100000]")
    height = try viewport.number("height", in: Session.viewportRange, rangeText: "in (0, 100000]")
    scale = try params.optionalNumber("scale", in: 1...4, rangeText: "in [1, 4]") ?? scale
    separators = try params.optionalBool("separators") ?? separators
    batchFetching = try params.optionalBool("batchFetching") ?? batchFetching
    interfaceStates = try params.optionalBool("interfaceStates") ?? interfaceStates
    scrollAnchoring = try params.optionalBool("scrollAnchoring") ?? scrollAnchoring
    lenientFonts = try params.optionalBool("lenientFonts") ?? lenientFonts
    inverted = try params.optionalBool("inverted") ?? inverted
    changeFrames = try params.optionalBool("changeFrames") ?? changeFrames
    allowsSelection = try params.optionalBool("allowsSelection") ?? allowsSelection
    allowsMultipleSelection = try params.optionalBool("allowsMultipleSelection") ?? allowsMultipleSelection
    sessionId = try params.optionalString("sessionId")
    style = try SessionConfiguration.style(params)
    try decodeKind(params)
  }
}
