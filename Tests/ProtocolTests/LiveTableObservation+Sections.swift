import JSONCodec

/// The sections part of the differential observation (issue 15): each section's header and footer as
/// `table/describe` gives them, every present one's `table/supplementaryFrame`, `table/elementAtPoint` at three
/// points of the viewport and `table/elementsInRect` of the viewport, all in wire (visual) coordinates, and the
/// step's `table/supplementaryHeightChanged` pushes. The model derives them from `LiveTableModel+Sections` and the
/// inverted mapping of Protocol.md ("Inverted tables": a model span [y, y + h) is drawn at C − y − h; a visual
/// point y is the model point just above C − y).
extension LiveTableModel.Extras {
  /// The cells' state names by id.
  var cellStates: [String: [String]] {
    var out: [String: [String]] = [:]
    for extra in [header, footer].compactMap({ $0 }) { if let id = extra.id { out[id] = extra.state.names } }
    return out
  }
}

extension LiveTableModel {
  /// `header fixed 20` / `footer cell h3 12.5` / `header none`.
  static func describeText(_ kind: String, _ extra: Extra?) -> String {
    guard let extra else { return "\(kind) none" }
    let height = LiveTableWire.points(extra.quarters)
    return extra.id.map { "\(kind) cell \($0) \(height)" } ?? "\(kind) fixed \(height)"
  }

  /// The visual top of a model span [top, top + h).
  func visualTop(_ top: Double, _ h: Double) -> Double { inverted ? contentHeight - top - h : top }

  /// `header 1 h3 y 12.5 content 0 h 20 floating true` (visual).
  func frameText(_ e: Drawn) -> String {
    let y = visualTop(e.top, e.height) + 0
    let content = visualTop(e.contentTop, e.height) + 0
    let id = e.id ?? "fixed"
    guard e.kind != "row" else { return "row \(id) y \(y) h \(e.height)" }
    return "\(e.kind) \(e.section) \(id) y \(y) content \(content) h \(e.height) floating \(e.floating)"
  }

  /// The visual y values probed with `table/elementAtPoint`: the top edge inside the top inset, the middle (on the
  /// quarter grid) and the last quarter point above the bottom inset.
  var probeYs: [Double] {
    let y = wireOffset(offset)
    let (top, bottom) = inverted ? (insetBottom, insetTop) : (insetTop, insetBottom)
    return [y + top, y + Double(Int(viewportHeight * 4) / 2) / 4, y + viewportHeight - bottom - 0.25]
  }

  /// The model point of visual point `v` (the visual frame is half-open downwards on screen).
  func modelPoint(_ v: Double) -> Double { inverted ? (contentHeight - v).nextDown : v }

  /// Fills the sections fields of `o`.
  func observeSections(_ o: inout LiveTableObservation) {
    for s in sections.indices {
      o.supplementaries.append(Self.describeText("header", extras(s).header))
      o.supplementaries.append(Self.describeText("footer", extras(s).footer))
      for e in [header(s), footer(s)].compactMap({ $0 }) { o.placed.append(frameText(e)) }
    }
    o.probes = probeYs.map { v in element(atModel: modelPoint(v)).map(frameText) ?? "null" }
    let y = wireOffset(offset)
    let (a, b) = inverted ? (contentHeight - y - viewportHeight, contentHeight - y) : (y, y + viewportHeight)
    let listed = elements(intersecting: a, b)
    o.inRect = (inverted ? listed.reversed() : listed).map(frameText)
  }

  /// How many of `sectionQueries` are `table/supplementaryFrame` calls (they come first).
  var sectionFrameCount: Int {
    extras.prefix(sections.count).reduce(0) { $0 + ($1.header == nil ? 0 : 1) + ($1.footer == nil ? 0 : 1) }
  }

