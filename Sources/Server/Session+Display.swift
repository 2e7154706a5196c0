import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// Display work of a session: the display lists of rows in the display range, the passes still running, and
/// scroll answers held until rows that never show placeholders are displayed. Session-isolated value.
struct DisplayState: Sendable {
  /// Finished display lists (nil list: the cell failed to lay out; it is displayed empty).
  var lists: [RowID: DisplayList?] = [:]
  /// Display passes running: row → pass number (a newer pass or leaving the range makes a result stale).
  var running: [RowID: UInt64] = [:]
  /// Last pass number handed out.
  var lastPass: UInt64 = 0
  /// A scroll answer waiting for these rows' display (Texture blocks the main thread meanwhile).
  var blocking: (reply: Reply?, rows: Set<RowID>)?
}

extension SessionMethods {
  /// Display lists.
  static let displayMethods: [MethodDescriptor] = [
    .session("cell/displayList") { session, params throws(ResponseError) in try session.displayList(params) }
  ]
}

extension Session {
  /// True once the row's current display pass has finished.
  func isDisplayed(_ id: RowID) -> Bool { display.lists[id] != nil }

  /// Starts display work for a row entering the display range and drops it for one leaving (texture.md §3.2:
  /// exiting Display clears the contents).
  func displayStateChanged(_ id: RowID, from old: InterfaceState, to new: InterfaceState) {
    if new.contains(.display) && !old.contains(.display) {
      scheduleDisplay(id)
    } else if old.contains(.display) && !new.contains(.display) {
      display.lists[id] = nil
      display.running[id] = nil
      if display.blocking?.rows.remove(id) != nil { releaseBlockIfDone() }
    }
  }

  /// Re-displays a row in the display range whose layout changed (Texture: a relayout marks contents dirty).
  func contentChanged(_ id: RowID) {
    if scrolling.interfaceStates, table.interfaceState(of: id).contains(.display) {
      scheduleDisplay(id)
    }
  }

  /// Lays the row out and builds its display list on a display queue; the result comes back as a job.
  func scheduleDisplay(_ id: RowID) {
    guard let content = table.cell(id)?.content else { return }
    display.lastPass += 1
    let pass = display.lastPass
    display.running[id] = pass
    let engine = engine
    let range = cellRange(of: id)
    let jobs = jobs
    LayoutWorkers.shared.submit {
      do throws(LayoutFailure) {
        let layout = try engine.layout(content, in: range)
        let list = DisplayList.build(content: content, layout: layout, grid: engine.grid)
        jobs.yield(.displayResult(id: id, pass: pass, list: list, failure: nil))
      } catch {
        jobs.yield(.displayResult(id: id, pass: pass, list: nil, failure: error.description))
      }
    }
  }

  /// Records a finished display pass and pushes `cell/didDisplay` {sessionId, rowId, error?}; stale passes are
  /// dropped.
  func acceptDisplay(_ id: RowID, pass: UInt64, list: DisplayList?, failure: String?) {
    guard display.running[id] == pass else { return }
    display.running[id] = nil
    display.lists[id] = .some(list)
    var params = JSONObject([("sessionId", .string(self.id)), ("rowId", .string(id.rawValue))])
    if let failure { params["error"] = .string(failure) }
    notify(.notification(method: "cell/didDisplay", params: .object(params)))
    if display.blocking?.rows.remove(id) != nil { releaseBlockIfDone() }
  }

  /// Answers the held scroll once every row it waits for is displayed.
  func releaseBlockIfDone() {
    guard let block = display.blocking, block.rows.isEmpty else { return }
    display.blocking = nil
    block.reply?.result(scrollResult())
  }

  /// `cell/displayList` {sessionId, row: ROW} → {rowId, displayed, size, items}: the row's (or, by its id, a header
  /// or footer cell's) display list — the one
  /// its last display pass made when the row is in the display range (`displayed: true`), else one made now.
  func displayList(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let resolved = try pendingCellPosition(params.required("row"), path: params.at("row"))
    if case .some(.some(let list)) = display.lists[resolved.id] {
      return .result(Session.displayListJSON(resolved.id, displayed: true, list))
    }
    guard let content = table.cell(resolved.id)?.content else {
      throw ResponseError(code: .invalidParams, message: NodeTreeError.unknownRowID(resolved.id).message)
    }
    let engine = engine
    let range = cellRange(of: resolved.id)
    return .compute { () throws(ResponseError) -> JSONValue in
      do throws(LayoutFailure) {
        let layout = try engine.layout(content, in: range)
        let list = DisplayList.build(content: content, layout: layout, grid: engine.grid)
        return Session.displayListJSON(resolved.id, displayed: false, list)
      } catch {
        throw ResponseError(
          code: .internalError, message: "row \"\(resolved.id)\" failed to lay out: \(error.description)")
      }
    }
  }

  /// `{rowId, displayed, size, items}`.
  static func displayListJSON(_ id: RowID, displayed: Bool, _ list: DisplayList) -> JSONValue {
    var o = JSONObject([("rowId", .string(id.rawValue)), ("displayed", .bool(displayed))])
    if case .object(let body) = list.json { for member in body.members { o[member.key] = member.value } }
    return .object(o)
  }
}
