/// An array of a parsed document whose elements were validated but not built: their byte ranges in the
/// document's bytes, parsed one at a time when taken. Pure; safe to share across threads.
///
/// A large message can then be read quickly on one thread and its elements built (and freed) on the threads that
/// use them, in parallel: see `JSONParser.parse(_:maxDepth:deferring:)`.
public struct DeferredArray: Sendable, Equatable {
  /// The whole document (shared, not copied).
  public let document: [UInt8]
  /// Each element's bytes in `document`, in order.
  public let ranges: [Range<Int>]
  /// Nesting allowed inside one element: the document's bound minus the containers around the array.
  public let elementMaxDepth: Int

  /// Number of elements.
  public var count: Int { ranges.count }

  /// Element `index`, built now. The bytes were validated with the same rules and bounds, so this only fails if
  /// `index` is out of range (reported as an error at offset 0).
  public func element(_ index: Int) throws(JSONParseError) -> JSONValue {
    guard ranges.indices.contains(index) else {
      throw JSONParseError(offset: 0, reason: "element \(index) of \(ranges.count) requested")
    }
    return try JSONParser.parse(document[ranges[index]], maxDepth: elementMaxDepth)
  }

  /// Every element, built now (for a caller that wants the array after all).
  public func elements() throws(JSONParseError) -> [JSONValue] {
    var values: [JSONValue] = []
    values.reserveCapacity(ranges.count)
    for index in ranges.indices { values.append(try element(index)) }
    return values
  }
}

extension JSONParser {
  /// Parses `bytes` like `parse(_:maxDepth:)`, except that the array at `path` (object keys from the root, e.g.
  /// `["params", "rows"]`) is only validated: the returned value leaves that member out, and its elements come back
  /// as a `DeferredArray`. Validation is complete: a document this accepts, the plain parse accepts, and it rejects
  /// the same documents with the same errors. When no array sits at `path`, or the path is ambiguous (a key along
  /// it given twice in its object, so a lookup might not find the deferred array), the value is the plain parse and
  /// the deferred array nil.
  public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, deferring path: [String])
    throws(JSONParseError) -> (value: JSONValue, deferred: DeferredArray?)
  {
    let outcome: (Result<JSONValue, JSONParseError>, [[Range<Int>]]) = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, !buffer.isEmpty else {
        return (.failure(JSONParseError(offset: 0, reason: "empty document")), [])
      }
      var reader = JSONReader(base: base, count: buffer.count, maxDepth: maxDepth)
      reader.deferralPath = path
      return (reader.parseDocument(), reader.deferredArrays)
    }
    let value = try outcome.0.get()
    guard !outcome.1.isEmpty else { return (value, nil) }
    guard outcome.1.count == 1, isUnique(path, in: value) else { return (try parse(bytes, maxDepth: maxDepth), nil) }
    let elementDepth = max(0, maxDepth - path.count - 1)
    return (value, DeferredArray(document: bytes, ranges: outcome.1[0], elementMaxDepth: elementDepth))
  }

  /// True when every key of `path` but the last names exactly one member of its object in `value`, and the last
  /// names none (the deferred array, left out, was the only one).
  private static func isUnique(_ path: [String], in value: JSONValue) -> Bool {
    var current = value
    for (depth, key) in path.enumerated() {
      guard case .object(let object) = current else { return false }
      let count = object.storage.count(where: { $0.key == key })
      if depth == path.count - 1 { return count == 0 }
      guard count == 1, let next = object[key] else { return false }
      current = next
    }
    return false
  }
}
