import FlexLayout
import JSONCodec
import Typography

/// Decodes a FORMAT.md MEASURE object into a measure (and baseline) function backed by Typography. Pure.
package enum BoxMeasureDecoder {
  /// A decoded measure leaf.
  package struct Leaf: Sendable {
    /// Measures the leaf's content box.
    package var measure: MeasureFunction
    /// The leaf's first baseline, when its text has one.
    package var baseline: BaselineFunction?
    /// The leaf's min-content width (its longest word), for CSS's automatic minimum size.
    package var minContentWidth: MinContentWidthFunction?
  }

  /// Decodes `value` for a leaf styled `style`; `path` names `value`.
  package static func decode(_ value: JSONValue, style: Style, path: String) throws(SpecDecodingError) -> Leaf {
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: path, message: "expected an object, got \(value.kindDescription)")
    }
    let kindPath = JSONPath.member(path, "kind")
    guard let kindValue = object["kind"] else { throw SpecDecodingError(path: kindPath, message: "missing") }
    guard case .string(let kind) = kindValue else {
      throw SpecDecodingError(path: kindPath, message: "expected a string, got \(kindValue.kindDescription)")
    }
    guard kind == "yoga-text" || kind == "text" else {
      throw SpecDecodingError(
        path: kindPath, message: "unknown measure kind \"\(kind)\"; expected \"text\" or \"yoga-text\"")
    }
    let text = try string(object, "text", path)
    let fontSize = try fontSizeValue(object, path)
    // Both kinds set every character `fontSize` wide, so the longest word is the min-content width.
    let longestWord = fontSize * Double(text.split(separator: " ").map { $0.unicodeScalars.count }.max() ?? 0)
    switch kind {
    case "yoga-text":
      let isColumn = style.flexDirection.isColumn
      return Leaf(
        measure: { width, height in
          let size = YogaTextMeasure.measure(
            text: text, fontSize: fontSize, isColumn: isColumn, width: constraint(width), height: constraint(height))
          return FlexLayout.Size(width: size.width, height: size.height)
        }, baseline: nil, minContentWidth: { longestWord })
    case "text":
      let font = try string(object, "font", path)
      if font.lowercased() == "ahem" {
        return Leaf(
          measure: { width, _ in
            let size = AhemMeasure.measure(text: text, fontSize: fontSize, width: constraint(width))
            return FlexLayout.Size(width: size.width, height: size.height)
          },
          baseline: { _, _ in 0.8 * fontSize }, minContentWidth: { longestWord })
      }
      // A real font, measured as a browser lays out plain text (FORMAT.md: kerning off unless textMetrics says).
      let face: Font
      do {
        face = try FontRegistry.system.font(family: font)
      } catch {
        throw SpecDecodingError(path: JSONPath.member(path, "font"), message: "\(error)")
      }
      let options = TextOptions(kerning: false)
      let minContent = text.split(separator: " ").reduce(0.0) { widest, word in
        max(
          widest, TextLayout(text: String(word), font: face, size: fontSize, options: options, width: .unbounded).width)
      }
      return Leaf(
        measure: { width, _ in
          let layout = TextLayout(text: text, font: face, size: fontSize, options: options, width: constraint(width))
          return FlexLayout.Size(width: layout.width, height: layout.height)
        },
        baseline: { width, _ in
          TextLayout(text: text, font: face, size: fontSize, options: options, width: .exactly(width)).ascender
        }, minContentWidth: { minContent })
    default:
      throw SpecDecodingError(
        path: kindPath, message: "unknown measure kind \"\(kind)\"; expected \"text\" or \"yoga-text\"")
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

  /// A required string member.
  private static func string(_ object: JSONObject, _ key: String, _ path: String) throws(SpecDecodingError)
    -> String
  {
    let p = JSONPath.member(path, key)
    guard let v = object[key] else { throw SpecDecodingError(path: p, message: "missing") }
    guard case .string(let s) = v else {
      throw SpecDecodingError(path: p, message: "expected a string, got \(v.kindDescription)")
    }
    return s
  }

  /// The required positive `fontSize`.
  private static func fontSizeValue(_ object: JSONObject, _ path: String) throws(SpecDecodingError) -> Double {
    let p = JSONPath.member(path, "fontSize")
    guard let v = object["fontSize"] else { throw SpecDecodingError(path: p, message: "missing") }
    let size = try BoxStyleDecoder.number(v, p)
    guard size > 0 else { throw SpecDecodingError(path: p, message: "expected a positive number, got \(size)") }
    return size
  }
}
