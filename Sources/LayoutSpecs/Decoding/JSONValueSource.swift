import JSONCodec

/// A `SpecSource` over a parsed `JSONValue`: the plain path, and the one whose errors are shown. Pure.
///
/// Objects read by key yield their members in the decoder's order, each once (the last of a repeated member, as
/// `JSONObject`'s subscript gives), so a decoder written in that order checks members in it whatever the document
/// order. Never refuses a document.
package struct JSONValueSource: SpecSource {
  /// An open object or array.
  private struct Frame {
    /// The object (empty for an array).
    var object: JSONObject
    /// The array's elements (empty for an object).
    var elements: [JSONValue]
    /// Next step: a `plan` index for an object read by key, else a member or element index.
    var position: Int
    /// End of the steps (`position` stops here).
    var end: Int
    /// For an object read by key, where its steps in `plan` start; -1 otherwise.
    var planStart: Int
  }

  /// One member an object read by key yields.
  private struct Step {
    /// The member's index in the object's storage.
    var index: Int32
    /// The key's `rawValue`, or -1 for another member.
    var key: Int32
  }

  /// Open containers, innermost last.
  private var frames: [Frame] = []
  /// The members that objects read by key yield, in order, innermost object's last.
  private var plan: [Step] = []
  /// The value that comes next, if any.
  private var next: JSONValue?

  /// A source whose next value is `value`.
  package init(_ value: JSONValue) { next = value }

  /// No value where the decoder asked for one (a decoder's mistake, not the document's).
  private static var noValue: SpecDecodingError { SpecDecodingError(path: "", message: "no value to read") }

  /// Enters the object that comes next, planning its members in `order` (the last of a repeated one).
  package mutating func enterObject<Key: SpecKey>(_ order: [Key?]) -> Bool {
    guard case .object(let object)? = next else { return false }
    next = nil
    let start = plan.count
    // Each key's last member, then the steps in `order`.
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: Key.count) { last in
      last.initialize(repeating: -1)
      var firstOther: Int32 = -1
      let storage = object.storage
      for i in storage.indices {
        if let key = Key(name: storage[i].key) {
          last[key.rawValue] = Int32(i)
        } else if firstOther < 0 {
          firstOther = Int32(i)
        }
      }
      for entry in order {
        let index = entry.map { last[$0.rawValue] } ?? firstOther
        if index >= 0 { plan.append(Step(index: index, key: Int32(entry?.rawValue ?? -1))) }
      }
    }
    frames.append(Frame(object: object, elements: [], position: start, end: plan.count, planStart: start))
    return true
  }

  /// The next planned member of the object entered last, or nil at its end (left).
  package mutating func nextMember<Key: SpecKey>(_ key: Key.Type) -> SpecMember<Key>? {
    guard let top = frames.indices.last else { return nil }
    guard frames[top].position < frames[top].end else {
      leave()
      return nil
    }
    let step = plan[frames[top].position]
    frames[top].position += 1
    let member = frames[top].object.storage[Int(step.index)]
    next = member.value
    guard let key = Key(rawValue: Int(step.key)) else { return .other(member.key) }
    return .known(key)
  }

  /// Enters the object that comes next, to read all its members in document order.
  package mutating func enterObject() -> Bool {
    guard case .object(let object)? = next else { return false }
    next = nil
    frames.append(Frame(object: object, elements: [], position: 0, end: object.storage.count, planStart: -1))
    return true
  }

  /// The next member's name in document order, or nil at the object's end (left).
  package mutating func nextName() -> String? {
    guard let top = frames.indices.last else { return nil }
    guard frames[top].position < frames[top].end else {
      leave()
      return nil
    }
    let member = frames[top].object.storage[frames[top].position]
    frames[top].position += 1
    next = member.value
    return member.key
  }

  /// The next member in document order, as a `Key` when it names one, or nil at the object's end (left).
  package mutating func nextName<Key: SpecKey>(_ key: Key.Type) -> SpecMember<Key>? {
    guard let name = nextName() else { return nil }
    guard let key = Key(name: name) else { return .other(name) }
    return .known(key)
  }

  /// Enters the array that comes next.
  package mutating func enterArray() -> Bool {
    guard case .array(let elements)? = next else { return false }
    next = nil
    frames.append(Frame(object: JSONObject(), elements: elements, position: 0, end: elements.count, planStart: -1))
    return true
  }

  /// Moves to the next element of the array entered last; false at its end (left).
  package mutating func nextElement() -> Bool {
    guard let top = frames.indices.last else { return false }
    guard frames[top].position < frames[top].end else {
      leave()
      return false
    }
    next = frames[top].elements[frames[top].position]
    frames[top].position += 1
    return true
  }

  /// The value that comes next, as it is.
  package mutating func value() throws(SpecDecodingError) -> JSONValue {
    guard let value = next else { throw Self.noValue }
    next = nil
    return value
  }

  /// The string that comes next, if it is one.
  package mutating func string() -> String? {
    guard case .string(let text)? = next else { return nil }
    next = nil
    return text
  }

  /// The boolean that comes next, if it is one.
  package mutating func bool() -> Bool? {
    guard case .bool(let flag)? = next else { return nil }
    next = nil
    return flag
  }

  /// True (and read) when `null` comes next.
  package mutating func consumeNull() -> Bool {
    guard case .null? = next else { return false }
    next = nil
    return true
  }

  /// The object entered last with `enterObject(_:)`, as it is; left.
  package mutating func wholeObject() throws(SpecDecodingError) -> JSONObject {
    guard let top = frames.last, top.planStart >= 0 else { throw Self.noValue }
    leave()
    next = nil
    return top.object
  }

  /// `BoxTreeDecoder.decodeElement` specialized for a parsed value.
  package mutating func decodeElement(path: () -> String, depth: Int, limits: SpecDecoder.Limits)
    throws(SpecDecodingError) -> LayoutElement
  {
    try BoxTreeDecoder.decodeElement(&self, path: path, depth: depth, limits: limits)
  }

  /// Leaves the innermost container.
  private mutating func leave() {
    guard let top = frames.popLast() else { return }
    if top.planStart >= 0 { plan.removeLast(plan.count - top.planStart) }
  }
}
