import JSONCodec
import Testing

/// Protocol.md "Scrolling, ranges and interface states": a 1,000-row table (cells of 100 pt, rows of 100.5 with the
/// separator at scale 2; content 100,500) in a 320×480 viewport scrolled down to the end and back up, one screen
/// at a time, with programmatic scrolls, drags and jumps. Every scroll's `cell/interfaceStateChanged` sequence must
/// equal, notification for notification, what `RangeReference` (written from texture.md §3) predicts; the
/// asynchronous `cell/didDisplay` notifications are left out of the comparison.
@Suite struct ScrollSequenceTests {
  /// One scripted scroll.
  enum Step: CustomStringConvertible {
    /// `table/scrollToOffset` {y, drag}.
    case offset(Double, drag: Bool)
    /// `table/scrollBy` {dy, drag}.
    case by(Double, drag: Bool)
    /// `table/scrollToRow` {row: "r<row>", position} (programmatic).
    case row(Int, position: String)

    /// The request's method and params for s1.
    var request: (method: String, params: String) {
      switch self {
      case .offset(let y, let drag):
        return ("table/scrollToOffset", #"{"sessionId": "s1", "y": \#(y), "drag": \#(drag)}"#)
      case .by(let dy, let drag):
        return ("table/scrollBy", #"{"sessionId": "s1", "dy": \#(dy), "drag": \#(drag)}"#)
      case .row(let row, let position):
        return ("table/scrollToRow", #"{"sessionId": "s1", "row": "r\#(row)", "position": "\#(position)"}"#)
      }
    }

    /// The request, for failure messages.
    var description: String { "\(request.method) \(request.params)" }

    /// Applies the step to `reference` and returns the changes it predicts. scrollToRow follows UITableView:
    /// top, middle, bottom, or none (only as far as needed to show the whole row).
    func apply(to reference: inout RangeReference) -> [StateChange] {
      switch self {
      case .offset(let y, let drag):
        return reference.scroll(to: y, drag: drag)
      case .by(let dy, let drag):
        return reference.scroll(to: reference.offset + dy, drag: drag)
      case .row(let row, let position):
        let top = reference.tops[row]
        let height = reference.heights[row]
        let viewport = reference.viewportHeight
        var y = reference.offset
        switch position {
        case "top": y = top
        case "middle": y = top + height / 2 - viewport / 2
        case "bottom": y = top + height - viewport
        default:
          // UIKit's minimum move: between "top at the top" and "bottom at the bottom", whichever comes first.
          let a = top
          let b = top + height - viewport
          y = min(max(y, min(a, b)), max(a, b))
        }
        return reference.scroll(to: y, drag: false)
      }
    }
  }

  /// The script: programmatic scrolls in Minimum mode (down, then a little up), drags of one screen down to the
  /// end (the first switches to Full at the old offset, in the pan direction, Down) and past it, jumps, drags
  /// of one screen back up to the top and past it, then a few jumps and small moves.
  static func script(_ reference: RangeReference) -> [Step] {
    var steps: [Step] = [.by(480, drag: false), .by(480, drag: false), .by(-200, drag: false)]
    var y = 760.0
    while y < reference.maxOffset {
      steps.append(.by(480, drag: true))
      y += 480
    }
    steps += [.by(480, drag: true), .offset(200_000, drag: true), .offset(50_000, drag: false)]
    steps.append(.row(999, position: "bottom"))
    y = reference.maxOffset
    while y > 0 {
      steps.append(.by(-480, drag: true))
      y -= 480
    }
    steps += [
      .by(-480, drag: true), .row(500, position: "middle"), .by(10, drag: false), .by(-10, drag: false),
      .by(30, drag: false), .offset(30_000, drag: true), .row(3, position: "none"), .row(40, position: "none"),
      .row(40, position: "top"), .offset(0, drag: false),
    ]
    return steps
  }

  @Test func aThousandRowsDownAndBackUpMatchTheReferenceRangeController() throws {
    let daemon = try Daemon()
    daemon.startScrollSession()
    var reference = RangeReference(heights: Array(repeating: 100.5, count: 1000), viewportHeight: 480)
    // The commit's range update: the first one, Minimum mode, direction Down.
    let committed = StateChangeLog.params(daemon.insertFixedRows(id: 3, count: 1000))
    let initial = reference.update().map { $0.params(sessionId: "s1") }
    #expect(committed == initial, "\(StateChangeLog.firstDifference(committed, initial) ?? "")")
    var id = 10
    var total = initial.count
    for step in Self.script(reference) {
      let expected = step.apply(to: &reference).map { $0.params(sessionId: "s1") }
      total += expected.count
      let messages = daemon.call(id, step.request.method, step.request.params)
      id += 1
      let received = StateChangeLog.params(messages)
      #expect(received == expected, "\(step): \(StateChangeLog.firstDifference(received, expected) ?? "")")
      #expect(ScrollAnswer.offset(messages) == reference.offset, "\(step)")
      #expect(ScrollAnswer.visible(messages) == reference.visibleRows.map { "r\($0)" }, "\(step)")
      #expect(ScrollAnswer.result(messages)?["rangeMode"] == .string(reference.mode.rawValue), "\(step)")
      // Only interface-state and display notifications may come with a scroll (no batch fetching here).
      let others = messages.dropLast().filter {
        $0["method"] != .string("cell/interfaceStateChanged") && $0["method"] != .string("cell/didDisplay")
      }
      #expect(others.isEmpty, "\(step): \(others)")
    }
    #expect(total > 2000)  // the script really moved the ranges
    // The states the daemon ends with, as `table/ranges` lists them, are the reference's.
    let ranges = daemon.call(id, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]?["rows"]?.arrayValue ?? []
    let held = reference.states.indices.filter { reference.states[$0] != .measureLayout }
    #expect(ranges.map { $0["rowId"]?.stringValue ?? "" } == held.map { "r\($0)" })
    #expect(ranges.map { $0["state"] } == held.map { .array(reference.states[$0].names.map(JSONValue.string)) })
    daemon.disposeScrollSession(id: id + 1)
    daemon.expectAliveThenExit()
  }
}
