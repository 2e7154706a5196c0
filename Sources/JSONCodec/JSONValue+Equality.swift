/// Iterative equality and hashing, so deep values compare without deep recursion.
extension JSONValue {
  /// True when both values have the same JSON meaning: numbers by value, arrays element-wise, objects by
  /// members in document order. Iterative.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
    while let (a, b) = pending.popLast() {
      switch (a, b) {
      case (.null, .null): continue
      case (.bool(let x), .bool(let y)): if x != y { return false }
      case (.string(let x), .string(let y)): if x != y { return false }
      case (.int(let x), .int(let y)): if x != y { return false }
      case (.double(let x), .double(let y)): if x != y { return false }
      case (.int(let x), .double(let y)), (.double(let y), .int(let x)):
        if JSONValue.exactInt64(y) != x { return false }
      case (.array(let x), .array(let y)):
        guard x.count == y.count else { return false }
        for i in x.indices { pending.append((x[i], y[i])) }
      case (.object(let x), .object(let y)):
        guard x.storage.count == y.storage.count else { return false }
        for i in x.storage.indices {
          guard x.storage[i].key == y.storage[i].key else { return false }
          pending.append((x.storage[i].value, y.storage[i].value))
        }
      default: return false
      }
    }
    return true
  }

  /// Hashes the value consistently with `==` (an integral double hashes like the equal integer). Iterative.
  public func hash(into hasher: inout Hasher) {
    var pending: [JSONValue] = [self]
    while let v = pending.popLast() {
      switch v {
      case .null: hasher.combine(0 as UInt8)
      case .bool(let b):
        hasher.combine(1 as UInt8)
        hasher.combine(b)
      case .int(let i):
        hasher.combine(2 as UInt8)
        hasher.combine(i)
      case .double(let d):
        if let i = JSONValue.exactInt64(d) {
          hasher.combine(2 as UInt8)
          hasher.combine(i)
        } else {
          hasher.combine(3 as UInt8)
          hasher.combine(d)
        }
      case .string(let s):
        hasher.combine(4 as UInt8)
        hasher.combine(s)
      case .array(let items):
        hasher.combine(5 as UInt8)
        hasher.combine(items.count)
        pending.append(contentsOf: items.reversed())
      case .object(let object):
        hasher.combine(6 as UInt8)
        hasher.combine(object.storage.count)
        for member in object.storage.reversed() {
          hasher.combine(member.key)
          pending.append(member.value)
        }
      }
    }
  }
}

extension JSONObject {
  /// Member-wise equality in document order (keys and values). Iterative.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { JSONValue.object(lhs) == JSONValue.object(rhs) }

  /// Hashes consistently with `==`. Iterative.
  public func hash(into hasher: inout Hasher) { JSONValue.object(self).hash(into: &hasher) }
}

extension JSONValue {
  /// `d` as an Int64 when it is integral and in range, else nil. Unlike `Int64(exactly:)` this needs no libm
  /// (`trunc`), so JSONCodec links into programs that do not import Foundation or Glibc.
  @inline(__always)
  static func exactInt64(_ d: Double) -> Int64? {
    // 2^63 is exactly representable; the range check also rejects NaN and infinities.
    guard d >= -9_223_372_036_854_775_808.0 && d < 9_223_372_036_854_775_808.0 else { return nil }
    let i = Int64(d)  // truncates toward zero
    return Double(i) == d ? i : nil
  }
}
