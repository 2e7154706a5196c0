import Foundation
import JSONCodec

/// What the collection differential test compares after every step, as named text fields: the content offset
/// along both axes, the range mode, every item's frame (item order), the content size, each item's interface
/// state above measureLayout, the batch context and the number of `table/willBeginBatchFetch` pushes. Built from
/// the model or from the daemon's answers (`table/ranges`, `table/rowsInRect` over everything, `table/contentSize`).
struct CollectionObservation: Sendable {
  /// Field name → value text, in comparison order.
  var fields: [(String, String)] = []

  /// A number as text (whole values without a fraction; others to 1/1000 point, so float noise cannot differ).
  static func number(_ value: Double) -> String {
    // Rounded to 1/1000 first: justified lines' gaps accumulate differently in the two implementations.
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.3f", rounded)
  }

  /// The model's observation.
  init(model: CollectionModel, fetchStarts: Int) {
    let n = Self.number
    let (x, y) = model.vertical ? (0.0, model.offset) : (model.offset, 0.0)
    fields.append(("contentOffset", "\(n(x)),\(n(y))"))
    fields.append(("rangeMode", model.mode.rawValue))
    let size = model.contentSize
    fields.append(("contentSize", "\(n(size.width))x\(n(size.height))"))
    let frames = model.placed.map { item -> String in
      let (fx, fy, fw, fh) = model.frame(item)
      return "\(item.id)@[\(item.section),\(item.item)]=\(n(fx)),\(n(fy)),\(n(fw)),\(n(fh))"
    }
    fields.append(("frames", frames.joined(separator: " ")))
    let states = model.placed.compactMap { item in
      model.states[item.id].map { "\(item.id):" + $0.sorted().joined(separator: "+") }
    }
    fields.append(("states", states.joined(separator: " ")))
    fields.append(("batchState", model.batchState.rawValue))
    fields.append(("fetchStarts", "\(fetchStarts)"))
  }

  /// The daemon's observation from its answers and the messages read.
  init(ranges: JSONValue?, rowsInRect: JSONValue?, contentSize: JSONValue?, messages: [JSONValue]) {
    let n = { (value: JSONValue?) in value?.doubleValue.map(Self.number) ?? "?" }
    let offset = ranges?["contentOffset"]
    fields.append(("contentOffset", "\(n(offset?["x"])),\(n(offset?["y"]))"))
    fields.append(("rangeMode", ranges?["rangeMode"]?.stringValue ?? "?"))
    fields.append(("contentSize", "\(n(contentSize?["width"]))x\(n(contentSize?["height"]))"))
    let frames = (rowsInRect?["rows"]?.arrayValue ?? []).map { row -> String in
      let path = row["indexPath"]?.arrayValue?.compactMap(\.intValue).map(String.init).joined(separator: ",") ?? "?"
      let f = row["frame"]
      return "\(row["rowId"]?.stringValue ?? "?")@[\(path)]="
        + "\(n(f?["x"])),\(n(f?["y"])),\(n(f?["width"])),\(n(f?["height"]))"
    }
    fields.append(("frames", frames.joined(separator: " ")))
    let states = (ranges?["rows"]?.arrayValue ?? []).map { row -> String in
      let names = (row["state"]?.arrayValue ?? []).compactMap(\.stringValue).sorted()
      return "\(row["rowId"]?.stringValue ?? "?"):" + names.joined(separator: "+")
    }
    fields.append(("states", states.joined(separator: " ")))
    fields.append(("batchState", ranges?["batchContext"]?["state"]?.stringValue ?? "?"))
    let starts = messages.filter { $0["method"]?.stringValue == "table/willBeginBatchFetch" }.count
    fields.append(("fetchStarts", "\(starts)"))
  }

  /// The first field that differs: (name, model, daemon).
  static func firstDifference(model: CollectionObservation, daemon: CollectionObservation) -> (
    String, String, String
  )? {
    for (m, d) in zip(model.fields, daemon.fields) where m.1 != d.1 { return (m.0, m.1, d.1) }
    return nil
  }
}
