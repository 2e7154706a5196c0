import JSONCodec
import JSONRPC

/// Builders for server → client notifications. Pure.
enum Notifications {
  /// `window/logMessage` {type, message}: 1 error, 2 warning, 3 info, 4 log.
  static func logMessage(type: Int, _ message: String) -> Message {
    .notification(
      method: "window/logMessage",
      params: .object(JSONObject([("type", .int(Int64(type))), ("message", .string(message))])))
  }
}
