import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree
import Typography

/// What `initialize`'s `initializationOptions` can set: font directories and limits (their defaults come from the
/// command line). Pure value.
package struct ServerOptions: Sendable {
  /// Where text leaves look for font families (nil: the system's font directories).
  package var fontDirectories: [String]?
  /// Most live sessions at once.
  package var maxSessions = 64
  /// Most rows (all sections) one session may hold, counted in the pending state.
  package var maxRowsPerSession = 1_000_000
  /// Spec limits per cell: nesting depth (at most 64, which keeps layout recursion inside a worker stack) and
  /// element count.
  package var cellLimits = SpecDecoder.Limits.default
  /// `notifications: "coalesced"`: per-row notifications are folded into one per run (`NotificationCoalescer`);
  /// false (`"perRow"`, the default) sends one per row.
  package var coalescedNotifications = false

  /// Ranges a client or the command line may set.
  package static let sessionsRange = 1...100_000
  /// See `maxRowsPerSession`.
  package static let rowsRange = 1...100_000_000
  /// See `cellLimits.maxDepth` (64 keeps layout recursion inside a worker stack).
  package static let depthRange = 1...SpecDecoder.Limits.defaultMaxDepth
  /// See `cellLimits.maxElements`.
  package static let elementsRange = 1...1_000_000

  /// The built-in defaults.
  package init() {}

  /// Reads `initializationOptions` over `defaults` (absent or null: the defaults); unknown members are ignored.
  init(_ value: JSONValue?, defaults: ServerOptions) throws(ResponseError) {
    self = defaults
    guard let value, !value.isNull else { return }
    let options = try Params(value, path: "params.initializationOptions")
    if options.value("fontDirectories") != nil {
      let items = try options.array("fontDirectories")
      var directories: [String] = []
      for (index, item) in items.enumerated() {
        guard let text = item.stringValue else {
          throw Params.invalid(
            "\(options.at("fontDirectories"))[\(index)]", "expected a string, got \(item.kindDescription)")
        }
        directories.append(text)
      }
      fontDirectories = directories
    }
    coalescedNotifications = try ServerOptions.notificationForm(options) ?? coalescedNotifications
    guard options.value("limits") != nil else { return }
    let limits = try options.object("limits")
    maxSessions = try limits.optionalCount("maxSessions", in: 1...100_000) ?? maxSessions
    maxRowsPerSession = try limits.optionalCount("maxRowsPerSession", in: 1...100_000_000) ?? maxRowsPerSession
    cellLimits.maxDepth =
      try limits.optionalCount("maxCellDepth", in: 1...SpecDecoder.Limits.defaultMaxDepth)
      ?? cellLimits.maxDepth
    cellLimits.maxElements = try limits.optionalCount("maxCellElements", in: 1...1_000_000) ?? cellLimits.maxElements
  }

  /// `notifications`: true for `"coalesced"`, false for `"perRow"`, nil when absent; any other value is -32602
  /// naming the path.
  private static func notificationForm(_ options: Params) throws(ResponseError) -> Bool? {
    guard let value = options.value("notifications") else { return nil }
    switch value.stringValue {
    case "coalesced": return true
    case "perRow": return false
    default:
      throw Params.invalid(
        options.at("notifications"), "expected \"perRow\" or \"coalesced\", got \(JSONWriter.string(value))")
    }
  }

  /// The limits in force, as reported in `initialize`'s capabilities.
  var limitsJSON: JSONValue {
    .object(
      JSONObject([
        ("maxSessions", .int(Int64(maxSessions))), ("maxRowsPerSession", .int(Int64(maxRowsPerSession))),
        ("maxCellDepth", .int(Int64(cellLimits.maxDepth))), ("maxCellElements", .int(Int64(cellLimits.maxElements))),
      ]))
  }

  /// The font registry sessions measure text with.
  func makeRegistry() -> FontRegistry {
    fontDirectories.map { FontRegistry(directories: $0) } ?? .system
  }
}

extension Params {
  /// An optional integer member within `range`.
  func optionalCount(_ key: String, in range: ClosedRange<Int>) throws(ResponseError) -> Int? {
    guard let v = value(key) else { return nil }
    guard let i = v.intValue, range.contains(i) else {
      throw Params.invalid(
        at(key), "expected an integer in [\(range.lowerBound), \(range.upperBound)], got \(JSONWriter.string(v))")
    }
    return i
  }
}
