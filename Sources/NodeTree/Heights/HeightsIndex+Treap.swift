/// Treap internals of `HeightsIndex`: node pool, split, merge, balanced build. Pure.
extension HeightsIndex {
  /// Subtree size of `node` (0 for none).
  @inline(__always) func sizeOf(_ node: Int32) -> Int32 { node == Self.none ? 0 : nodes[Int(node)].size }

  /// Subtree height sum of `node` (0 for none).
  @inline(__always) func sumOf(_ node: Int32) -> Double { node == Self.none ? 0 : nodes[Int(node)].sum }

  /// Sets the parent link of `node` when it exists.
  @inline(__always) mutating func setParent(_ node: Int32, _ newParent: Int32) {
    if node != Self.none { nodes[Int(node)].parent = newParent }
  }

  /// Recomputes size and sum of `node` from its children.
  @inline(__always) mutating func recompute(_ node: Int32) {
    let index = Int(node)
    nodes[index].size = 1 + sizeOf(nodes[index].left) + sizeOf(nodes[index].right)
    nodes[index].sum = nodes[index].height + sumOf(nodes[index].left) + sumOf(nodes[index].right)
  }

  /// The node at `index` in order, or nil when out of range.
  func node(at index: Int) -> Int32? {
    guard index >= 0, index < count else { return nil }
    var node = root
    var remaining = index
    while node != Self.none {
      let leftSize = Int(sizeOf(nodes[Int(node)].left))
      if remaining < leftSize {
        node = nodes[Int(node)].left
      } else if remaining == leftSize {
        return node
      } else {
        remaining -= leftSize + 1
        node = nodes[Int(node)].right
      }
    }
    return nil
  }

  /// The next node in order after `node`, nil for the last (amortised O(1) over a scan).
  func successor(of node: Int32) -> Int32? {
    var current = nodes[Int(node)].right
    if current != Self.none {
      while nodes[Int(current)].left != Self.none { current = nodes[Int(current)].left }
      return current
    }
    current = node
    var above = nodes[Int(current)].parent
    while above != Self.none, nodes[Int(above)].right == current {
      current = above
      above = nodes[Int(current)].parent
    }
    return above == Self.none ? nil : above
  }

  /// Allocates a detached leaf node with a random priority.
  mutating func makeNode(_ value: Double) -> Int32 {
    let newPriority = UInt32(truncatingIfNeeded: random.next() >> 32)
    let node = Node(left: Self.none, right: Self.none, parent: Self.none, size: 1, priority: newPriority,
                    height: value, sum: value)
    if let reused = free.popLast() {
      nodes[Int(reused)] = node
      return reused
    }
    nodes.append(node)
    return Int32(nodes.count - 1)
  }

  /// Puts `child` where the descent below `above` went (the root when `above` is none) and recomputes the
  /// sizes and sums from `above` up to the root.
  mutating func replaceChild(of above: Int32, goesLeft: Bool, with child: Int32) {
    guard above != Self.none else {
      root = child
      setParent(child, Self.none)
      return
    }
    if goesLeft { nodes[Int(above)].left = child } else { nodes[Int(above)].right = child }
    setParent(child, above)
    var current = above
    while current != Self.none {
      recompute(current)
      current = nodes[Int(current)].parent
    }
  }

  /// Returns `node` to the free list.
  mutating func release(_ node: Int32) {
    free.append(node)
  }

  /// Splits the tree at `node` into the first `k` elements and the rest; both results have parent none.
  mutating func split(_ node: Int32, _ k: Int) -> (Int32, Int32) {
    if node == Self.none { return (Self.none, Self.none) }
    let leftSize = Int(sizeOf(nodes[Int(node)].left))
    if k <= leftSize {
      let (lower, upper) = split(nodes[Int(node)].left, k)
      nodes[Int(node)].left = upper
      setParent(upper, node)
      recompute(node)
      setParent(lower, Self.none)
      nodes[Int(node)].parent = Self.none
      return (lower, node)
    } else {
      let (lower, upper) = split(nodes[Int(node)].right, k - leftSize - 1)
      nodes[Int(node)].right = lower
      setParent(lower, node)
      recompute(node)
      setParent(upper, Self.none)
      nodes[Int(node)].parent = Self.none
      return (node, upper)
    }
  }

  /// Concatenates two trees (every element of `a` before every element of `b`).
  mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
    if a == Self.none { return b }
    if b == Self.none { return a }
    if nodes[Int(a)].priority > nodes[Int(b)].priority {
      let merged = merge(nodes[Int(a)].right, b)
      nodes[Int(a)].right = merged
      setParent(merged, a)
      recompute(a)
      return a
    } else {
      let merged = merge(a, nodes[Int(b)].left)
      nodes[Int(b)].left = merged
      setParent(merged, b)
      recompute(b)
      return b
    }
  }

  /// Allocates nodes for `heights` in the level order of the balanced tree `buildBalanced` will link, so the
  /// top levels share a few pages and stay cached; returns the handles in element order.
  mutating func allocateLevelOrder(_ heights: [Double]) -> [Int32] {
    var handles = [Int32](repeating: Self.none, count: heights.count)
    var queue: [(from: Int, to: Int)] = [(0, heights.count)]
    var head = 0
    while head < queue.count {
      let (from, to) = queue[head]
      head += 1
      guard from < to else { continue }
      let middle = (from + to) / 2
      handles[middle] = makeNode(heights[middle])
      queue.append((from, middle))
      queue.append((middle + 1, to))
    }
    return handles
  }

  /// Links `handles[from..<to]` into a balanced tree whose priorities decrease with depth (a valid treap).
  mutating func buildBalanced(_ handles: [Int32], _ from: Int, _ to: Int, depth: Int) -> Int32 {
    guard from < to else { return Self.none }
    let middle = (from + to) / 2
    let node = handles[middle]
    // Top 6 bits encode depth so parents always outrank children; low bits stay random.
    let level = UInt32(max(0, 63 - min(depth, 63))) << 26
    nodes[Int(node)].priority = level | (nodes[Int(node)].priority & 0x03FF_FFFF)
    let lower = buildBalanced(handles, from, middle, depth: depth + 1)
    let upper = buildBalanced(handles, middle + 1, to, depth: depth + 1)
    nodes[Int(node)].left = lower
    nodes[Int(node)].right = upper
    setParent(lower, node)
    setParent(upper, node)
    nodes[Int(node)].parent = Self.none
    recompute(node)
    return node
  }

  /// Appends the nodes of the subtree at `node` in order.
  func collect(_ node: Int32, into result: inout [Int32]) {
    var stack: [Int32] = []
    var current = node
    while current != Self.none || !stack.isEmpty {
      while current != Self.none {
        stack.append(current)
        current = nodes[Int(current)].left
      }
      guard let top = stack.popLast() else { break }
      result.append(top)
      current = nodes[Int(top)].right
    }
  }
}

/// A small deterministic 64-bit generator (SplitMix64) for treap priorities and seeded tests. Pure.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from a seed; equal seeds give equal sequences.
  package init(seed: UInt64) { state = seed }

  /// Returns the next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
