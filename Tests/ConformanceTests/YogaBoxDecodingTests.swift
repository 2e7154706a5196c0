import Foundation
import Synchronization
import JSONCodec
import LayoutSpecs
import Testing

/// FORMAT.md node decoding (errors with paths, depth limit) and layouts of the bench trees: measure-call counts,
/// deep trees on small-stack threads.
@Suite struct YogaBoxDecodingTests {
  /// The error thrown decoding `json` as a CASE, as "path: message".
  static func decodingError(_ json: String) -> String? {
    do {
      _ = try FormatCaseLayout.prepareCase(try JSONParser.parse(json))
      return nil
    } catch let error as SpecDecodingError {
      return error.description
    } catch {
      return "\(error)"
    }
  }

  /// Wrong types, negative sizes, unknown values and kinds are errors naming the path.
  @Test func decodingErrorsNameThePath() {
    #expect(
      Self.decodingError(#"{"root":{"children":[{},{},{"style":{"width":"wide"}}]}}"#)
        == #"root.children[2].style.width: expected a length (a number, "N%", "auto", "max-content", "fit-content" or "stretch"), got "wide""#)
    #expect(
      Self.decodingError(#"{"root":{"style":{"height":true}}}"#)
        == "root.style.height: expected a length (a number or a string), got a boolean")
    #expect(
      Self.decodingError(#"{"root":{"style":{"flexGrow":"1"}}}"#) == "root.style.flexGrow: expected a number, got a string")
    #expect(
      Self.decodingError(#"{"root":{"style":{"width":-5}}}"#) == "root.style.width: expected a non-negative number, got -5")
    #expect(
      Self.decodingError(#"{"root":{"style":{"flexDirection":"diagonal"}}}"#)
        == #"root.style.flexDirection: unknown value "diagonal"; expected one of "row", "row-reverse", "column", "column-reverse""#)
    #expect(
      Self.decodingError(#"{"root":{"children":[{"measure":{"kind":"image"}}]}}"#)
        == #"root.children[0].measure.kind: unknown measure kind "image"; expected "text" or "yoga-text""#)
    #expect(
      Self.decodingError(#"{"root":{"measure":{"kind":"text","text":"a","font":"No Such Sans","fontSize":10}}}"#)
        == #"root.measure.font: font family "No Such Sans" not found"#)
    #expect(Self.decodingError(#"{"root":{"style":{"margin":{"middle":1}}}}"#)?.hasPrefix("root.style.margin.middle: unknown edge") == true)
    #expect(Self.decodingError(#"{"root":{"style":{"colour":"red"}}}"#) == "root.style.colour: unknown style property")
  }

  /// A `text` measure in a real font lays out as Chromium does (Tests/Fixtures/text/dejavu-browser.json, first
  /// paragraph: DejaVu Sans 11 pt in a 60 pt column breaks into 11 lines, 143 pt tall).
  @Test func realFontTextMeasureMatchesTheBrowser() throws {
    let text = "The quick brown fox jumps over the lazy dog and keeps running through the forest until night falls."
    let json = #"{"available":{"width":null,"height":null},"root":{"style":{"width":60},"children":[{"measure":"#
      + #"{"kind":"text","text":"\#(text)","font":"DejaVu Sans","fontSize":11}}]}}"#
    let frame = try FormatCaseLayout.layoutBenchTree(try JSONParser.parse(json))
    let child = frame["children"]?.arrayValue?.first
    #expect(child?["height"]?.doubleValue == 143)
    #expect(child?["width"]?.doubleValue == 60)
  }

  /// Infinite numbers are rejected (the JSON reader turns out-of-range literals into infinity).
  @Test func infiniteNumbersAreRejected() {
    #expect(Self.decodingError(#"{"root":{"style":{"width":1e999}}}"#) == "root.style.width: expected a finite number, got inf")
  }

  /// A chain deeper than the limit is an error naming the first node too deep; nothing recurses per level.
  @Test func depthLimitIsEnforced() throws {
    var node: JSONValue = .object(JSONObject([("style", .object(JSONObject()))]))
    for _ in 0..<20 { node = .object(JSONObject([("children", .array([node]))])) }
    let doc = JSONValue.object(JSONObject([("root", node)]))
    #expect(throws: SpecDecodingError.self) { try FormatCaseLayout.prepareCase(doc, maxDepth: 10) }
    do {
      _ = try FormatCaseLayout.prepareCase(doc, maxDepth: 10)
    } catch {
      #expect(error.path == "root" + String(repeating: ".children[0]", count: 10))
      #expect(error.message == "nodes nest deeper than the limit of 10 levels")
    }
    #expect(try FormatCaseLayout.prepareCase(doc, maxDepth: 21).depth == 21)
  }

  /// Reads a bench tree from Tests/Fixtures/bench.
  static func benchTree(_ name: String, filePath: String = #filePath) throws -> JSONValue {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/bench/\(name).json")
    return try JSONParser.parse([UInt8](try Data(contentsOf: url)), maxDepth: 100_000)
  }

  /// The feed cell's frames at 375 pt wide, derived by hand (`Tests/Fixtures/frames/README.md`).
  static func feedCellFrames(filePath: String = #filePath) throws -> JSONValue {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/frames/feed-cell-375.json")
    return try JSONParser.parse([UInt8](try Data(contentsOf: url)))
  }

  /// A full layout of feed-cell calls measure at most 1.2 times per text leaf; a relayout with nothing dirty
  /// calls it 0 times; the frames are the hand-derived `feedCellFrames` (375 × 517).
  @Test func feedCellMeasureCalls() throws {
    var prepared = try FormatCaseLayout.prepareBenchTree(try Self.benchTree("feed-cell"))
    prepared.layout(.ltr)
    let calls = prepared.measureCalls
    // Username, location, timestamp, likes and three comments.
    #expect(prepared.measuredLeafCount == 7)
    #expect(Double(calls) <= 1.2 * Double(prepared.measuredLeafCount))
    prepared.layout(.ltr)
    #expect(prepared.measureCalls == calls)
    let frame = prepared.frames()
    #expect(frame["width"]?.doubleValue == 375 && frame["height"]?.doubleValue == 517)
    let difference = ConformanceRunner.firstDifference(frame, try Self.feedCellFrames(), tolerance: 0, path: "root")
    #expect(difference == nil)
  }

  /// deep-1000 lays out from a thread with a 512 KiB stack (Dispatch worker size on Linux): layout runs on a
  /// big-stack thread of its own; the innermost leaf ends 175 wide.
  @Test func deepTreeOnSmallStackThread() throws {
    let tree = try Self.benchTree("deep-1000")
    let result = Mutex<Double?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let frame = try? FormatCaseLayout.layoutBenchTree(tree)
      var f = frame
      var depth = 1
      while let child = f?["children"]?.arrayValue?.first {
        f = child
        depth += 1
      }
      let width = depth == 1000 ? f?["width"]?.doubleValue : nil
      result.withLock { $0 = width }
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    #expect(result.withLock { $0 } == 175)
  }
}
