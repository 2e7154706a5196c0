import Foundation
import JSONCodec
import Testing

@testable import Server

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A parsed XML element: name, attributes, children and text, from Foundation's `XMLParser`.
final class SVGNode {
  /// Element name.
  let name: String
  /// Attributes as written (entities resolved).
  let attributes: [String: String]
  /// Child elements in order.
  var children: [SVGNode] = []
  /// Character data directly inside the element.
  var text = ""

  /// An element.
  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// Every descendant (depth first, this element included) matching `predicate`.
  func all(_ predicate: (SVGNode) -> Bool) -> [SVGNode] {
    var found: [SVGNode] = predicate(self) ? [self] : []
    for child in children { found += child.all(predicate) }
    return found
  }

  /// Descendants whose `class` attribute holds `name` as one of its words.
  func all(class name: String) -> [SVGNode] {
    all { $0.attributes["class"]?.split(separator: " ").contains(Substring(name)) == true }
  }
}

/// Builds an `SVGNode` tree; nil root when the text is not well-formed.
final class XMLTreeBuilder: NSObject, XMLParserDelegate {
  /// The document element.
  var root: SVGNode?
  /// Open elements.
  private var stack: [SVGNode] = []

  /// Parses `text`; nil when it is not well-formed XML.
  static func parse(_ text: String) -> SVGNode? {
    let parser = XMLParser(data: Data(text.utf8))
    let builder = XMLTreeBuilder()
    parser.delegate = builder
    return parser.parse() ? builder.root : nil
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    let node = SVGNode(name: elementName, attributes: attributeDict)
    if let parent = stack.last { parent.children.append(node) } else { root = node }
    stack.append(node)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
  ) {
    _ = stack.popLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string
  }
}

