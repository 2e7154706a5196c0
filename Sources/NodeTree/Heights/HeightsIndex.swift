/// An ordered sequence of row heights with prefix sums: an implicit treap with subtree counts and sums.
///
/// Pure value type; Session-isolated when owned by a table. Positions are 0-based indexes into the sequence.
/// Every operation is O(log n) expected: insert and remove anywhere, change a height, offset of a row, row at
/// an offset, rank of a handle. Heights are points before pixel rounding. A per-row `separator` (points) is not
/// stored: queries take it as a parameter and add `index × separator`, so changing separators costs nothing.
/// Each element gets a `Handle` that stays valid while the element is in the sequence, whatever moves around it.
package struct HeightsIndex: Sendable {
  /// A stable reference to one element; valid until that element is removed.
  package typealias Handle = Int32

  /// Marks "no node".
  static let none: Int32 = -1

  /// One treap node; all fields in one 40-byte record so a visit touches one cache line.
  struct Node: Sendable {
    /// Left child or none.
    var left: Int32
    /// Right child or none.
    var right: Int32
    /// Parent or none.
    var parent: Int32
    /// Subtree element count.
    var size: Int32
    /// Heap priority (parents outrank children).
    var priority: UInt32
    /// This element's height.
    var height: Double
    /// Subtree height sum.
    var sum: Double
  }

  /// Node pool indexed by handle.
  var nodes: [Node] = []
  /// Root node or none.
  var root: Int32 = HeightsIndex.none
  /// Released nodes, reused before the pool grows.
  var free: [Int32] = []
  /// Priority source (fixed seed: the structure is deterministic for a given operation sequence).
  var random = SplitMix64(seed: 0x5EED_1DE5)

  /// Creates an empty sequence.
  package init() {}

  /// Creates a sequence holding `heights` in order, built in O(n).
  package init(heights: [Double]) {
    append(contentsOf: heights)
  }

  /// Number of elements.
  package var count: Int { root == Self.none ? 0 : Int(nodes[Int(root)].size) }

  /// Sum of all heights plus `count × separator` (points).
  package func totalHeight(separator: Double = 0) -> Double {
    root == Self.none ? 0 : nodes[Int(root)].sum + Double(count) * separator
  }

  /// The height stored at `index` (without separator); nil when out of range.
  package func height(at index: Int) -> Double? {
    guard let node = node(at: index) else { return nil }
    return nodes[Int(node)].height
  }

  /// The height stored for `handle` (without separator).
  package func height(of handle: Handle) -> Double { nodes[Int(handle)].height }

  /// The handle of the element at `index`; nil when out of range.
  package func handle(at index: Int) -> Handle? { node(at: index) }

  /// The current index of the element `handle` (O(log n), walks parent links).
  package func index(of handle: Handle) -> Int {
    var node = handle
    var rank = Int(sizeOf(nodes[Int(node)].left))
    while nodes[Int(node)].parent != Self.none {
      let up = nodes[Int(node)].parent
      if nodes[Int(up)].right == node { rank += Int(sizeOf(nodes[Int(up)].left)) + 1 }
      node = up
    }
    return rank
  }

  /// Top edge of the element at `index`: heights of all elements before it plus `index × separator`.
  /// `index == count` gives the total height. Out-of-range indexes are clamped.
  package func offset(ofIndex index: Int, separator: Double = 0) -> Double {
    let target = max(0, min(index, count))
    var node = root
    var remaining = target
    var accumulated = 0.0
    while node != Self.none {
      let leftChild = nodes[Int(node)].left
      let leftSize = Int(sizeOf(leftChild))
      if remaining <= leftSize {
        node = leftChild
      } else {
        accumulated += sumOf(leftChild) + nodes[Int(node)].height
        remaining -= leftSize + 1
        node = nodes[Int(node)].right
      }
    }
    return accumulated + Double(target) * separator
  }

  /// The index of the element whose span `[offset, offset + height + separator)` contains `y`;
  /// nil when `y` is negative or at/after the total height.
  package func index(containingOffset y: Double, separator: Double = 0) -> Int? {
    guard y >= 0 else { return nil }
    var node = root
    var remaining = y
    var base = 0
    while node != Self.none {
      let leftChild = nodes[Int(node)].left
      let leftSize = Int(sizeOf(leftChild))
      let leftTotal = sumOf(leftChild) + Double(leftSize) * separator
      if remaining < leftTotal {
        node = leftChild
        continue
      }
      remaining -= leftTotal
      let own = nodes[Int(node)].height + separator
      if remaining < own { return base + leftSize }
      remaining -= own
      base += leftSize + 1
      node = nodes[Int(node)].right
    }
    return nil
  }

  /// Inserts `height` so that it ends up at `index` (0…count, clamped) and returns its handle.
  /// Descends while ancestors outrank the new node, then splits only the subtree it replaces.
  @discardableResult
  package mutating func insert(_ height: Double, at index: Int) -> Handle {
    let node = makeNode(height)
    let newPriority = nodes[Int(node)].priority
    var remaining = max(0, min(index, count))
    var above = Self.none
    var goesLeft = false
    var current = root
    while current != Self.none, nodes[Int(current)].priority >= newPriority {
      let leftSize = Int(sizeOf(nodes[Int(current)].left))
      above = current
      if remaining <= leftSize {
        goesLeft = true
        current = nodes[Int(current)].left
      } else {
        remaining -= leftSize + 1
        goesLeft = false
        current = nodes[Int(current)].right
      }
    }
    let (lower, upper) = split(current, remaining)
    nodes[Int(node)].left = lower
    nodes[Int(node)].right = upper
    setParent(lower, node)
    setParent(upper, node)
    recompute(node)
    replaceChild(of: above, goesLeft: goesLeft, with: node)
    return node
  }

  /// Appends heights at the end in O(k log n); the handles are returned in order.
  @discardableResult
  package mutating func append(contentsOf heights: [Double]) -> [Handle] {
    let handles = allocateLevelOrder(heights)
    let built = buildBalanced(handles, 0, handles.count, depth: 0)
    root = merge(root, built)
    setParent(root, Self.none)
    return handles
  }

  /// Inserts `heights` as a contiguous run starting at `index` (clamped); returns their handles in order.
  @discardableResult
  package mutating func insert(contentsOf heights: [Double], at index: Int) -> [Handle] {
    let handles = allocateLevelOrder(heights)
    let built = buildBalanced(handles, 0, handles.count, depth: 0)
    let (lower, upper) = split(root, max(0, min(index, count)))
    root = merge(merge(lower, built), upper)
    setParent(root, Self.none)
    return handles
  }

  /// Removes the element at `index`; returns its handle (now invalid) and height, or nil when out of range.
  /// Merges the node's two subtrees in its place.
  @discardableResult
  package mutating func remove(at index: Int) -> (handle: Handle, height: Double)? {
    guard let node = node(at: index) else { return nil }
    let above = nodes[Int(node)].parent
    let goesLeft = above != Self.none && nodes[Int(above)].left == node
    let lower = nodes[Int(node)].left
    let upper = nodes[Int(node)].right
    setParent(lower, Self.none)
    setParent(upper, Self.none)
    let merged = merge(lower, upper)
    replaceChild(of: above, goesLeft: goesLeft, with: merged)
    let removedHeight = nodes[Int(node)].height
    release(node)
    return (node, removedHeight)
  }

  /// Removes `length` elements starting at `index` (clamped) and returns their handles (now invalid) in order.
  @discardableResult
  package mutating func removeSubrange(from index: Int, length: Int) -> [Handle] {
    let start = max(0, min(index, count))
    let end = max(start, min(start + length, count))
    guard end > start else { return [] }
    let (lower, rest) = split(root, start)
    let (middle, upper) = split(rest, end - start)
    root = merge(lower, upper)
    setParent(root, Self.none)
    var removed: [Handle] = []
    removed.reserveCapacity(end - start)
    collect(middle, into: &removed)
    for node in removed { release(node) }
    return removed
  }

  /// Sets the height of `handle` and updates the sums on its path to the root.
  package mutating func setHeight(_ newHeight: Double, of handle: Handle) {
    nodes[Int(handle)].height = newHeight
    var node = handle
    while node != Self.none {
      recompute(node)
      node = nodes[Int(node)].parent
    }
  }

  /// Handles of the elements in `range` (clamped), in order: one descent, then in-order successors, so
  /// O(k + log n) for k elements.
  package func handles(in range: Range<Int>) -> [Handle] {
    let lower = max(0, range.lowerBound)
    let upper = min(count, range.upperBound)
    guard lower < upper, var node = node(at: lower) else { return [] }
    var result: [Handle] = []
    result.reserveCapacity(upper - lower)
    result.append(node)
    while result.count < upper - lower {
      guard let next = successor(of: node) else { break }
      result.append(next)
      node = next
    }
    return result
  }

  /// Removes everything.
  package mutating func removeAll() { self = HeightsIndex() }
}
