import Foundation
import JSONCodec
import Synchronization
import Testing

@testable import LayoutSpecs

/// Nesting limits: decoding refuses specs deeper than `SpecDecoder.Limits.maxDepth`, and layout of the deepest
/// accepted spec fits a 512 KiB thread stack (Dispatch workers on Linux).
@Suite struct LayoutDepthTests {
  /// Multiplier for the stacks these tests run on: `$LAYOUTD_TEST_STACK_SCALE`, else 1. Tests/sanitizers.sh sets it:
  /// sanitizer instrumentation makes every frame several times larger (13.8 KB per stack level under TSan against
  /// about 4 KB in a debug build), which says nothing about the product's stacks.
  static let stackScale = ProcessInfo.processInfo.environment["LAYOUTD_TEST_STACK_SCALE"].flatMap(Int.init) ?? 1

  /// Runs `body` on a thread with a `stackSize`-byte stack (default 512 KiB, a Dispatch worker's) and waits.
  static func onSmallStack<R: Sendable>(stackSize: Int = 512 * 1024, _ body: @escaping @Sendable () -> R) -> R? {
    let result = Mutex<R?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let r = body()
      result.withLock { $0 = r }
      done.signal()
    }
    thread.stackSize = stackSize < 64 << 20 ? stackSize * Self.stackScale : stackSize
    thread.start()
    done.wait()
    return result.withLock { $0 }
  }

  /// Address of a local variable: a stack-depth probe.
  @inline(never) static func stackAddress() -> UInt {
    var marker = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
  }

  /// A chain of `depth` elements: `wrap` applied depth − 1 times around a text leaf.
  static func chain(depth: Int, _ wrap: (LayoutElement) -> LayoutElement) -> LayoutElement {
    var e = LayoutElement(name: "leaf", kind: .text(TextLeaf(text: "x", fontFamily: "Ahem", fontSize: 10)))
    for _ in 1..<depth { e = wrap(e) }
    return e
  }

  /// Each spec kind that recurses, as a one-child wrapper.
  static let wrappers: [(String, @Sendable (LayoutElement) -> LayoutElement)] = [
    ("stack", { LayoutElement(kind: .stack(StackLayoutSpec(children: [$0]))) }),
    ("inset", { LayoutElement(kind: .inset(InsetLayoutSpec(insets: EdgeInsets(top: 1), child: $0))) }),
    ("background", { LayoutElement(kind: .background(BackgroundLayoutSpec(child: $0, background: nil))) }),
    ("ratio", { LayoutElement(kind: .ratio(RatioLayoutSpec(ratio: 1, child: $0))) }),
    ("center", { LayoutElement(kind: .center(CenterLayoutSpec(centerX: true, child: $0))) }),
    (
      "corner",
      { LayoutElement(kind: .corner(CornerLayoutSpec(child: $0, corner: LayoutElement(kind: .node(NodeLeaf()))))) }
    ),
    ("absolute", { LayoutElement(kind: .absolute(AbsoluteLayoutSpec(children: [$0]))) }),
    ("wrapper", { LayoutElement(kind: .wrapper(WrapperLayoutSpec(children: [$0]))) }),
  ]

  /// Lays out `root` on a thread with `stackSize` bytes of stack; returns the stack bytes used between the
  /// thread's entry and the deepest leaf measurement, or nil when layout failed.
  static func stackUsed(_ root: LayoutElement, stackSize: Int) -> Int? {
    let deepest = Mutex<UInt>(0)
    let used: Int?? = onSmallStack(stackSize: stackSize) { () -> Int? in
      let top = stackAddress()
      let env = LayoutEnvironment(scale: 2) { leaf, range throws(LayoutFailure) in
        let here = stackAddress()
        deepest.withLock { $0 = here }
        return try FixedAdvanceTextMeasurer.measure(leaf, range)
      }
      let range = SizeRange(min: .zero, max: Size(320, 10_000))
      guard (try? LayoutEngine(environment: env).layout(root, in: range)) != nil else { return nil }
      return Int(top) - Int(deepest.withLock { $0 })
    }
    return used ?? nil
  }

  /// Stack bytes per nesting level of each spec kind, measured at depth 41 on a large stack. In optimized builds
  /// the deepest accepted spec (`defaultMaxDepth`) of every kind must lay out on a 512 KiB stack using under half
  /// of it. Debug builds (no frame merging) use ~3.5× more per level; there the 512 KiB run uses depth 32.
  @Test func deepestAcceptedSpecFitsSmallStack() {
    #if DEBUG
      let depth = 32
    #else
      let depth = SpecDecoder.Limits.defaultMaxDepth
    #endif
    var worstPerLevel = 0
    for (kind, wrap) in Self.wrappers {
      guard let used = Self.stackUsed(Self.chain(depth: 41, wrap), stackSize: 64 << 20) else {
        Issue.record("\(kind): layout failed")
        continue
      }
      let perLevel = used / 40
      worstPerLevel = max(worstPerLevel, perLevel)
      print("layout stack use of \(kind) nesting: \(perLevel) bytes per level")
      let small = Self.stackUsed(Self.chain(depth: depth, wrap), stackSize: 512 * 1024)
      #expect(small != nil, "\(kind) at depth \(depth) on a 512 KiB stack")
    }
    let projected = worstPerLevel * SpecDecoder.Limits.defaultMaxDepth
    print("deepest accepted layout (\(SpecDecoder.Limits.defaultMaxDepth) levels): ~\(projected) stack bytes")
    #if !DEBUG
      #expect(projected < 256 * 1024)
    #endif
  }

  /// Decoding the deepest accepted JSON spec also fits a 512 KiB stack, and one level more is refused.
  @Test func decodingAtTheLimit() {
    let depth = SpecDecoder.Limits.defaultMaxDepth
    @Sendable func json(_ depth: Int) -> JSONValue {
      var v: JSONValue = .object(JSONObject([("type", .string("node")), ("name", .string("leaf"))]))
      for _ in 1..<depth { v = .object(JSONObject([("type", .string("stack")), ("children", .array([v]))])) }
      return v
    }
    let ok = Self.onSmallStack { () -> Bool in (try? SpecDecoder.decode(json(depth))) != nil }
    #expect(ok == true)
    let refused = Self.onSmallStack { () -> String in
      do throws(SpecDecodingError) {
        _ = try SpecDecoder.decode(json(depth + 1))
        return "accepted"
      } catch {
        return error.message
      }
    }
    #expect(refused == "nesting deeper than the maximum of \(depth) elements")
  }

  /// A 100,000-deep spec built in code is refused at the depth limit without overflowing the stack (the value is
  /// then torn down one level at a time, since releasing it recursively would itself overflow).
  @Test func hundredThousandDeepValueIsRefused() throws {
    var v: JSONValue = .object(JSONObject([("type", .string("node"))]))
    for _ in 0..<100_000 { v = .object(JSONObject([("type", .string("inset")), ("child", v)])) }
    let limits = SpecDecoder.Limits(maxDepth: 3)
    #expect(
      throws: SpecDecodingError(
        path: "root.child.child.child", message: "nesting deeper than the maximum of 3 elements")
    ) {
      try SpecDecoder.decode(v, limits: limits)
    }
    #expect(throws: SpecDecodingError.self) { try SpecDecoder.decode(v) }
    // Tear down iteratively.
    while case .object(let o) = v, let child = o["child"] { v = child }
  }

  /// JSON text nested beyond the parser's own limit is refused by the parser, named at the root.
  @Test func deepJSONTextIsRefusedByTheParser() {
    // JSONParser recurses up to its own limit (10,000); give it room so that this test checks the refusal.
    let message = Self.onSmallStack(stackSize: 256 << 20) { () -> String? in
      do throws(SpecDecodingError) {
        _ = try SpecDecoder.decode(json: Self.deepText(100_000))
        return nil
      } catch {
        return error.description
      }
    }
    #expect(message == "root: invalid JSON: nesting deeper than 10000 at byte 240000")
  }

  /// `{"type":"inset","child":` nested `depth` times around a node.
  static func deepText(_ depth: Int) -> String {
    String(repeating: "{\"type\":\"inset\",\"child\":", count: depth) + "{\"type\":\"node\"}"
      + String(repeating: "}", count: depth)
  }

  /// Trees built in code are checked too: layout refuses a 100,000-deep element tree without recursing.
  @Test func layoutRefusesTooDeepTreesBuiltInCode() {
    var e = LayoutElement(kind: .node(NodeLeaf()))
    for _ in 0..<100_000 { e = LayoutElement(kind: .inset(InsetLayoutSpec(insets: EdgeInsets(), child: e))) }
    let engine = LayoutEngine(environment: LayoutEnvironment(scale: 2))
    #expect(throws: LayoutFailure(path: "root", message: "nesting deeper than the maximum of 64 elements")) {
      try engine.layout(e, in: .unconstrained)
    }
    // Tear down one level at a time (a recursive release of 100,000 levels would overflow the stack).
    while case .inset(let spec) = e.kind { e = spec.child }
  }

  /// The element count limit applies across the whole tree.
  @Test func elementCountLimit() {
    let v = JSONValue.object(
      JSONObject([
        ("type", .string("stack")),
        ("children", .array(Array(repeating: .object(JSONObject([("type", .string("node"))])), count: 4))),
      ]))
    #expect(throws: SpecDecodingError(path: "root.children[2]", message: "more than the maximum of 3 elements")) {
      try SpecDecoder.decode(v, limits: SpecDecoder.Limits(maxElements: 3))
    }
    #expect((try? SpecDecoder.decode(v, limits: SpecDecoder.Limits(maxElements: 5))) != nil)
  }
}
