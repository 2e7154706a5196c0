import Foundation
import LayoutSpecs
import Testing

/// Box layouts on one thread reuse one flex tree (`ScratchFlexTree`): a layout after a larger or a different box,
/// and a box nested inside another box's embedded element, give the frames a fresh thread gives.
@Suite struct ScratchFlexTreeTests {
  /// A feed-like cell whose caption says `caption`.
  static let feedCell = #"""
    {"type":"box","style":{"flexDirection":"column"},"children":[
      {"style":{"flexDirection":"row","padding":{"all":8}},"children":[
        {"style":{"width":40,"height":40}},
        {"style":{"flexGrow":1,"margin":{"left":8}},"measure":{"kind":"text","text":"hannahmbanana","font":"ahem","fontSize":10}}]},
      {"style":{"padding":{"horizontal":8}},"measure":{"kind":"text","text":"CAPTION","font":"ahem","fontSize":10}}]}
    """#

  /// A box holding a Texture stack that holds another box (a nested box layout on the same thread).
  static let nested = #"""
    {"type":"box","style":{"flexDirection":"row"},"children":[
      {"type":"stack","direction":"vertical","spacing":4,"children":[
        {"type":"box","style":{"flexDirection":"row","width":120},"children":[
          {"style":{"flexGrow":1,"height":30}},{"style":{"width":20,"height":50}}]},
        {"type":"text","text":"under the inner box","fontSize":12}]},
      {"style":{"flexGrow":1,"height":10}}]}
    """#

  /// A wide box: 300 nodes in a wrapping row.
  static let wide =
    #"{"type":"box","style":{"flexDirection":"row","flexWrap":"wrap"},"children":["#
    + Array(repeating: #"{"style":{"width":7,"height":5,"margin":{"all":1}}}"#, count: 300).joined(separator: ",")
    + "]}"

  /// Decodes and lays `json` out in a 320-wide cell at scale 2.
  static func layout(_ json: String, caption: String = "a caption") throws -> Layout {
    let spec = try SpecDecoder.decode(json: json.replacingOccurrences(of: "CAPTION", with: caption))
    var environment = LayoutEnvironment.standard(scale: 2)
    environment.cachesLayouts = false
    let range = SizeRange(min: Size(320, 0), max: Size(320, .greatestFiniteMagnitude))
    return try LayoutEngine(environment: environment).layout(spec, in: range)
  }

  /// `body` run on a thread of its own (which has no kept tree yet).
  static func onFreshThread(_ body: @escaping @Sendable () throws -> Layout) throws -> Layout {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<Layout, any Error> = .failure(CancellationError())
    let thread = Thread {
      result = Result { try body() }
      done.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
    done.wait()
    return try result.get()
  }

  @Test func reusedTreesGiveTheFramesOfFreshOnes() throws {
    let long = String(repeating: "words that wrap ", count: 20)
    let fresh = (
      short: try Self.onFreshThread { try Self.layout(Self.feedCell) },
      long: try Self.onFreshThread { try Self.layout(Self.feedCell, caption: long) },
      nested: try Self.onFreshThread { try Self.layout(Self.nested) },
      wide: try Self.onFreshThread { try Self.layout(Self.wide) }
    )
    #expect(fresh.long.size.height > fresh.short.size.height)
    // One thread, in an order where each layout follows a different (larger, nested or longer) one.
    let reused = try Self.onFreshThread {
      var all: [Layout] = []
      for _ in 0..<3 {
        all.append(try Self.layout(Self.wide))
        all.append(try Self.layout(Self.feedCell, caption: long))
        all.append(try Self.layout(Self.nested))
        all.append(try Self.layout(Self.feedCell))
      }
      return Layout(type: "all", size: .zero, children: all)
    }
    for (i, layout) in reused.children.enumerated() {
      let expected = [fresh.wide, fresh.long, fresh.nested, fresh.short][i % 4]
      #expect(layout == expected, "layout \(i)")
    }
  }
}
