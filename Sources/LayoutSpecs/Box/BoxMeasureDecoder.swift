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

  /// Decodes `value`; `path` names it. A real font's family is looked up when a layout needs it.
  package static func decode(_ value: JSONValue, path: @autoclosure () -> String) throws(SpecDecodingError)
    -> BoxTextMeasure
  {
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: path(), message: "expected an object, got \(value.kindDescription)")
    }
    if let (key, message) = ElementMembers.boxMeasure.firstProblem(object) {
      throw SpecDecodingError(path: JSONPath.member(path(), key), message: message)
    }
    guard let kindValue = object["kind"] else {
      throw SpecDecodingError(path: JSONPath.member(path(), "kind"), message: "missing")
    }
    guard case .string(let kind) = kindValue else {
      throw SpecDecodingError(
        path: JSONPath.member(path(), "kind"), message: "expected a string, got \(kindValue.kindDescription)")
    }
    guard kind == "yoga-text" || kind == "text" else {
      throw SpecDecodingError(
        path: JSONPath.member(path(), "kind"),
        message: "unknown measure kind \"\(kind)\"; expected \"text\" or \"yoga-text\"")
    }
    let text = try string(object, "text", path())
    let fontSize = try fontSizeValue(object, path())
    if kind == "yoga-text" { return BoxTextMeasure(kind: .yogaText, text: text, fontSize: fontSize) }
    let font = try string(object, "font", path())
    // Case-insensitive, ASCII only: no other character lowercases to one of these letters.
    let isAhem = font.utf8.count == 4 && font.utf8.elementsEqual("ahem".utf8) { $0 | 0x20 == $1 }
    return BoxTextMeasure(kind: isAhem ? .ahem : .font(font), text: text, fontSize: fontSize)
  }

  /// The Typography constraint for an engine offer.
  @inline(__always) static func constraint(_ offer: AxisOffer) -> SizeConstraint {
    switch offer.mode {
    case .exactly: return .exactly(offer.size)
    case .atMost: return .atMost(offer.size)
    case .undefined: return .unbounded
    }
  }

  /// A required string member.
  private static func string(_ object: JSONObject, _ key: String, _ path: @autoclosure () -> String)
    throws(SpecDecodingError) -> String
  {
    guard let v = object[key] else { throw SpecDecodingError(path: JSONPath.member(path(), key), message: "missing") }
    guard case .string(let s) = v else {
      throw SpecDecodingError(
        path: JSONPath.member(path(), key), message: "expected a string, got \(v.kindDescription)")
    }
    return s
  }

  /// The required positive `fontSize`.
  private static func fontSizeValue(_ object: JSONObject, _ path: @autoclosure () -> String)
    throws(SpecDecodingError) -> Double
  {
    guard let v = object["fontSize"] else {
      throw SpecDecodingError(path: JSONPath.member(path(), "fontSize"), message: "missing")
    }
    let size = try BoxStyleDecoder.number(v, JSONPath.member(path(), "fontSize"))
    guard size > 0 else {
      throw SpecDecodingError(
        path: JSONPath.member(path(), "fontSize"), message: "expected a positive number, got \(size)")
    }
    return size
  }
}
