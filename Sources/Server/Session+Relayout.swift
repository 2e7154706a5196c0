import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension Session {
  /// `cell/setNeedsLayout` {sessionId, row: ROW, cell?: SPEC, transition? = false} or {sessionId, row, element: ID,
  /// spec: SPEC, transition? = false} → {seq}: re-lays out the row in the background, with the whole new content
  /// `cell`, or with the element whose id is `element` replaced by `spec`; a changed committed height is pushed as
  /// `table/heightChanged`. With `transition` the answer also holds the cell's layout before and after
  /// (`LayoutTransition`), laid out off the session.
  func setNeedsLayout(_ params: Params) throws(ResponseError) -> SessionOutcome {
    if params.value("rows") != nil { return try setNeedsLayoutOfRows(params) }
    let transition = try params.optionalBool("transition") ?? false
    let id = try pendingCellID(params.required("row"), path: params.at("row"))
    let before = table.cell(id)?.content
    var element: LayoutElement?
    if let cell = params.value("cell") {
      if params.value("element") != nil {
        throw Params.invalid(params.path, "give either \"cell\" or \"element\" with \"spec\", not both")
      }
      element = try decodeCell(cell, path: params.at("cell"))
    } else if params.value("element") != nil {
      element = try patchedContent(of: id, params)
    }
    let request: LayoutRequest<LayoutElement>
    do throws(NodeTreeError) {
      if let element {
        request = try table.updateContent(of: id, to: element)
      } else {
        guard let only = try table.invalidateLayout([id]).first else { throw NodeTreeError.unknownRowID(id) }
        request = only
      }
    } catch {
      throw ResponseError(code: .invalidParams, message: error.message)
    }
    schedule([request])
    let answer = JSONObject([("seq", .int(seq(table.lastSubmittedSeq)))])
    guard transition, let before, let after = table.cell(id)?.content, let path = table.pendingMap.indexPath(of: id)
    else { return .result(.object(answer)) }
    return transitionOutcome(answer, id: id, path: path, before: before, after: after)
  }

  /// `cell/setNeedsLayout` {sessionId, rows: [ROW | {row: ROW, cell?: SPEC}]} → {seq}: re-lays out several rows in
  /// one call (one Texture main-thread turn), each as it is or with a new `cell`: their heights settle together as
  /// one pass. Validated as a whole: nothing is laid out when one entry is refused.
  private func setNeedsLayoutOfRows(_ params: Params) throws(ResponseError) -> SessionOutcome {
    for other in ["row", "cell", "element", "spec"] where params.value(other) != nil {
      throw Params.invalid(params.path, "give either \"rows\" or \"row\" (with \"cell\" or \"element\"), not both")
    }
    if try params.optionalBool("transition") == true {
      throw Params.invalid(params.at("transition"), "a transition is given for one row: use \"row\", not \"rows\"")
    }
    guard case .array(let rows)? = params.value("rows") else {
      throw Params.invalid(
        params.at("rows"), "expected an array of rows, got \(JSONWriter.string(params.value("rows") ?? .null))")
    }
    var entries: [(id: RowID, cell: LayoutElement?)] = []
    var seen: [RowID: Int] = [:]
    for (index, entry) in rows.enumerated() {
      let path = params.at("rows") + "[\(index)]"
      var row = entry
      var cell: LayoutElement?
      if case .object = entry {
        let item = try Params(entry, path: path)
        try item.check(RequestMembers.rowAndCell)
        row = try item.required("row")
        if let spec = item.value("cell") { cell = try decodeCell(spec, path: item.at("cell")) }
      }
      let id = try pendingCellID(row, path: path)
      if let earlier = seen[id] {
        entries[earlier].cell = cell ?? entries[earlier].cell
      } else {
        seen[id] = entries.count
        entries.append((id, cell))
      }
    }
    var requests: [LayoutRequest<LayoutElement>] = []
    do throws(NodeTreeError) {
      for (id, cell) in entries {
        if let cell {
          requests.append(try table.updateContent(of: id, to: cell))
        } else {
          requests += try table.invalidateLayout([id])
        }
      }
    } catch {
      throw ResponseError(code: .invalidParams, message: error.message)
    }
    schedule(requests)
    return .result(.object(JSONObject([("seq", .int(seq(table.lastSubmittedSeq)))])))
  }

  /// The row's latest content with the element named by `params.element` replaced by `params.spec`; -32602 when
  /// no element of the row has that id (elements inside a box are not addressable: patch the box).
  private func patchedContent(of id: RowID, _ params: Params) throws(ResponseError) -> LayoutElement {
    let elementID = try params.string("element")
    let spec = try decodeCell(params.required("spec"), path: params.at("spec"))
    guard let content = table.cell(id)?.content else {
      throw ResponseError(code: .invalidParams, message: NodeTreeError.unknownRowID(id).message)
    }
    guard let patched = content.replacingElement(withID: elementID, by: spec) else {
      throw Params.invalid(params.at("element"), "no element with id \"\(elementID)\" in row \"\(id)\"")
    }
    // The patch is checked by the decoder on its own; the cell it lands in must stay within the same limits, as
    // the cell would be counted were it sent whole.
    let limits = cellDecoding.limits
    let (depth, count) = Session.shape(of: patched)
    if depth > limits.maxDepth {
      throw Params.invalid(
        params.at("spec"), "the patched cell nests deeper than the maximum of \(limits.maxDepth) elements")
    }
    if count > limits.maxElements {
      throw Params.invalid(
        params.at("spec"),
        "the patched cell would hold \(count) elements, more than the maximum of \(limits.maxElements) elements")
    }
    return patched
  }

  /// Nesting depth (1 for a leaf) and element count of an element tree, counted as `SpecDecoder` counts them: a
  /// box is one element whose nodes nest below it, and the elements embedded in it count too. Iterative.
  static func shape(of root: LayoutElement) -> (depth: Int, count: Int) {
    var deepest = 0
    var count = 0
    var pending: [(LayoutElement, Int)] = [(root, 1)]
    while let (element, depth) = pending.popLast() {
      count += 1
      if case .box(let box) = element.kind {
        deepest = max(deepest, depth + box.template.depth - 1)
        for embedded in box.template.embedded { pending.append((embedded.element, depth + Int(embedded.depth) - 1)) }
        continue
      }
      deepest = max(deepest, depth)
      for child in element.subelements { pending.append((child, depth + 1)) }
    }
    return (deepest, count)
  }

  /// Resolves a ROW (row id string or `[section, row]`) against the pending rows (the client's latest state).
  func pendingRowID(_ value: JSONValue, path: String) throws(ResponseError) -> RowID {
    try Session.resolveRow(value, path: path, in: table.pendingMap).id
  }

  /// Resolves a ROW against `map`: its id and index path, or -32602 naming the unknown id, the section or the row
  /// out of range, or the wrong type at `path`.
  nonisolated static func resolveRow(_ value: JSONValue, path: String, in map: ElementMap) throws(ResponseError)
    -> (id: RowID, indexPath: TableIndexPath)
  {
    if let raw = value.stringValue {
      guard let found = map.indexPath(of: RowID(raw)) else {
        throw ResponseError(code: .invalidParams, message: NodeTreeError.unknownRowID(RowID(raw)).message)
      }
      return (RowID(raw), found)
    }
    guard let target = Params.indexPath(value) else {
      throw Params.invalid(path, "expected a row id or [section, row], got \(JSONWriter.string(value))")
    }
    guard let count = map.numberOfRows(inSection: target.section) else {
      throw ResponseError(
        code: .invalidParams,
        message: NodeTreeError.sectionOutOfRange(section: target.section, sectionCount: map.numberOfSections).message)
    }
    guard target.row < count, let id = map.rowID(at: target) else {
      throw ResponseError(code: .invalidParams, message: NodeTreeError.rowOutOfRange(target, rowCount: count).message)
    }
    return (id, target)
  }

  /// Pushes `table/heightChanged` for each committed height change (heights are row heights, separator included).
  func publish(_ changes: [HeightChange]) {
    let separator = table.separatorHeight
    for change in changes {
      var params = JSONObject([
        ("sessionId", .string(id)), ("rowId", .string(change.id.rawValue)),
        ("indexPath", .array([.int(Int64(change.indexPath.section)), .int(Int64(change.indexPath.row))])),
        ("oldHeight", .double(change.oldHeight + separator)), ("newHeight", .double(change.newHeight + separator)),
      ])
      // A self-sized item of a collection: its widths too.
      if let old = change.oldWidth, let new = change.newWidth {
        params["oldWidth"] = .double(old)
        params["newWidth"] = .double(new)
      }
      params["contentSize"] = contentSize
      params["seq"] = .int(seq(table.lastCommittedSeq))
      notify(.notification(method: "table/heightChanged", params: .object(params)))
    }
  }
}
