import JSONCodec

extension OutputCheck {
  /// Where `body` holds a number that strict JSON readers refuse or misread (`1e999`, which overflows to infinity,
  /// and any other non-finite number), or nil when every number is finite. Bodies that are not JSON are left to
  /// `shapeProblem`.
  static func nonFiniteNumber(in body: [UInt8]) -> String? {
    guard let value = try? JSONParser.parse(body) else { return nil }
    return nonFiniteNumber(in: value)
  }

  /// The path of the first non-finite number in `value` (`$` is the root), or nil.
  static func nonFiniteNumber(in value: JSONValue, path: String = "$") -> String? {
    switch value {
    case .double(let d) where !d.isFinite: return "a non-finite number at \(path)"
    case .array(let items):
      for (index, item) in items.enumerated() {
        if let found = nonFiniteNumber(in: item, path: "\(path)[\(index)]") { return found }
      }
    case .object(let object):
      for member in object.storage {
        if let found = nonFiniteNumber(in: member.value, path: "\(path).\(member.key)") { return found }
      }
    default: break
    }
    return nil
  }
}
