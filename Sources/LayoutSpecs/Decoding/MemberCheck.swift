import JSONCodec

/// The members one kind of JSON object of the spec language (an element type, `insets`, a `measure`, a row) may
/// have, and the message for any other member: a Texture name that layoutd does not support yet is "not
/// supported", naming it; anything else is "unknown". Both list the valid members. Pure value.
package struct MemberCheck: Sendable {
  /// What the object is, for messages, e.g. `a text element`.
  package let what: String
  /// Accepted members, in documentation order.
  package let valid: [String]
  /// Texture names layoutd does not support, each with a hint (empty, or e.g. `use "maxLines"`).
  package let unsupported: [String: String]

  /// A check for objects described as `what`, accepting `valid` and naming `unsupported` specially.
  package init(_ what: String, valid: [String], unsupported: [String: String] = [:]) {
    self.what = what
    self.valid = valid
    self.unsupported = unsupported
  }

  /// Why member `key` is refused, or nil when it is valid.
  package func problem(_ key: String) -> String? {
    if valid.contains(key) { return nil }
    let list = valid.map { "\"\($0)\"" }.joined(separator: ", ")
    if let hint = unsupported[key] {
      let advice = hint.isEmpty ? "" : "; \(hint)"
      return "\"\(key)\" is not supported on \(what) (Texture has it; layoutd does not yet)\(advice); valid members: "
        + list
    }
    let lowered = key.lowercased()
    let guess = valid.first { $0.lowercased() == lowered }.map { " (did you mean \"\($0)\"?)" } ?? ""
    return "unknown member of \(what)\(guess); valid members: \(list)"
  }

  /// The first member of `object` (in document order) that is refused, with its message.
  package func firstProblem(_ object: JSONObject) -> (key: String, message: String)? {
    for member in object.storage {
      if let message = problem(member.key) { return (member.key, message) }
    }
    return nil
  }

  /// Throws the first refused member of `object` found at `path`.
  func check(_ object: JSONObject, path: String) throws(SpecDecodingError) {
    guard let (key, message) = firstProblem(object) else { return }
    throw SpecDecodingError(path: JSONPath.member(path, key), message: message)
  }
}
