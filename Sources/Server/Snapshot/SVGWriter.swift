/// Builds an SVG document as text: elements with escaped attributes and text, numbers in short form. Pure value;
/// one per snapshot.
struct SVGWriter {
  /// The document so far.
  private(set) var text = ""
  /// Open elements, innermost last.
  private var stack: [String] = []

  /// A writer with the XML declaration written.
  init() {
    text.reserveCapacity(16_384)
    text += #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
  }

  /// Opens `<name attributes…>`; every value is escaped.
  mutating func open(_ name: String, _ attributes: KeyValuePairs<String, SVGValue> = [:]) {
    indent()
    text += "<" + name
    append(attributes)
    text += ">\n"
    stack.append(name)
  }

  /// Closes the innermost open element.
  mutating func close() {
    guard let name = stack.popLast() else { return }
    indent()
    text += "</" + name + ">\n"
  }

  /// Writes `<name attributes…/>`, or `<name …>content</name>` with `content` escaped.
  mutating func element(_ name: String, _ attributes: KeyValuePairs<String, SVGValue>, content: String? = nil) {
    indent()
    text += "<" + name
    append(attributes)
    if let content {
      text += ">" + XMLEscaping.escaped(content) + "</" + name + ">\n"
    } else {
      text += "/>\n"
    }
  }

  /// Closes every open element and returns the document.
  mutating func finish() -> String {
    while !stack.isEmpty { close() }
    return text
  }

  /// Appends ` key="value"` for each attribute whose value is present.
  private mutating func append(_ attributes: KeyValuePairs<String, SVGValue>) {
    for (key, value) in attributes {
      guard let rendered = value.rendered else { continue }
      text += " " + key + "=\"" + rendered + "\""
    }
  }

  /// Two spaces per open element.
  private mutating func indent() {
    for _ in stack { text += "  " }
  }
}

/// An attribute value: text (escaped when written), a number (short form), or absent (the attribute is left out).
/// Pure.
enum SVGValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  /// Text, escaped when written.
  case text(String)
  /// A number in points, written with at most two decimals.
  case number(Double)
  /// No attribute.
  case absent

  /// A literal string.
  init(stringLiteral value: String) { self = .text(value) }
  /// A literal number.
  init(floatLiteral value: Double) { self = .number(value) }
  /// A literal integer.
  init(integerLiteral value: Int) { self = .number(Double(value)) }

  /// Text or absent.
  static func optional(_ text: String?) -> SVGValue { text.map { .text($0) } ?? .absent }

  /// The escaped attribute text, nil when absent.
  var rendered: String? {
    switch self {
    case .text(let s): return XMLEscaping.escaped(s)
    case .number(let d): return SVGValue.format(d)
    case .absent: return nil
    }
  }

  /// `d` rounded to hundredths without trailing zeros ("12", "0.5", "-3.25"); non-finite values as "0".
  static func format(_ d: Double) -> String {
    guard d.isFinite else { return "0" }
    let r = (d * 100).rounded() / 100
    if r == 0 { return "0" }  // also −0
    if abs(r) < 1e15, r == r.rounded() { return String(Int64(r)) }
    return "\(r)"
  }

  /// Several numbers separated by spaces (`viewBox`, `points`).
  static func numbers(_ values: Double...) -> SVGValue {
    .text(values.map(format).joined(separator: " "))
  }
}
