import Synchronization

/// The structure of decoded box templates (their nodes and style settings), kept once per distinct structure so
/// that templates with equal structure share one copy of it.
///
/// The cells of a feed differ in their text far more often than in their structure: every row of one cell kind
/// has the same nodes and styles. Without sharing, each row kept its own node and setting arrays (about 620 bytes
/// for `feed-cell`); with it, a row keeps its measures and references the shared arrays. A cache, not a registry:
/// dropping an entry never changes a template (templates hold their arrays themselves), so the table is emptied
/// when it reaches `limit` distinct structures. Thread-safe (decoding runs on every layout thread).
package final class BoxShapes: Sendable {
  /// The process's table.
  package static let shared = BoxShapes(limit: 4096)

  /// One structure, with its hash computed once (outside the lock).
  private struct Shape: Hashable {
    /// Hash of `nodes` and `settings`.
    let hash: Int
    /// The nodes, in document order.
    let nodes: [BoxTemplate.Node]
    /// Every node's style settings.
    let settings: [BoxStyleSetting]

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (lhs: Shape, rhs: Shape) -> Bool {
      lhs.hash == rhs.hash && lhs.nodes == rhs.nodes && lhs.settings == rhs.settings
    }
  }

  /// Most distinct structures kept.
  let limit: Int
  /// The structures seen since the table was last emptied.
  private let table = Mutex(Set<Shape>())
  /// The structure returned last (by any thread): the rows of a feed come in runs of one cell kind, so comparing
  /// with it first usually spares hashing the structure (about 8,000 instructions for `feed-cell`).
  private let last = Mutex<Shape?>(nil)

  /// An empty table keeping at most `limit` structures.
  package init(limit: Int) { self.limit = max(1, limit) }

  /// Number of distinct structures kept now.
  package var count: Int { table.withLock { $0.count } }

  /// Arrays equal to `nodes` and `settings`: the ones kept for an equal structure seen before, else copies without
  /// spare capacity, which are kept for the next template of this structure.
  package func shared(nodes: [BoxTemplate.Node], settings: [BoxStyleSetting]) -> (
    nodes: [BoxTemplate.Node], settings: [BoxStyleSetting]
  ) {
    if let known = last.withLock({ $0 }), known.nodes == nodes, known.settings == settings {
      return (known.nodes, known.settings)
    }
    let stored = lookUp(nodes: nodes, settings: settings)
    last.withLock { $0 = stored }
    return (stored.nodes, stored.settings)
  }

  /// The kept structure equal to `nodes` and `settings`, found by hash, or kept now.
  private func lookUp(nodes: [BoxTemplate.Node], settings: [BoxStyleSetting]) -> Shape {
    var hasher = Hasher()
    hasher.combine(nodes)
    hasher.combine(settings)
    let probe = Shape(hash: hasher.finalize(), nodes: nodes, settings: settings)
    if let known = table.withLock({ set in set.firstIndex(of: probe).map { set[$0] } }) {
      return known
    }
    let kept = Shape(hash: probe.hash, nodes: Self.trimmed(nodes), settings: Self.trimmed(settings))
    return table.withLock { set -> Shape in
      if let index = set.firstIndex(of: kept) { return set[index] }  // another thread kept it meanwhile
      if set.count >= limit { set.removeAll() }
      set.insert(kept)
      return kept
    }
  }

  /// A copy of `array` without spare capacity.
  private static func trimmed<T>(_ array: [T]) -> [T] {
    [T](unsafeUninitializedCapacity: array.count) { buffer, count in
      count = buffer.initialize(fromContentsOf: array)
    }
  }
}
