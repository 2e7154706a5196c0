import FlexLayout
import JSONCodec
import Typography

/// Decodes a FORMAT.md MEASURE object into a `BoxTextMeasure`, whose functions are backed by Typography. Pure;
/// paths are built only when an error is thrown.
package enum BoxMeasureDecoder {
  /// The functions a flex tree calls for a measured leaf.
  package struct Leaf: Sendable {
    /// Measures the leaf's content box.
    package var measure: MeasureFunction
    /// The leaf's first baseline, when its text has one.
    package var baseline: BaselineFunction?
    /// The leaf's min-content width (its longest word), for CSS's automatic minimum size.
    package var minContentWidth: MinContentWidthFunction?
  }

  /// Decodes the MEASURE object that comes next in `source` (its members' values are read, the object is not
  /// built). A real font's family is looked up when a layout needs it. Error paths are relative to the object
  /// (`kind`, or empty for the object itself): the caller roots them (`SpecDecodingError.rooted(at:)`).
  ///
  /// Members are only kept while the object is read and checked at its end, so any source gives them in document
  /// order: the first member that is none of these is refused, and the last of a repeated one counts.
  package static func decode<Source: SpecSource & ~Copyable>(_ source: inout Source) throws(SpecDecodingError)
    -> BoxTextMeasure
  {
    guard source.enterObject() else {
      let kind = try source.value().kindDescription
      throw SpecDecodingError(path: "", message: "expected an object, got \(kind)")
    }
    // Four variables, not a tuple: the tuple was destroyed through its metadata (~430 instructions a measure).
    var kindMember: JSONValue?
    var textMember: JSONValue?
    var fontMember: JSONValue?
    var fontSizeMember: JSONValue?
    var other: String?
    while let member = try source.nextName(Key.self) {
      let value = try source.value()
      switch member {
      case .known(.kind): kindMember = value
      case .known(.text): textMember = value
      case .known(.font): fontMember = value
      case .known(.fontSize): fontSizeMember = value
      case .other(let key): if other == nil { other = key }
      }
    }
    if let other {
      throw SpecDecodingError(path: other, message: ElementMembers.boxMeasure.problem(other) ?? "unknown member")
    }
    guard let kindValue = kindMember else { throw SpecDecodingError(path: "kind", message: "missing") }
    guard case .string(let kind) = kindValue else {
      throw SpecDecodingError(path: "kind", message: "expected a string, got \(kindValue.kindDescription)")
    }
    let isText = kind == "text"
    guard isText || kind == "yoga-text" else {
      throw SpecDecodingError(
        path: "kind", message: "unknown measure kind \"\(kind)\"; expected \"text\" or \"yoga-text\"")
    }
    let text = try string(textMember, "text")
    let fontSize = try fontSizeValue(fontSizeMember)
    if !isText { return BoxTextMeasure(kind: .yogaText, text: text, fontSize: fontSize) }
    let font = try string(fontMember, "font")
    return BoxTextMeasure(kind: isAhem(font) ? .ahem : .font(font), text: text, fontSize: fontSize)
  }

  /// The members of a MEASURE object.
  enum Key: Int, SpecKey {
    /// `kind`.
    case kind
    /// `text`.
    case text
    /// `font`.
    case font
    /// `fontSize`.
    case fontSize

    /// Four keys.
    static let count = 4

    /// The key's name in JSON.
    var spelling: StaticString {
      switch self {
      case .kind: "kind"
      case .text: "text"
      case .font: "font"
      case .fontSize: "fontSize"
      }
    }

    /// The key spelled by the UTF-8 bytes `name`, if any: one candidate picked by length and first byte, then
    /// compared whole.
    init?(utf8 name: UnsafeBufferPointer<UInt8>) {
      guard let first = name.first else { return nil }
      let candidate: Key
      switch (name.count, first) {
      case (4, UInt8(ascii: "k")): candidate = .kind
      case (4, UInt8(ascii: "t")): candidate = .text
      case (4, UInt8(ascii: "f")): candidate = .font
      case (8, UInt8(ascii: "f")): candidate = .fontSize
      default: return nil
      }
      guard candidate.isSpelled(by: name) else { return nil }
      self = candidate
    }
  }

  /// The Typography constraint for an engine offer.
  @inline(__always) static func constraint(_ offer: AxisOffer) -> SizeConstraint {
    switch offer.mode {
    case .exactly: return .exactly(offer.size)
    case .atMost: return .atMost(offer.size)
    case .undefined: return .unbounded
    }
  }

  /// Whether the family `font` is Ahem: case-insensitive, ASCII only (no other character lowercases to one of
  /// these letters). Compares bytes (`font` is short: a String's UTF-8 view compared element by element cost
  /// about 400 instructions per measure).
  private static func isAhem(_ font: String) -> Bool {
    guard font.utf8.count == 4 else { return false }
    var font = font
    return font.withUTF8 { b in
      b[0] | 0x20 == UInt8(ascii: "a") && b[1] | 0x20 == UInt8(ascii: "h") && b[2] | 0x20 == UInt8(ascii: "e")
        && b[3] | 0x20 == UInt8(ascii: "m")
    }
  }

  /// A required string member `key` whose value is `value`.
  private static func string(_ value: JSONValue?, _ key: String) throws(SpecDecodingError) -> String {
    guard let v = value else { throw SpecDecodingError(path: key, message: "missing") }
    guard case .string(let s) = v else {
      throw SpecDecodingError(path: key, message: "expected a string, got \(v.kindDescription)")
    }
    return s
  }

  /// The required positive `fontSize` whose value is `value`.
  private static func fontSizeValue(_ value: JSONValue?) throws(SpecDecodingError) -> Double {
    guard let v = value else { throw SpecDecodingError(path: "fontSize", message: "missing") }
    let size = try BoxStyleDecoder.number(v, "fontSize")
    guard size > 0 else {
      throw SpecDecodingError(path: "fontSize", message: "expected a positive number, got \(size)")
    }
    return size
  }
}
