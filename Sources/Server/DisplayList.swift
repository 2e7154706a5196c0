import JSONCodec
import LayoutSpecs

/// What a display pass hands the client for one cell: its drawing as rectangles, positioned text lines with their
/// font, and image frames (Texture's display work: layout turned into contents). Pure value; built on a display
/// queue.
struct DisplayList: Sendable {
  /// One thing to draw; frames are relative to the cell, points after pixel rounding (Texture's flattening).
  enum Item: Sendable {
    /// A container or plain node: `type` is the element's JSON type.
    case rect(type: String, id: String?, name: String?, frame: Rect)
    /// A text leaf with its font and lines, relative to the cell.
    case text(id: String?, name: String?, frame: Rect, leaf: TextLeaf, lines: [Line])
    /// An image leaf (drawn as a placeholder of its frame).
    case image(id: String?, name: String?, frame: Rect, source: String?)
  }

  /// One line of a text leaf as drawn: its text, left edge, baseline and width relative to the cell, and its runs.
  struct Line: Sendable {
    /// The characters shown (the truncation string included on a cut line).
    var text: String
    /// The left edge.
    var x: Double
    /// The baseline.
    var baseline: Double
    /// The width.
    var width: Double
    /// The line's runs in visual order (left to right), each in one direction and one face; empty when the line is
    /// left to right in the leaf's own font.
    var runs: [Run] = []
  }

  /// A piece of a line drawn in one direction and one face.
  struct Run: Sendable {
    /// Its characters, in logical order.
    var text: String
    /// Its left edge relative to the cell.
    var x: Double
    /// Its width.
    var width: Double
    /// Whether it is drawn right to left.
    var rightToLeft: Bool
    /// The face (nil: the leaf's own font).
    var font: (family: String, weight: Int, italic: Bool, size: Double)?
  }

  /// The cell's size (points, ceiled).
  let size: Size
  /// Items in drawing order (back to front).
  let items: [Item]

  /// Builds the list from a cell's spec and its layout, walking both trees together. Where the trees do not
  /// correspond (inside boxes), items are plain rectangles named by their layout type. Iterative.
  static func build(content: LayoutElement, layout: Layout, grid: PixelGrid) -> DisplayList {
    var items: [Item] = []
    var pending: [(element: LayoutElement?, layout: Layout, origin: Point)] = [(content, layout, .zero)]
    while let (element, l, origin) = pending.popLast() {
      let cx = grid.ceil(origin.x)
      let cy = grid.ceil(origin.y)
      let frame = Rect(origin: Point(cx.isFinite ? cx + 0 : 0, cy.isFinite ? cy + 0 : 0), size: l.size)
      switch element?.kind {
      case .text(let leaf):
        items.append(
          .text(id: l.id, name: l.name, frame: frame, leaf: leaf, lines: lines(of: leaf, l, at: frame.origin)))
      case .image(let leaf):
        items.append(.image(id: l.id, name: l.name, frame: frame, source: leaf.source))
      default:
        items.append(.rect(type: l.type, id: l.id, name: l.name, frame: frame))
      }
      let subs = element.flatMap { drawingOrder($0, count: l.children.count) }
      for (index, child) in l.children.enumerated().reversed() {
        let sub = subs?[index]
        pending.append((sub?.typeName == child.type ? sub : nil, child, origin + child.position))
      }
    }
    return DisplayList(size: layout.size, items: items)
  }

  /// An element's sub-elements in the order its layout lists their layouts (background before the child, overlay
  /// after it), or nil when the counts differ.
  private static func drawingOrder(_ element: LayoutElement, count: Int) -> [LayoutElement]? {
    var subs = element.subelements
    if case .background(let spec) = element.kind, let background = spec.background { subs = [background, spec.child] }
    return subs.count == count ? subs : nil
  }

  /// A text leaf's lines as drawn: visible characters (plus the truncation string on a cut line), left edge and
  /// baseline relative to the cell, and width.
  private static func lines(of leaf: TextLeaf, _ layout: Layout, at origin: Point) -> [Line] {
    guard let measured = layout.text?.lines else { return [] }
    let scalars = Array(leaf.text.unicodeScalars)
    func slice(_ range: Range<Int>) -> String {
      let lower = min(max(0, range.lowerBound), scalars.count)
      let upper = min(max(lower, range.upperBound), scalars.count)
      return String(String.UnicodeScalarView(scalars[lower..<upper]))
    }
    return measured.map { line in
      let runs = line.runs.map { run in
        Run(
          text: slice(run.range), x: origin.x + run.x, width: run.width, rightToLeft: run.rightToLeft,
          font: run.font)
      }
      if let shown = line.text {
        return Line(
          text: shown, x: origin.x + line.x, baseline: origin.y + line.baseline, width: line.width, runs: runs)
      }
      var text = slice(line.range)
      while text.last == " " { text.removeLast() }
      if line.isTruncated, case .tail(let marker) = leaf.truncation { text += marker }
      return Line(text: text, x: origin.x + line.x, baseline: origin.y + line.baseline, width: line.width, runs: runs)
    }
  }

  /// `{size, items: [{kind: "rect"|"text"|"image", type?, id?, name?, frame, font?, color?, lines?, source?}]}`.
  var json: JSONValue {
    .object(
      JSONObject([
        ("size", .object(JSONObject([("width", .double(size.width)), ("height", .double(size.height))]))),
        ("items", .array(items.map(\.json))),
      ]))
  }
}

extension DisplayList.Item {
  /// The item as JSON (see `DisplayList.json`).
  var json: JSONValue {
    var o = JSONObject()
    func identify(_ id: String?, _ name: String?, _ frame: Rect) {
      if let id { o["id"] = .string(id) }
      if let name { o["name"] = .string(name) }
      o["frame"] = Session.rect(
        x: frame.origin.x, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
    }
    switch self {
    case .rect(let type, let id, let name, let frame):
      o["kind"] = .string("rect")
      o["type"] = .string(type)
      identify(id, name, frame)
    case .text(let id, let name, let frame, let leaf, let lines):
      o["kind"] = .string("text")
      identify(id, name, frame)
      o["font"] = .object(
        JSONObject([
          ("family", .string(leaf.fontFamily)), ("size", .double(leaf.fontSize)),
          ("weight", .int(Int64(leaf.fontWeight))),
        ]))
      if let color = leaf.color { o["color"] = .string(color) }
      o["lines"] = .array(
        lines.map { line in
          var members: [(String, JSONValue)] = [
            ("text", .string(line.text)), ("x", .double(line.x)), ("baseline", .double(line.baseline)),
            ("width", .double(line.width)),
          ]
          if !line.runs.isEmpty { members.append(("runs", .array(line.runs.map(\.json)))) }
          return .object(JSONObject(members))
        })
    case .image(let id, let name, let frame, let source):
      o["kind"] = .string("image")
      identify(id, name, frame)
      if let source { o["source"] = .string(source) }
    }
    return .object(o)
  }
}

extension DisplayList.Run {
  /// `{"text", "x", "width", "direction": "ltr"|"rtl", "font"?: {"family", "weight", "italic", "size"}}`.
  var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("text", .string(text)), ("x", .double(x)), ("width", .double(width)),
      ("direction", .string(rightToLeft ? "rtl" : "ltr")),
    ]
    if let font {
      members.append(
        (
          "font",
          .object(
            JSONObject([
              ("family", .string(font.family)), ("weight", .int(Int64(font.weight))), ("italic", .bool(font.italic)),
              ("size", .double(font.size)),
            ]))
        ))
    }
    return .object(JSONObject(members))
  }
}