  /// The queries that read the sections fields from the daemon, in the order `readSections` takes their answers.
  var sectionQueries: [(method: String, params: String)] {
    var calls: [(method: String, params: String)] = []
    for s in sections.indices {
      if extras(s).header != nil { calls.append(("table/supplementaryFrame", #"{"section":\#(s),"kind":"header"}"#)) }
      if extras(s).footer != nil { calls.append(("table/supplementaryFrame", #"{"section":\#(s),"kind":"footer"}"#)) }
    }
    for v in probeYs {
      calls.append(("table/elementAtPoint", #"{"point":{"x":1,"y":\#(LiveTableWire.number(v))}}"#))
    }
    let rect =
      #"{"x":0,"y":\#(LiveTableWire.number(wireOffset(offset))),"width":375,"height":\#(LiveTableWire.number(viewportHeight))}"#
    calls.append(("table/elementsInRect", #"{"rect":\#(rect)}"#))
    return calls
  }
}

extension LiveTableObservation {
  /// The daemon's sections fields: `describe` and `ranges` results, the answers of `LiveTableModel.sectionQueries`
  /// (`frames` of the supplementaryFrame calls, then three elementAtPoint answers, then elementsInRect), and every
  /// message of the step.
  mutating func readSections(
    session: String, describe: JSONValue?, ranges: JSONValue?, answers: [JSONValue?], frames: Int,
    messages: [JSONValue]
  ) {
    var cells: [String] = []
    for section in describe?["sections"]?.arrayValue ?? [] {
      for kind in ["header", "footer"] {
        guard let entry = section[kind] else {
          supplementaries.append("\(kind) none")
          continue
        }
        let height = Self.pointsText(entry["height"])
        if entry["type"]?.stringValue == "cell" {
          let id = entry["id"]?.stringValue ?? "?"
          cells.append(id)
          supplementaries.append("\(kind) cell \(id) \(height)")
        } else {
          supplementaries.append("\(kind) fixed \(height)")
        }
      }
    }
    var held: [String: [String]] = [:]
    for entry in ranges?["supplementaries"]?.arrayValue ?? [] {
      held[entry["rowId"]?.stringValue ?? "?"] = Self.names(entry["state"])
    }
    for id in cells { states[id] = held[id] ?? ["measureLayout"] }
    for (id, state) in held where states[id] == nil { states[id] = state }
    placed = answers.prefix(frames).map { Self.elementText($0?["result"]) }
    probes = answers.dropFirst(frames).prefix(3).map { Self.elementText($0?["result"]) }
    let listed = answers.dropFirst(frames + 3).first??["result"]?["elements"]?.arrayValue
    inRect = listed?.map { Self.elementText($0) } ?? ["no answer"]
    for message in messages
    where message["method"] == .string("table/supplementaryHeightChanged")
      && message["params"]?["sessionId"] == .string(session)
    {
      let p = message["params"]
      heightChanges.append(
        "\(p?["kind"]?.stringValue ?? "?") \(p?["section"]?.intValue ?? -1) \(p?["rowId"]?.stringValue ?? "?") "
          + "\(p?["oldHeight"]?.doubleValue ?? -1) → \(p?["newHeight"]?.doubleValue ?? -1)")
    }
  }

  /// A number as the model prints points (`12.5`, `-0` as `0`), `?` when absent.
  static func pointsText(_ value: JSONValue?) -> String {
    guard let d = value?.doubleValue else { return "?" }
    return LiveTableWire.points(Int((d * 4).rounded()))
  }

  /// ELEMENT as `LiveTableModel.frameText` writes it, `null`, or `no answer`.
  static func elementText(_ r: JSONValue?) -> String {
    guard let r else { return "no answer" }
    guard r != .null else { return "null" }
    let y = (r["frame"]?["y"]?.doubleValue ?? .nan) + 0
    let h = r["frame"]?["height"]?.doubleValue ?? .nan
    let id = r["rowId"]?.stringValue ?? "fixed"
    let kind = r["kind"]?.stringValue ?? "?"
    guard kind != "row" else { return "row \(id) y \(y) h \(h)" }
    let content = (r["contentFrame"]?["y"]?.doubleValue ?? .nan) + 0
    let floating = r["floating"]?.boolValue.map { "\($0)" } ?? "?"
    return "\(kind) \(r["section"]?.intValue ?? -1) \(id) y \(y) content \(content) h \(h) floating \(floating)"
  }
}
