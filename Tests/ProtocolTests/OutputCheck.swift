import JSONCodec

/// A strict reading of the daemon's stdout, independent of the JSONRPC module's `FrameReader` (which is under
/// test): every frame must be exactly `Content-Length: N\r\n\r\n` + N bytes of UTF-8 JSON, and every body a
/// message shaped as reference/clients.md requires. Pure.
enum OutputCheck {
  /// The bodies of `bytes`, or the first way `bytes` is not a sequence of exact frames.
  static func frames(_ bytes: [UInt8]) -> Result<[[UInt8]], Problem> {
    let prefix = Array("Content-Length: ".utf8)
    var bodies: [[UInt8]] = []
    var p = 0
    while p < bytes.count {
      guard bytes.count - p >= prefix.count, Array(bytes[p..<p + prefix.count]) == prefix else {
        return .failure(Problem("frame \(bodies.count) does not start with \"Content-Length: \" at byte \(p)"))
      }
      var q = p + prefix.count
      var length = 0
      let digitsStart = q
      while q < bytes.count, bytes[q] >= UInt8(ascii: "0"), bytes[q] <= UInt8(ascii: "9"), q - digitsStart < 12 {
        length = length * 10 + Int(bytes[q] - UInt8(ascii: "0"))
        q += 1
      }
      let digits = q - digitsStart
      guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
        return .failure(Problem("frame \(bodies.count) has a malformed length at byte \(digitsStart)"))
      }
      let separator = Array("\r\n\r\n".utf8)
      guard bytes.count - q >= separator.count, Array(bytes[q..<q + separator.count]) == separator else {
        return .failure(Problem("frame \(bodies.count): the length is not followed by exactly \\r\\n\\r\\n"))
      }
      q += separator.count
      guard bytes.count - q >= length else {
        return .failure(Problem("frame \(bodies.count) is truncated: \(bytes.count - q) of \(length) bytes"))
      }
      bodies.append(Array(bytes[q..<q + length]))
      p = q + length
    }
    return .success(bodies)
  }

  /// Why `body` is not a message a client accepts (nil when it is one). Arrays are accepted only when
  /// `allowArrays` (answers to batches).
  static func shapeProblem(_ body: [UInt8], allowArrays: Bool) -> String? {
    guard String(validating: body, as: UTF8.self) != nil else { return "body is not UTF-8" }
    guard let value = try? JSONParser.parse(body) else { return "body is not JSON" }
    if case .array(let items) = value {
      guard allowArrays else { return "an array was sent, but only answers to batches may be arrays" }
      guard !items.isEmpty else { return "an empty array was sent" }
      for item in items {
        if let problem = messageProblem(item) { return "in an array: \(problem)" }
        if item["method"] != nil { return "a notification inside an array" }
      }
      return nil
    }
    return messageProblem(value)
  }

  /// Why `value` is not one well-formed response or notification (nil when it is one).
  static func messageProblem(_ value: JSONValue) -> String? {
    guard let object = value.objectValue else { return "not an object" }
    let keys = Set(object.storage.map(\.key))
    guard keys.count == object.count else { return "a member appears twice" }
    guard value["jsonrpc"] == .string("2.0") else { return "no \"jsonrpc\": \"2.0\"" }
    if let method = value["method"] {
      guard method.stringValue != nil else { return "a non-string method" }
      guard keys == ["jsonrpc", "method", "params"] else { return "notification members \(keys.sorted())" }
      guard value["params"]?.objectValue != nil else { return "notification params are not an object" }
      return nil
    }
    if keys == ["jsonrpc", "id", "result"] {
      guard value["id"]?.intValue != nil || value["id"]?.stringValue != nil else { return "a result without id" }
      return nil
    }
    guard keys == ["jsonrpc", "id", "error"] else { return "response members \(keys.sorted())" }
    guard let error = value["error"]?.objectValue else { return "error is not an object" }
    let errorKeys = Set(error.storage.map(\.key))
    guard errorKeys == ["code", "message"] || errorKeys == ["code", "message", "data"] else {
      return "error members \(errorKeys.sorted())"
    }
    guard value["error"]?["code"]?.intValue != nil, value["error"]?["message"]?.stringValue != nil else {
      return "error code or message of the wrong type"
    }
    return nil
  }

  /// A description of what is wrong with the output.
  struct Problem: Error, CustomStringConvertible {
    /// What is wrong.
    let description: String
    /// A problem described by `description`.
    init(_ description: String) { self.description = description }
  }
}
