/// A JSON document as a Swift value. Pure; safe to share across threads.
///
/// Numbers keep their kind: a literal without fraction or exponent that fits in `Int64` is `.int`,
/// every other number is `.double` (the nearest binary64 value; a literal beyond its range is ±infinity),
/// except `-0`, which is `.double(-0.0)` so that its sign survives. Equality and hashing are by JSON meaning:
/// numbers compare by value (`.int(3) == .double(3.0)`), objects by their members in order; both are iterative.
///
/// Teardown: Swift destroys nested values recursively. Dropping a value nested deeper than
/// `implicitTeardownSafeDepth` on a thread with a small stack (Dispatch worker threads on Linux have 512 KiB)
/// can overflow it; release such values with `dismantle()`, which is iterative.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

/// A JSON object that keeps its members in document order. Duplicate keys are kept; lookups return the last.
public struct JSONObject: Sendable, Hashable {
  /// Members in document order.
  public var members: [(key: String, value: JSONValue)] {
    get { storage.map { ($0.key, $0.value) } }
    set { storage = newValue.map { Member(key: $0.key, value: $0.value) } }
  }

  /// One key/value pair.
  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSONValue
    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// Storage in document order.
  public var storage: [Member]

  /// An empty object.
  public init() { storage = [] }

  /// An object holding these members, in this order.
  public init(storage: [Member]) { self.storage = storage }

  /// An object with these members, in this order.
  public init(_ members: [(String, JSONValue)]) {
    storage = members.map { Member(key: $0.0, value: $0.1) }
  }

  /// Number of members.
  public var count: Int { storage.count }

  /// The value of the last member named `key`, or nil.
  public subscript(key: String) -> JSONValue? {
    get {
      var i = storage.count - 1
      while i >= 0 {
        if storage[i].key == key { return storage[i].value }
        i -= 1
      }
      return nil
    }
    set {
      if let i = storage.lastIndex(where: { $0.key == key }) {
        if let newValue { storage[i].value = newValue } else { storage.remove(at: i) }
      } else if let newValue {
        storage.append(Member(key: key, value: newValue))
      }
    }
  }

  /// Keys in document order.
  public var keys: [String] { storage.map(\.key) }
}

extension JSONValue {
  /// The number as a Double, for `.int` and `.double`; nil otherwise.
  public var doubleValue: Double? {
    switch self {
    case .int(let i): return Double(i)
    case .double(let d): return d
    default: return nil
    }
  }

  /// The number as an Int when it is integral and representable; nil otherwise.
  public var intValue: Int? {
    switch self {
    case .int(let i): return Int(exactly: i)
    case .double(let d): return JSONValue.exactInt64(d).flatMap { Int(exactly: $0) }
    default: return nil
    }
  }

  /// The string payload, or nil.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The bool payload, or nil.
  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The array payload, or nil.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The object payload, or nil.
  public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// True for `.null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// Member lookup on objects; nil for other kinds or missing keys.
  public subscript(key: String) -> JSONValue? {
    if case .object(let o) = self { return o[key] }
    return nil
  }

  /// A short name of the value's JSON type, for error messages ("a string", "an object", ...).
  public var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .int, .double: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
