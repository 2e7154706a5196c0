import JSONCodec

/// What the sections differential test compares after a step, as named text fields: the answer, content height,
/// offset, every section's header and footer (`table/supplementaryFrame`: drawn y, content y, height, floating) and
/// `table/elementAtPoint` at the viewport's top edge, middle and last quarter point.
struct SectionTableObservation: Equatable, Sendable {
  /// Field name → value, in comparison order.
  var fields: [(String, String)] = []

  /// Fields compare in order.
  static func == (a: Self, b: Self) -> Bool {
    a.fields.map(\.0) == b.fields.map(\.0) && a.fields.map(\.1) == b.fields.map(\.1)
  }

  /// The first differing field: name, model's value, daemon's value.
  static func firstDifference(model: Self, daemon: Self) -> (String, String, String)? {
    for (i, (name, value)) in model.fields.enumerated() {
      let other = i < daemon.fields.count ? daemon.fields[i] : ("missing", "missing")
      if other.0 != name || other.1 != value { return (name, value, other.1) }
    }
    return daemon.fields.count > model.fields.count ? ("extra", "", daemon.fields[model.fields.count].0) : nil
  }

  /// Quarter points as points text.
  static func pt(_ q: Int) -> String { LiveTableWire.points(q) }

  /// The content y values probed by `table/elementAtPoint`, in quarter points, for `model`'s viewport.
  static func probes(_ m: SectionTableModel) -> [Int] {
    [m.offset + m.insetTop, m.offset + m.viewport / 2, m.offset + m.viewport - m.insetBottom - 1]
  }

  /// The queries that read the daemon's side, after the step (same order as the model's fields).
  static func queries(sections: Int, probes: [Int]) -> [(method: String, params: String)] {
    var calls: [(method: String, params: String)] = [("table/describe", "{}"), ("table/ranges", "{}")]
    for s in 0..<sections {
      calls.append(("table/supplementaryFrame", #"{"section":\#(s),"kind":"header"}"#))
      calls.append(("table/supplementaryFrame", #"{"section":\#(s),"kind":"footer"}"#))
    }
    for y in probes { calls.append(("table/elementAtPoint", #"{"point":{"x":1,"y":\#(pt(y))}}"#)) }
    return calls
  }
}

extension SectionTableModel {
  /// `12.5@10 (content 0, h 20)` or `none`.
  static func text(_ p: Placed?) -> String {
    guard let p else { return "none" }
    let y = SectionTableObservation.pt
    return "\(p.id ?? "fixed") \(y(p.drawnTop)) content \(y(p.contentTop)) h \(y(p.height)) floating \(p.floating)"
  }

  /// The model's side after a step that must answer `answer`.
  func observation(answer: Int?) -> SectionTableObservation {
    var o = SectionTableObservation()
    o.fields.append(("answer", answer == nil ? "ok" : "error"))
    o.fields.append(("sections", "\(sections.count)"))
    o.fields.append(("contentHeight", SectionTableObservation.pt(contentHeight)))
    o.fields.append(("offset", SectionTableObservation.pt(offset)))
    for s in sections.indices {
      o.fields.append(("header[\(s)]", Self.text(header(s))))
      o.fields.append(("footer[\(s)]", Self.text(footer(s))))
    }
    for y in SectionTableObservation.probes(self) {
      o.fields.append(("elementAt[\(SectionTableObservation.pt(y))]", element(at: y)))
    }
    return o
  }
}

extension SectionTableObservation {
  /// The daemon's side: the step's answer and the answers of `queries(…)` in order.
  init(answer: JSONValue?, queries answers: [JSONValue?], probes: [Int]) {
    fields.append(("answer", answer?["result"] != nil ? "ok" : answer?["error"] != nil ? "error" : "no answer"))
    let describe = answers.first.flatMap { $0?["result"] }
    let count = describe?["sections"]?.arrayValue?.count ?? -1
    fields.append(("sections", "\(count)"))
    fields.append(("contentHeight", Self.number(describe?["contentSize"]?["height"])))
    fields.append(("offset", Self.number(answers.dropFirst().first.flatMap { $0?["result"]?["contentOffset"]?["y"] })))
    var rest = Array(answers.dropFirst(2))
    for s in 0..<max(0, count) {
      for kind in ["header", "footer"] {
        let answer = rest.isEmpty ? nil : rest.removeFirst()
        var text = "none"
        if let r = answer?["result"] {
          let drawn = Self.number(r["frame"]?["y"])
          text =
            "\(r["rowId"]?.stringValue ?? "fixed") \(drawn) content \(Self.number(r["contentFrame"]?["y"])) h \(Self.number(r["frame"]?["height"]))"
            + " floating \(r["floating"]?.boolValue.map { "\($0)" } ?? "?")"
        }
        fields.append(("\(kind)[\(s)]", text))
      }
    }
    for y in probes {
      let answer = rest.isEmpty ? nil : rest.removeFirst()
      var text = "no answer"
      if let r = answer?["result"] {
        switch r["kind"]?.stringValue {
        case "row": text = "row \(r["rowId"]?.stringValue ?? "?")"
        case .some(let kind): text = "\(kind) \(r["section"]?.intValue ?? -1)"
        case nil: text = r == .null ? "null" : "?"
        }
      }
      fields.append(("elementAt[\(Self.pt(y))]", text))
    }
  }

  /// A JSON number as points text (`12.5`, `-0` as `0`), `?` when absent.
  static func number(_ value: JSONValue?) -> String {
    guard let d = value?.doubleValue else { return "?" }
    return pt(Int((d * 4).rounded()))
  }
}