@Suite("table/snapshot: SVG of a rect of the content with the range bands", .serialized)
struct SnapshotTests {
  /// Snapshots with `params` (members after sessionId) and parses the SVG; returns the result and the tree.
  static func snapshot(_ h: ServerHarness, id: Int, _ params: String = "") async -> (JSONValue?, SVGNode?) {
    let result = await h.call(id, "table/snapshot", #"{"sessionId": "s1"\#(params)}"#).last?["result"]
    return (result, (result?["svg"]?.stringValue).flatMap(XMLTreeBuilder.parse))
  }

  @Test("the viewport: one group per committed row at its y, separators, the rect and rows in the result")
  func viewport() async {
    let h = ServerHarness()
    await ScrollTests.setUp(h)
    _ = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1000}"#)
    let (result, svg) = await Self.snapshot(h, id: 6)
    #expect(result?["rect"] == json(#"{"x": 0, "y": 1000, "width": 320, "height": 480}"#))
    #expect(svg?.name == "svg")
    // The rect, and an 18 pt legend strip under it.
    #expect(svg?.attributes["viewBox"] == "-40 1000 360 498")
    #expect(svg?.attributes["width"] == "360")
    #expect(svg?.attributes["height"] == "498")
    // Rows 9 (904.5–1005) to 14 (1407–1507.5) intersect [1000, 1480).
    let rows = svg?.all(class: "row") ?? []
    #expect(rows.map { $0.attributes["data-row-id"] ?? "" } == ["r9", "r10", "r11", "r12", "r13", "r14"])
    #expect(rows.first?.attributes["transform"] == "translate(0 904.5)")
    #expect(rows.last?.attributes["transform"] == "translate(0 1407)")
    #expect(rows.first?.attributes["data-index-path"] == "0,9")
    // Each row's node is a filled box of 320 × 100 in cell coordinates.
    #expect(rows.first?.children.first?.attributes["width"] == "320")
    #expect(rows.first?.children.first?.attributes["height"] == "100")
    let separators = svg?.all(class: "separators").first
    #expect(separators?.children.count == 6)
    #expect(separators?.attributes["stroke-width"] == "0.5")
    #expect(separators?.children.first?.attributes["y1"] == "1004.75")
    #expect(
      result?["rows"]?.arrayValue?.first
        == json(
          #"{"rowId": "r9", "indexPath": [0, 9], "frame": {"x": 0, "y": 904.5, "width": 320, "height": 100.5}, "#
            + #""state": ["measureLayout", "preload", "display", "visible"]}"#))
    // The viewport marker covers the whole height of the margin.
    let marker = svg?.all(class: "viewport-marker").first
    #expect(marker?.attributes["y"] == "1000.75")
    #expect(marker?.attributes["height"] == "478.5")
    #expect(svg?.all(class: "viewport-outline").isEmpty == true)
    h.closeInput()
  }

  @Test("a tall rect: bands in the range colours match table/ranges row by row")
  func rangeBands() async {
    let h = ServerHarness()
    await ScrollTests.setUp(h)
    _ = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1000}"#)
    let (result, svg) = await Self.snapshot(h, id: 6, #", "rect": {"y": 0, "height": 3015}, "margin": 30"#)
    #expect(result?["rows"]?.arrayValue?.count == 30)
    #expect(svg?.attributes["viewBox"] == "-30 0 350 3033")
    let ranges = await h.call(7, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]
    var states: [String: Set<String>] = [:]
    for row in ranges?["rows"]?.arrayValue ?? [] {
      states[row["rowId"]?.stringValue ?? ""] = Set((row["state"]?.arrayValue ?? []).compactMap(\.stringValue))
    }
    let colours = ["preload": "#ff9f0a", "display": "#ffd60a", "visible": "#30d158"]
    let bands = svg?.all(class: "band") ?? []
    for i in 0..<30 {
      let id = "r\(i)"
      let drawn = bands.filter { $0.attributes["data-row-id"] == id }
      let names = Set(drawn.compactMap { $0.attributes["class"]?.split(separator: " ").last.map(String.init) })
      #expect(names == (states[id] ?? []).subtracting(["measureLayout"]), "row \(id)")
      for band in drawn {
        let name = band.attributes["class"]?.split(separator: " ").last.map(String.init) ?? ""
        #expect(band.attributes["fill"] == colours[name])
        // Columns of 10 pt: preload, display, visible from the left edge at -30.
        let column = ["preload": "-29", "display": "-19", "visible": "-9"][name]
        #expect(band.attributes["x"] == column)
      }
    }
    // Known states in Full mode scrolling down at 1000: r0 holds only measureLayout, r10 everything.
    #expect(bands.filter { $0.attributes["data-row-id"] == "r0" }.isEmpty)
    #expect(bands.filter { $0.attributes["data-row-id"] == "r10" }.count == 3)
    // The rect is not the viewport: the viewport is outlined over the content, and marked in the margin.
    #expect(svg?.all(class: "viewport-outline").first?.attributes["y"] == "1000.5")
    #expect(svg?.all(class: "viewport-marker").first?.attributes["y"] == "1000.75")
    h.closeInput()
  }

  @Test("a legend under the rect names the bands' colours and the viewport marker; none without a band column")
  func legend() async {
    let h = ServerHarness()
    await ScrollTests.setUp(h)
    let (_, svg) = await Self.snapshot(h, id: 6)
    let key = svg?.all(class: "legend-key").first
    let labels = key?.all { $0.name == "text" }.map(\.text) ?? []
    #expect(labels == ["Preload", "Display", "Visible", "viewport"])
    // Each label follows its swatch, in the colour its band (or the viewport marker) is drawn in.
    let swatches = key?.children.filter { $0.name == "rect" }.dropFirst() ?? []
    #expect(swatches.map { $0.attributes["fill"] ?? "" } == ["#ff9f0a", "#ffd60a", "#30d158", "none"])
    #expect(swatches.last?.attributes["stroke"] == "#0a84ff")
    // The strip lies under the rect (0…480), inside the picture.
    let strip = key?.children.first
    #expect(strip?.attributes["y"] == "480")
    #expect(strip?.attributes["height"] == "18")
    // A picture 120 wide holds one entry a line: four lines, and the picture grows with them.
    let (_, narrow) = await Self.snapshot(h, id: 7, #", "rect": {"width": 100}, "margin": 20"#)
    #expect(narrow?.attributes["height"] == "\(480 + 4 * 14 + 4)")
    // Without a band column there is nothing to explain: no legend, the picture is the rect.
    let (_, bare) = await Self.snapshot(h, id: 8, #", "margin": 0"#)
    #expect(bare?.all(class: "legend-key").isEmpty == true)
    #expect(bare?.attributes["viewBox"] == "0 0 320 480")
    h.closeInput()
  }

  @Test("text lines with their font at their baselines, image placeholders, XML escaping of <&>\"")
  func itemsAndEscaping() async {
    let h = ServerHarness()
    await h.startSession()
    let cell =
      #"{"type": "stack", "direction": "vertical", "children": ["#
      + #"{"type": "text", "id": "t", "text": "a<b & \"c\">", "fontSize": 10, "fontWeight": 700}, "#
      + #"{"type": "image", "id": "photo", "size": [40, 30], "source": "p&q.jpg"}, "#
      + #"{"type": "node", "id": "n", "style": {"height": 5}}]}"#
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": [{"id": "k<1>", "cell": \#(cell)}]}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let (result, svg) = await Self.snapshot(h, id: 5)
    let text = result?["svg"]?.stringValue ?? ""
    #expect(text.contains("a&lt;b &amp; &quot;c&quot;&gt;"))
    #expect(text.contains(#"data-row-id="k&lt;1&gt;""#))
    #expect(svg?.all(class: "row").first?.attributes["data-row-id"] == "k<1>")
    let group = svg?.all(class: "text").first
    #expect(group?.attributes["font-family"] == "Ahem")
    #expect(group?.attributes["font-size"] == "10")
    #expect(group?.attributes["font-weight"] == "700")
    let line = group?.children.first
    #expect(line?.name == "text")
    #expect(line?.text == #"a<b & "c">"#)
    #expect(line?.attributes["x"] == "0")
    #expect(line?.attributes["y"] == "8")  // Ahem's ascent is 0.8 em
    #expect(line?.attributes["textLength"] == "100")
    let image = svg?.all(class: "image").first
    #expect(image?.attributes["data-source"] == "p&q.jpg")
    #expect(image?.children.first?.attributes["fill"] == "#d1d1d6")
    #expect(image?.children.first?.attributes["y"] == "10")
    #expect(image?.children.first?.attributes["height"] == "30")
    #expect(image?.children.contains { $0.name == "path" } == true)
    #expect(image?.children.last?.text == "p&q.jpg")
    #expect(svg?.all { $0.attributes["data-id"] == "n" }.first?.attributes["y"] == "40")
    h.closeInput()
  }

  @Test("a row that failed to lay out is drawn as such, with its reason, and the result says why")
  func failedRow() async {
    let h = ServerHarness()
    await h.startLenientSession()
    let rows =
      #"[{"id": "ok", "cell": {"type": "node", "style": {"height": 20}}}, "#
      + #"{"id": "bad", "cell": {"type": "text", "text": "x", "fontFamily": "No Such Family"}}]"#
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows)}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let (result, svg) = await Self.snapshot(h, id: 5)
    let groups = svg?.all(class: "row") ?? []
    #expect(groups.map { $0.attributes["class"] ?? "" } == ["row", "row failed"])
    #expect(groups.last?.attributes["transform"] == "translate(0 20.5)")
    let reason = #"root: font family "No Such Family" not found"#
    // The label is cut to the row's width (320 pt: 54 characters at 9 pt).
    #expect(
      svg?.all(class: "failures").first?.children.last?.text
        == #"row "bad" failed to lay out: root: font family "No Su…"#)
    #expect(result?["rows"]?.arrayValue?.last?["error"] == .string(reason))
    h.closeInput()
  }

  @Test("bad params answer -32602 with the path")
  func errors() async {
    let h = ServerHarness()
    await h.startSession()
    let margin = await h.call(3, "table/snapshot", #"{"sessionId": "s1", "margin": 2000}"#).last?["error"]
    #expect(margin?["message"] == .string("params.margin: expected a number in [0, 1000], got 2000"))
    let width = await h.call(4, "table/snapshot", #"{"sessionId": "s1", "rect": {"width": 0}}"#).last?["error"]
    #expect(width?["message"] == .string("params.rect.width: expected a number in (0, 100000], got 0"))
    let empty = await h.call(5, "table/snapshot", #"{"sessionId": "s1"}"#).last?["result"]
    #expect(empty?["rows"] == json("[]"))
    h.closeInput()
  }

  @Test("escaping: XML specials become entities, characters XML forbids become U+FFFD")
  func escaping() {
    #expect(XMLEscaping.escaped(#"<a href="x">&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;")
    #expect(XMLEscaping.escaped("tab\tok\u{1}\u{FFFF}é") == "tab\tok\u{FFFD}\u{FFFD}é")
    #expect(XMLEscaping.escaped("plain") == "plain")
    #expect(SVGValue.format(-0.0) == "0")
    #expect(SVGValue.format(904.5) == "904.5")
    #expect(SVGValue.format(1.0 / 3) == "0.33")
  }
}
