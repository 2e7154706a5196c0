import JSONCodec
import LayoutSpecs
import Testing

/// The member keys the box decoder matches from bytes (a node's members, a style's properties, an EDGES object's
/// sides) pick one candidate by length and first byte and compare it whole: every spelling gives its key, and a
/// name gives a key exactly when it spells one, as a plain search of the spellings says. Decoding the same style
/// from bytes and from the parsed value gives equal elements, however its members are spelled.
@Suite struct SpecKeyLookupTests {
  /// The key `name` spells, found by comparing it with every spelling in turn (the reference).
  static func searched<Key: SpecKey>(_ name: String, _: Key.Type) -> Key? {
    allKeys(Key.self).first { $0.spelling.description == name }
  }

  /// Every key of `Key`, by `rawValue`.
  static func allKeys<Key: SpecKey>(_: Key.Type) -> [Key] { (0..<Key.count).compactMap(Key.init(rawValue:)) }

  /// Names near `spelling`: each byte replaced by a few others (the bytes that tell keys apart among them), each
  /// byte dropped, a byte added at each end, and the case of its first letter changed.
  static func nearMisses(_ spelling: String) -> [String] {
    let bytes = Array(spelling.utf8)
    var names: [String] = []
    for i in bytes.indices {
      for replacement in Array("aeiGWxX0 ".utf8) where replacement != bytes[i] {
        var changed = bytes
        changed[i] = replacement
        names.append(String(decoding: changed, as: UTF8.self))
      }
      var dropped = bytes
      dropped.remove(at: i)
      names.append(String(decoding: dropped, as: UTF8.self))
    }
    names.append(spelling + "s")
    names.append("x" + spelling)
    names.append(spelling.prefix(1).uppercased() + spelling.dropFirst())
    return names
  }

  /// Checks that `Key(name:)` agrees with the reference on every spelling and its near misses.
  static func checkLookup<Key: SpecKey>(_: Key.Type, sourceLocation: SourceLocation = #_sourceLocation) {
    let keys = allKeys(Key.self)
    #expect(keys.count == Key.count && Key(rawValue: Key.count) == nil, sourceLocation: sourceLocation)
    for key in keys {
      let spelling = key.spelling.description
      #expect(Key(name: spelling) == key, "\(spelling)", sourceLocation: sourceLocation)
      for name in nearMisses(spelling) {
        #expect(Key(name: name) == searched(name, Key.self), "\(name)", sourceLocation: sourceLocation)
      }
    }
    #expect(Key(name: "") == nil, sourceLocation: sourceLocation)
  }

  @Test func styleProperties() {
    Self.checkLookup(BoxStyleKey.self)
    // The keys that share a length and first byte, told apart by one byte.
    #expect(BoxStyleKey(name: "flexWrap") == .flexWrap)
    #expect(BoxStyleKey(name: "flexGrow") == .flexGrow)
    #expect(BoxStyleKey(name: "minWidth") == .minWidth)
    #expect(BoxStyleKey(name: "maxWidth") == .maxWidth)
    #expect(BoxStyleKey(name: "minHeight") == .minHeight)
    #expect(BoxStyleKey(name: "maxHeight") == .maxHeight)
    #expect(BoxStyleKey(name: "mxxWidth") == nil)
    #expect(BoxStyleKey(name: "flexXrow") == nil)
  }

  @Test func edgeSides() {
    Self.checkLookup(BoxEdgeKey.self)
  }

  @Test func nodeMembers() {
    Self.checkLookup(BoxNodeKey.self)
  }

  /// Styles with repeated sides, empty EDGES objects, the properties that share a length and first byte, and
  /// measures in Ahem, another font and yoga-text: taken from the bytes, and equal to the parsed value's element.
  @Test(
    arguments: [
      #"{"type":"box","style":{"margin":{"left":1,"left":2,"all":3},"padding":{},"border":{"top":1}}}"#,
      #"{"type":"box","style":{"minWidth":1,"maxWidth":2,"minHeight":3,"maxHeight":4,"flexGrow":1,"flexWrap":"wrap"}}"#,
      #"{"type":"box","style":{"position":{"start":1,"end":"auto"},"positionType":"absolute","margin":{}}}"#,
      #"{"type":"box","measure":{"kind":"text","text":"a","font":"AHEM","fontSize":10}}"#,
      #"{"type":"box","measure":{"kind":"text","text":"a","font":"ahen","fontSize":10}}"#,
      #"{"type":"box","measure":{"fontSize":10,"text":"a b","kind":"yoga-text"}}"#,
    ])
  func bytesAreTakenAndEqual(_ text: String) throws {
    let element = try SpecDecoder.decode(try JSONParser.parse(text), path: "cell")
    let fast = try #require(BytesSourceTests.scanned(text), "\(text)")
    #expect(fast == element, "\(text)")
  }

  /// Near misses of property, side and measure member names, and a side that is not an object: the parsed value
  /// refuses them, and the bytes are left to it.
  @Test(
    arguments: [
      #"{"type":"box","style":{"mxxWidth":1}}"#, #"{"type":"box","style":{"margin":{"lefT":1}}}"#,
      #"{"type":"box","style":{"margin":5}}"#, #"{"type":"box","style":{"flexGrov":1}}"#,
      #"{"type":"box","measure":{"kind":"text","text":"a","font":"ahem","fontSizf":10}}"#,
      #"{"type":"box","measure":{"kinds":"text","text":"a","font":"ahem","fontSize":10}}"#,
    ])
  func nearMissesAreRefused(_ text: String) throws {
    #expect(throws: SpecDecodingError.self) { try SpecDecoder.decode(try JSONParser.parse(text), path: "cell") }
    #expect(BytesSourceTests.scanned(text) == nil, "\(text)")
  }

  /// The errors a style's and a measure's members give, as the parsed value gives them (messages unchanged by the
  /// key lookup).
  @Test func errorsNameTheMember() {
    func message(_ text: String) -> String? {
      do {
        _ = try SpecDecoder.decode(try JSONParser.parse(text), path: "cell")
        return nil
      } catch {
        return "\(error)"
      }
    }
    #expect(message(#"{"type":"box","style":{"mxxWidth":1}}"#) == "cell.style.mxxWidth: unknown style property")
    #expect(
      message(#"{"type":"box","style":{"margin":{"lefT":1}}}"#)
        == "cell.style.margin.lefT: unknown edge; expected left, top, right, bottom, start, end, horizontal, vertical or all"
    )
    #expect(message(#"{"type":"box","style":{"margin":5}}"#) == "cell.style.margin: expected an object, got a number")
    #expect(
      message(#"{"type":"box","style":{"padding":{"top":-1}}}"#)
        == "cell.style.padding.top: expected a non-negative number, got -1")
    #expect(
      message(#"{"type":"box","measure":{"kind":"text","text":"a","font":"ahem","FontSize":10}}"#)
        == #"cell.measure.FontSize: unknown member of a box measure (did you mean "fontSize"?); valid members: "kind", "text", "font", "fontSize""#
    )
  }
}
