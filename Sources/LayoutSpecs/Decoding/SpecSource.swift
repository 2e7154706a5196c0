import JSONCodec

/// One JSON value read front to back, a step at a time, for the decoders written once for both forms a spec
/// arrives in: a parsed `JSONValue` (`JSONValueSource`) and validated bytes (`JSONBytesSource`, no tree built).
///
/// A decoder pulls: it enters objects and arrays, asks for the next member or element, and reads, builds or
/// checks the value that comes next, in document order. Objects with a fixed set of members (`SpecKey`) yield
/// each member at most once, in the decoder's order when the source can give it (a parsed value yields the last
/// of a repeated member, and members in `order`), else in document order; a source that cannot take a document in
/// one pass (a repeated member, one after the `trailing` member) refuses it instead. Errors from a source that
/// refuses name no path: such a source's errors are never shown, its caller decodes the parsed value instead.
/// Generic decoders are specialized per source (each source calls them on itself), so reading bytes stays a
/// straight pass.
package protocol SpecSource: ~Copyable {
  /// Enters the object that comes next, whose members are read with `nextMember(_:)` (`order`: the decoder's order
  /// of its members, nil standing for the first member that is none of them); false (nothing read) when the next
  /// value is not an object.
  mutating func enterObject<Key: SpecKey>(_ order: [Key?]) -> Bool

  /// The next member of the object entered last with `enterObject(_:)`, leaving the source at its value; nil at the
  /// end of the object (which is left).
  mutating func nextMember<Key: SpecKey>(_ key: Key.Type) throws(SpecDecodingError) -> SpecMember<Key>?

  /// Enters the object that comes next, whose members (any names, repeats included) are read with `nextName()`;
  /// false (nothing read) when the next value is not an object.
  mutating func enterObject() -> Bool

  /// The name of the next member of the object entered last with `enterObject()`, in document order, leaving the
  /// source at its value; nil at the end of the object (which is left).
  mutating func nextName() throws(SpecDecodingError) -> String?

  /// The next member of the object entered last with `enterObject()`, in document order (repeats included), as a
  /// `Key` when it names one and by its name otherwise, leaving the source at its value; nil at the end of the
  /// object (which is left). Spares a source reading bytes making a String of every key.
  mutating func nextName<Key: SpecKey>(_ key: Key.Type) throws(SpecDecodingError) -> SpecMember<Key>?

  /// Enters the array that comes next; false (nothing read) when the next value is not an array.
  mutating func enterArray() -> Bool

  /// True when another element of the array entered last follows (the source is then at it); false at the end of
  /// the array (which is left).
  mutating func nextElement() throws(SpecDecodingError) -> Bool

  /// The value that comes next, built; the source is after it.
  mutating func value() throws(SpecDecodingError) -> JSONValue

  /// The string that comes next (the source is then after it); nil when the next value is not a string (nothing
  /// read).
  mutating func string() throws(SpecDecodingError) -> String?

  /// The boolean that comes next (the source is then after it); nil when the next value is not one (nothing read).
  mutating func bool() throws(SpecDecodingError) -> Bool?

  /// True when the next value is `null` (the source is then after it); false otherwise (nothing read).
  mutating func consumeNull() -> Bool

  /// The whole object entered last with `enterObject(_:)`, built from its start whatever was read of it; the
  /// source is after it.
  mutating func wholeObject() throws(SpecDecodingError) -> JSONObject

  /// The element of a spec that comes next (see `BoxTreeDecoder.decodeElement`), at nesting depth `depth`,
  /// within `limits`; `path` makes its JSON path.
  mutating func decodeElement(path: () -> String, depth: Int, limits: SpecDecoder.Limits)
    throws(SpecDecodingError) -> LayoutElement
}

/// What `SpecSource.nextMember(_:)` found.
package enum SpecMember<Key: SpecKey> {
  /// A member the decoder reads.
  case known(Key)
  /// A member named otherwise (the object's first one, when the source yields in the decoder's order).
  case other(String)
}

/// The members an object of the spec language may have (its other members are refused), numbered from 0 by
/// `rawValue` (below 64).
package protocol SpecKey: RawRepresentable<Int>, Equatable {
  /// Number of keys (`rawValue`s are `0..<count`).
  static var count: Int { get }
  /// The key's name in JSON.
  var spelling: StaticString { get }
  /// A member whose value a source reading in one pass decodes in place (a box node's `children`): none may come
  /// after it.
  static var trailing: Self? { get }
  /// The key spelled by the UTF-8 bytes `name`, if any (by default, tried key by key).
  init?(utf8 name: UnsafeBufferPointer<UInt8>)
}

extension SpecKey {
  /// No trailing member.
  package static var trailing: Self? { nil }

  /// The key spelled by the UTF-8 bytes `name`, if any, tried key by key (length and first byte first).
  package init?(utf8 name: UnsafeBufferPointer<UInt8>) {
    guard let first = name.first else { return nil }
    for raw in 0..<Self.count {
      guard let key = Self(rawValue: raw) else { continue }
      let spelling = key.spelling
      guard spelling.utf8CodeUnitCount == name.count, spelling.utf8Start[0] == first, key.isSpelled(by: name) else {
        continue
      }
      self = key
      return
    }
    return nil
  }

  /// True when the UTF-8 bytes `name` spell this key.
  @inline(__always)
  package func isSpelled(by name: UnsafeBufferPointer<UInt8>) -> Bool {
    let spelling = self.spelling
    guard spelling.utf8CodeUnitCount == name.count, let given = name.baseAddress else { return false }
    let bytes = UnsafeRawPointer(spelling.utf8Start)
    let other = UnsafeRawPointer(given)
    // Eight bytes at a time, then byte by byte (keys are short).
    var i = 0
    while i + 8 <= name.count {
      guard
        other.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          == bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      else { return false }
      i += 8
    }
    while i < name.count {
      guard other.load(fromByteOffset: i, as: UInt8.self) == bytes.load(fromByteOffset: i, as: UInt8.self) else {
        return false
      }
      i += 1
    }
    return true
  }

  /// The key named `name`, if any.
  package init?(name: String) {
    var name = name
    let found = name.utf8.withContiguousStorageIfAvailable { Self(utf8: $0) } ?? name.withUTF8 { Self(utf8: $0) }
    guard let key = found else { return nil }
    self = key
  }
}
