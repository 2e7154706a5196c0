import Synchronization
import Testing

@testable import LayoutSpecs

/// Per-element layout caching (`LayoutEngine.layoutThatFits`, Texture's calculated layout): counts measurer calls
/// per text leaf. Sizes follow the fixed-advance rule (0.6 em per character, 1.2 em lines) at 10 pt.
@Suite struct LayoutCacheTests {
  /// A text measurer that counts its calls per text string, then measures with the fixed-advance rule.
  final class CountingMeasurer: Sendable {
    /// Calls per text string.
    let calls = Mutex<[String: Int]>([:])

    /// The measurer closure.
    var measure: LayoutEnvironment.TextMeasurer {
      { leaf, range throws(LayoutFailure) in
        self.calls.withLock { $0[leaf.text, default: 0] += 1 }
        return try FixedAdvanceTextMeasurer.measure(leaf, range)
      }
    }

    /// Calls so far for `text`.
    func count(_ text: String) -> Int { calls.withLock { $0[text] ?? 0 } }

    /// Forgets the counts.
    func reset() { calls.withLock { $0 = [:] } }
  }

  /// A named 10-pt text leaf.
  static func text(_ name: String, _ string: String) -> LayoutElement {
    LayoutElement(name: name, kind: .text(TextLeaf(text: string, fontFamily: "Ahem", fontSize: 10)))
  }

  /// A vertical, start-aligned stack of three texts inside a 10-pt inset; the last text has id `last`.
  static func cell() -> LayoutElement {
    var last = text("c", "ccc")
    last.id = "last"
    let stack = T.stack([text("a", "a"), text("b", "bb"), last]) {
      $0.direction = .vertical
      $0.alignItems = .start
    }
    return LayoutElement(
      kind: .inset(
        InsetLayoutSpec(
          insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10),
          child: stack)))
  }

  /// The range every test lays the cell out in.
  static let range = T.range(0, 0, 200, 1_000)

  /// The same element in the same range: the second layout measures nothing and returns an equal layout.
  /// Frames: inset 10 → texts at y 10, 22, 34 (12-pt lines); widths 1, 2, 3 characters × 6 pt; the stack is
  /// 18 × 36 (widest child, three lines), so the cell is 38 × 56.
  @Test func unchangedRelayoutMeasuresNothing() throws {
    let counter = CountingMeasurer()
    let engine = LayoutEngine(environment: LayoutEnvironment(scale: 2, measureText: counter.measure))
    let cell = Self.cell()
    let first = try engine.layout(cell, in: Self.range)
    let measured = counter.count("a") + counter.count("bb") + counter.count("ccc")
    #expect(measured >= 3)
    counter.reset()
    let second = try engine.layout(cell, in: Self.range)
    #expect(counter.count("a") + counter.count("bb") + counter.count("ccc") == 0)
    #expect(second == first)
    let f = second.flattened(grid: engine.grid)
    #expect(f.size == Size(38, 56))
    #expect(T.frame(f, "a") == [10, 10, 6, 12])
    #expect(T.frame(f, "b") == [10, 22, 12, 12])
    #expect(T.frame(f, "c") == [10, 34, 18, 12])
  }

  /// After replacing one text, only the new text is measured; its siblings answer from their caches.
  @Test func editRemeasuresOnlyTheChangedLeaf() throws {
    let counter = CountingMeasurer()
    let engine = LayoutEngine(environment: LayoutEnvironment(scale: 2, measureText: counter.measure))
    let cell = Self.cell()
    _ = try engine.layout(cell, in: Self.range)
    counter.reset()
    var replacement = Self.text("c", "cccc")
    replacement.id = "last"
    let edited = try #require(cell.replacingElement(withID: "last", by: replacement))
    let f = try engine.layout(edited, in: Self.range).flattened(grid: engine.grid)
    #expect(counter.count("a") == 0)
    #expect(counter.count("bb") == 0)
    #expect(counter.count("cccc") >= 1)
    // 4 characters × 6 pt = 24 pt wide.
    #expect(T.frame(f, "c") == [10, 34, 24, 12])
  }

  /// Another range, another environment or caching off all compute again.
  @Test func otherRequestsCompute() throws {
    let counter = CountingMeasurer()
    var environment = LayoutEnvironment(scale: 2, measureText: counter.measure)
    let cell = Self.cell()
    _ = try LayoutEngine(environment: environment).layout(cell, in: Self.range)
    counter.reset()
    // A copy of the environment shares its cache domain.
    _ = try LayoutEngine(environment: environment).layout(cell, in: Self.range)
    #expect(counter.count("a") == 0)
    // A narrower range: the text "ccc" (18 pt) wraps nowhere, but the request differs, so it is measured.
    _ = try LayoutEngine(environment: environment).layout(cell, in: T.range(0, 0, 100, 1_000))
    #expect(counter.count("ccc") >= 1)
    counter.reset()
    // Setting a measurer starts a new domain.
    environment.measureText = counter.measure
    _ = try LayoutEngine(environment: environment).layout(cell, in: Self.range)
    #expect(counter.count("a") >= 1)
    counter.reset()
    environment.cachesLayouts = false
    _ = try LayoutEngine(environment: environment).layout(cell, in: Self.range)
    #expect(counter.count("a") >= 1)
  }

  /// A failed layout is not cached: the next attempt fails the same way.
  @Test func failuresAreNotCached() {
    let engine = LayoutEngine(environment: LayoutEnvironment(scale: 2))
    let cell = Self.cell()
    for _ in 0..<2 {
      #expect(throws: LayoutFailure.self) { try engine.layout(cell, in: Self.range) }
    }
  }

  /// The same element laid out on eight threads at once, alternating two requests, with caching on: every one of
  /// the eight layouts equals the sequential, uncached layout of its request. Sizes by hand: in the 0–200 range
  /// the cell shrink-wraps to 38 × 56 (see `unchangedRelayoutMeasuresNothing`); at exactly 150 wide it takes
  /// 150 × 56 and the start-aligned texts keep their frames.
  @Test func concurrentLayoutsAgree() async throws {
    let ranges = [Self.range, T.range(150, 0, 150, 1_000)]
    var plain = LayoutEnvironment(scale: 2, measureText: FixedAdvanceTextMeasurer.measure)
    plain.cachesLayouts = false
    let sequential = try ranges.map { try LayoutEngine(environment: plain).layout(Self.cell(), in: $0) }
    let grid = LayoutEngine(environment: plain).grid
    #expect(sequential.map { $0.flattened(grid: grid).size } == [Size(38, 56), Size(150, 56)])
    for layout in sequential { #expect(T.frame(layout.flattened(grid: grid), "c") == [10, 34, 18, 12]) }
    // A fresh engine (its own cache domain) and one cell value shared by every task, so the tasks fill and read
    // the same element caches.
    let engine = LayoutEngine(environment: LayoutEnvironment(scale: 2, measureText: FixedAdvanceTextMeasurer.measure))
    let cell = Self.cell()
    let results = await withTaskGroup(of: (Int, Layout?).self) { group in
      for i in 0..<8 {
        group.addTask { (i, try? engine.layout(cell, in: ranges[i % 2])) }
      }
      var all: [Int: Layout?] = [:]
      for await (i, layout) in group { all[i] = layout }
      return all
    }
    #expect(results.count == 8)
    for i in 0..<8 {
      #expect(results[i] == .some(sequential[i % 2]), "task \(i) (range \(ranges[i % 2])) disagrees")
    }
  }
}
