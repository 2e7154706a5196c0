import Synchronization
import Testing

@testable import FlexLayout

/// Measure caching and dirty propagation: measure calls are counted and asserted.
@Suite struct MeasureCacheTests {
  /// Counts calls of a measure function that returns 8 points per character up to the offered width.
  final class Counter: Sendable {
    /// Calls so far.
    let calls = Mutex(0)
    /// A measure function counting into this counter.
    func measure(text: Int) -> MeasureFunction {
      { width, _ in
        self.calls.withLock { $0 += 1 }
        let full = Double(text * 8)
        let w = width.mode == .undefined ? full : (width.mode == .exactly ? width.size : min(full, width.size))
        return Size(width: w, height: (full / max(w, 1)).rounded(.up) * 10)
      }
    }
    /// Calls so far.
    var count: Int { calls.withLock { $0 } }
  }

  /// A card: a column of a header row (avatar + text) and two text leaves.
  static func card(_ counter: Counter) -> (FlexTree, NodeIndex, [NodeIndex]) {
    var b = TreeBuilder()
    let avatar = b.node { $0.width = .pt(40); $0.height = .pt(40) }
    let name = b.leaf({ $0.flexGrow = 1; $0.flexShrink = 1 }, measure: counter.measure(text: 12))
    let header = b.node({ $0.flexDirection = .row; $0.alignItems = .center }, [avatar, name])
    let body = b.leaf(measure: counter.measure(text: 80))
    let footer = b.leaf({ $0.margin = Edges(top: .pt(4)) }, measure: counter.measure(text: 20))
    let root = b.node({ $0.width = .pt(300); $0.padding = Edges(all: .pt(10)) }, [header, body, footer])
    return (b.tree, root, [name, body, footer])
  }

  /// A full layout measures each text leaf about once; a relayout with nothing dirty measures nothing.
  @Test func relayoutWithNothingDirtyDoesNotMeasure() {
    let counter = Counter()
    var (tree, root, _) = Self.card(counter)
    layout(&tree, root, scale: 1)
    let first = counter.count
    #expect(first >= 3 && first <= 4)
    #expect(tree.measureCalls == first)
    layout(&tree, root, scale: 1)
    #expect(counter.count == first)
  }

  /// Changing one leaf's style re-measures that leaf only; its siblings answer from their caches.
  @Test func dirtyLeafIsRemeasuredAlone() {
    let counter = Counter()
    var (tree, root, leaves) = Self.card(counter)
    layout(&tree, root, scale: 1)
    let first = counter.count
    var style = tree.style(of: leaves[1])
    style.margin = Edges(bottom: .pt(2))
    tree.setStyle(style, of: leaves[1])
    layout(&tree, root, scale: 1)
    #expect(counter.count == first + 1)
  }

  /// markDirty marks the node and its ancestors, not its siblings; layout clears the flags.
  @Test func dirtyPropagatesToRootOnly() {
    let counter = Counter()
    var (tree, root, leaves) = Self.card(counter)
    layout(&tree, root, scale: 1)
    #expect(!tree.layout(of: root).isDirty)
    tree.markDirty(leaves[0])
    let header = tree.children(of: root)[0]
    #expect(tree.layout(of: leaves[0]).isDirty)
    #expect(tree.layout(of: header).isDirty)
    #expect(tree.layout(of: root).isDirty)
    #expect(!tree.layout(of: leaves[1]).isDirty)
    layout(&tree, root, scale: 1)
    #expect(!tree.layout(of: root).isDirty && !tree.layout(of: leaves[0]).isDirty)
  }

  /// markAllDirty makes the next layout do the work again, with the same frames.
  @Test func markAllDirtyRedoesWork() {
    let counter = Counter()
    var (tree, root, leaves) = Self.card(counter)
    layout(&tree, root, scale: 1)
    let frames = leaves.map { rect(tree, $0) }
    let first = counter.count
    tree.markAllDirty()
    layout(&tree, root, scale: 1)
    #expect(counter.count == 2 * first)
    #expect(leaves.map { rect(tree, $0) } == frames)
  }
}
