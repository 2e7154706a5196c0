/// Treap internals of `HeightsIndex`: node pool, split, merge, balanced build. Pure.
extension HeightsIndex {
  /// Subtree size of `node` (0 for none).
  @inline(__always) func sizeOf(_ node: Int32) -> Int32 { node == Self.none ? 0 : size[Int(node)] }

  /// Subtree height sum of `node` (0 for none).
  @inline(__always) func sumOf(_ node: Int32) -> Double { node == Self.none ? 0 : sum[Int(node)] }

  /// Sets the parent link of `node` when it exists.
  @inline(__always) mutating func setParent(_ node: Int32, _ newParent: Int32) {
    if node != Self.none { parent[Int(node)] = newParent }
  }

  /// Recomputes size and sum of `node` from its children.
  @inline(__always) mutating func recompute(_ node: Int32) {
    let index = Int(node)
    size[index] = 1 + sizeOf(left[index]) + sizeOf(right[index])
    sum[index] = height[index] + sumOf(left[index]) + sumOf(right[index])
  }

  /// The node at `index` in order, or nil when out of range.
  func node(at index: Int) -> Int32? {
    guard index >= 0, index < count else { return nil }
    var node = root
    var remaining = index
    while node != Self.none {
      let leftSize = Int(sizeOf(left[Int(node)]))
      if remaining < leftSize {
        node = left[Int(node)]
      } else if remaining == leftSize {
        return node
      } else {
        remaining -= leftSize + 1
        node = right[Int(node)]
      }
    }
    return nil
  }

  /// Allocates a detached leaf node with a random priority.
  mutating func makeNode(_ value: Double) -> Int32 {
    let newPriority = UInt32(truncatingIfNeeded: random.next() >> 32)
    if let reused = free.popLast() {
      let index = Int(reused)
      left[index] = Self.none
      right[index] = Self.none
      parent[index] = Self.none
      priority[index] = newPriority
      size[index] = 1
      height[index] = value
      sum[index] = value
      return reused
    }
    left.append(Self.none)
    right.append(Self.none)
    parent.append(Self.none)
    priority.append(newPriority)
    size.append(1)
    height.append(value)
    sum.append(value)
    return Int32(left.count - 1)
  }

  /// Returns `node` to the free list.
  mutating func release(_ node: Int32) {
    free.append(node)
  }

  /// Splits the tree at `node` into the first `k` elements and the rest; both results have parent none.
  mutating func split(_ node: Int32, _ k: Int) -> (Int32, Int32) {
    if node == Self.none { return (Self.none, Self.none) }
    let leftSize = Int(sizeOf(left[Int(node)]))
    if k <= leftSize {
      let (lower, upper) = split(left[Int(node)], k)
      left[Int(node)] = upper
      setParent(upper, node)
      recompute(node)
      setParent(lower, Self.none)
      parent[Int(node)] = Self.none
      return (lower, node)
    } else {
      let (lower, upper) = split(right[Int(node)], k - leftSize - 1)
      right[Int(node)] = lower
      setParent(lower, node)
      recompute(node)
      setParent(upper, Self.none)
      parent[Int(node)] = Self.none
      return (node, upper)
    }
  }

  /// Concatenates two trees (every element of `a` before every element of `b`).
  mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
    if a == Self.none { return b }
    if b == Self.none { return a }
    if priority[Int(a)] > priority[Int(b)] {
      let merged = merge(right[Int(a)], b)
      right[Int(a)] = merged
      setParent(merged, a)
      recompute(a)
      return a
    } else {
      let merged = merge(a, left[Int(b)])
      left[Int(b)] = merged
      setParent(merged, b)
      recompute(b)
      return b
    }
  }

  /// Links `nodes[from..<to]` into a balanced tree whose priorities decrease with depth (a valid treap).
  mutating func buildBalanced(_ nodes: [Int32], _ from: Int, _ to: Int, depth: Int) -> Int32 {
    guard from < to else { return Self.none }
    let middle = (from + to) / 2
    let node = nodes[middle]
    // Top 6 bits encode depth so parents always outrank children; low bits stay random.
    let level = UInt32(max(0, 63 - min(depth, 63))) << 26
    priority[Int(node)] = level | (priority[Int(node)] & 0x03FF_FFFF)
    let lower = buildBalanced(nodes, from, middle, depth: depth + 1)
    let upper = buildBalanced(nodes, middle + 1, to, depth: depth + 1)
    left[Int(node)] = lower
    right[Int(node)] = upper
    setParent(lower, node)
    setParent(upper, node)
    parent[Int(node)] = Self.none
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
        current = left[Int(current)]
      }
      guard let top = stack.popLast() else { break }
      result.append(top)
      current = right[Int(top)]
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
