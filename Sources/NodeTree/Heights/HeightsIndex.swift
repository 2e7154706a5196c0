/// An ordered sequence of row heights with prefix sums: a counted B+ tree (leaves of up to 64 heights, branches
/// of up to 32 children, each child slot holding its subtree's count and height sum).
///
/// Pure value type; Session-isolated when owned by a table. Positions are 0-based indexes into the sequence.
/// Insert and remove anywhere, change a height, offset of a row, row at an offset and rank of a handle are all
/// O(log n) with a shallow tree (depth 4 holds 1M rows), so few cache misses. Heights are points before pixel
/// rounding. A per-row `separator` (points) is not stored: queries take it and add `index × separator`, so
/// changing separators costs nothing. Each element gets a `Handle` that stays valid while it is in the sequence.
/// Sums are recomputed from the children on every change (never updated incrementally), so they do not drift.
package struct HeightsIndex: Sendable {
  /// A stable reference to one element; valid until that element is removed.
  package typealias Handle = Int32

  /// Marks "no node".
  static let none: Int32 = -1
  /// Elements per leaf at most.
  static let leafCapacity = 64
  /// Children per branch at most.
  static let branchCapacity = 32
  /// Elements per leaf when building in bulk (room for inserts).
  static let bulkLeafFill = 56
  /// Children per branch when building in bulk.
  static let bulkBranchFill = 28

  /// Heights of every leaf, `leafCapacity` slots per leaf.
  var leafHeight: [Double] = []
  /// Handles of every leaf, parallel to `leafHeight`.
  var leafHandle: [Int32] = []
  /// Elements used in each leaf.
  var leafFill: [Int32] = []
  /// Parent branch of each leaf (none for a root leaf).
  var leafParent: [Int32] = []
  /// Released leaves.
  var freeLeaves: [Int32] = []
  /// Child ids of every branch, `branchCapacity` slots per branch.
  var slotChild: [Int32] = []
  /// Element count of each child slot's subtree.
  var slotCount: [Int] = []
  /// Height sum of each child slot's subtree.
  var slotSum: [Double] = []
  /// Children used in each branch.
  var branchFill: [Int32] = []
  /// Parent branch of each branch (none for the root).
  var branchParent: [Int32] = []
  /// Released branches.
  var freeBranches: [Int32] = []
  /// Leaf holding each handle.
  var handleLeaf: [Int32] = []
  /// Released handles.
  var freeHandles: [Int32] = []
  /// Root node (a leaf when `levels` is 0), or none when empty.
  var root: Int32 = HeightsIndex.none
  /// Branch levels above the leaves.
  var levels = 0
  /// Number of elements.
  var totalCount = 0
  /// Sum of all heights.
  var totalSum = 0.0

  /// Creates an empty sequence.
  package init() {}

  /// Creates a sequence holding `heights` in order, built in O(n).
  package init(heights: [Double]) {
    append(contentsOf: heights)
  }

  /// Number of elements.
  package var count: Int { totalCount }

  /// Sum of all heights plus `count × separator` (points).
  package func totalHeight(separator: Double = 0) -> Double { totalSum + Double(totalCount) * separator }

  /// The height stored at `index` (without separator); nil when out of range.
  package func height(at index: Int) -> Double? {
    guard index >= 0, index < totalCount else { return nil }
    let (leaf, position) = descend(to: index)
    return leafHeight[Int(leaf) * Self.leafCapacity + position]
  }

  /// The height stored for `handle` (without separator).
  package func height(of handle: Handle) -> Double {
    let leaf = handleLeaf[Int(handle)]
    return leafHeight[Int(leaf) * Self.leafCapacity + position(of: handle, in: leaf)]
  }

  /// The handle of the element at `index`; nil when out of range.
  package func handle(at index: Int) -> Handle? {
    guard index >= 0, index < totalCount else { return nil }
    let (leaf, position) = descend(to: index)
    return leafHandle[Int(leaf) * Self.leafCapacity + position]
  }

  /// The current index of the element `handle` (walks parent links, summing the counts of earlier siblings).
  package func index(of handle: Handle) -> Int {
    let leaf = handleLeaf[Int(handle)]
    var rank = position(of: handle, in: leaf)
    var child = leaf
    var parent = leafParent[Int(leaf)]
    while parent != Self.none {
      let base = Int(parent) * Self.branchCapacity
      let slot = self.slot(of: child, in: parent)
      for earlier in base..<(base + slot) { rank += slotCount[earlier] }
      child = parent
      parent = branchParent[Int(parent)]
    }
    return rank
  }

  /// Top edge of the element at `index`: heights of all elements before it plus `index × separator`.
  /// `index == count` gives the total height. Out-of-range indexes are clamped.
  package func offset(ofIndex index: Int, separator: Double = 0) -> Double {
    let target = max(0, min(index, totalCount))
    if target == totalCount { return totalHeight(separator: separator) }
    var node = root
    var remaining = target
    var accumulated = 0.0
    for _ in 0..<levels {
      let base = Int(node) * Self.branchCapacity
      var slot = base
      let last = base + Int(branchFill[Int(node)]) - 1
      while slot < last, remaining >= slotCount[slot] {
        remaining -= slotCount[slot]
        accumulated += slotSum[slot]
        slot += 1
      }
      node = slotChild[slot]
    }
    let base = Int(node) * Self.leafCapacity
    for position in base..<(base + remaining) { accumulated += leafHeight[position] }
    return accumulated + Double(target) * separator
  }

  /// The index of the element whose span `[offset, offset + height + separator)` contains `y`;
  /// nil when `y` is negative or at/after the total height.
  package func index(containingOffset y: Double, separator: Double = 0) -> Int? {
    guard y >= 0, y < totalHeight(separator: separator) else { return nil }
    var node = root
    var remaining = y
    var base = 0
    for _ in 0..<levels {
      let first = Int(node) * Self.branchCapacity
      let end = first + Int(branchFill[Int(node)])
      var slot = first
      while slot < end - 1 {
        let width = slotSum[slot] + Double(slotCount[slot]) * separator
        if remaining < width { break }
        remaining -= width
        base += slotCount[slot]
        slot += 1
      }
      node = slotChild[slot]
    }
    let first = Int(node) * Self.leafCapacity
    for position in first..<(first + Int(leafFill[Int(node)])) {
      let width = leafHeight[position] + separator
      if remaining < width { return base + position - first }
      remaining -= width
    }
    // Rounding left `y` just past the last element of the chosen subtree: it belongs to the next element.
    let next = base + Int(leafFill[Int(node)])
    return next < totalCount ? next : nil
  }

  /// Inserts `height` so that it ends up at `index` (0…count, clamped) and returns its handle.
  @discardableResult
  package mutating func insert(_ height: Double, at index: Int) -> Handle {
    if root == Self.none {
      root = makeLeaf()
      levels = 0
    }
    var (leaf, position) = descend(to: max(0, min(index, totalCount)))
    if Int(leafFill[Int(leaf)]) == Self.leafCapacity {
      let sibling = splitLeaf(leaf)
      if position > Int(leafFill[Int(leaf)]) {
        position -= Int(leafFill[Int(leaf)])
        leaf = sibling
      }
    }
    let handle = makeHandle(in: leaf)
    let base = Int(leaf) * Self.leafCapacity
    let fill = Int(leafFill[Int(leaf)])
    var slot = base + fill
    while slot > base + position {
      leafHeight[slot] = leafHeight[slot - 1]
      leafHandle[slot] = leafHandle[slot - 1]
      slot -= 1
    }
    leafHeight[base + position] = height
    leafHandle[base + position] = handle
    leafFill[Int(leaf)] += 1
    refreshUpward(fromLeaf: leaf)
    return handle
  }

  /// Appends heights at the end; builds in O(n) when the sequence is empty. Returns the handles in order.
  @discardableResult
  package mutating func append(contentsOf heights: [Double]) -> [Handle] {
    if root == Self.none { return buildBulk(heights) }
    return heights.map { insert($0, at: totalCount) }
  }

  /// Inserts `heights` as a contiguous run starting at `index` (clamped); returns their handles in order.
  @discardableResult
  package mutating func insert(contentsOf heights: [Double], at index: Int) -> [Handle] {
    if root == Self.none { return buildBulk(heights) }
    let start = max(0, min(index, totalCount))
    return heights.enumerated().map { insert($0.element, at: start + $0.offset) }
  }

  /// Removes the element at `index`; returns its handle (now invalid) and height, or nil when out of range.
  @discardableResult
  package mutating func remove(at index: Int) -> (handle: Handle, height: Double)? {
    guard index >= 0, index < totalCount else { return nil }
    let (leaf, position) = descend(to: index)
    let base = Int(leaf) * Self.leafCapacity
    let handle = leafHandle[base + position]
    let height = leafHeight[base + position]
    let fill = Int(leafFill[Int(leaf)])
    for slot in (base + position)..<(base + fill - 1) {
      leafHeight[slot] = leafHeight[slot + 1]
      leafHandle[slot] = leafHandle[slot + 1]
    }
    leafFill[Int(leaf)] -= 1
    freeHandles.append(handle)
    handleLeaf[Int(handle)] = Self.none
    if leafFill[Int(leaf)] == 0 {
      removeEmptyLeaf(leaf)
    } else {
      refreshUpward(fromLeaf: leaf)
    }
    return (handle, height)
  }

  /// Removes `length` elements starting at `index` (clamped) and returns their handles (now invalid) in order.
  @discardableResult
  package mutating func removeSubrange(from index: Int, length: Int) -> [Handle] {
    let start = max(0, min(index, totalCount))
    let end = max(start, min(start + length, totalCount))
    if start == 0, end == totalCount {
      let all = handles(in: 0..<totalCount)
      self = HeightsIndex()
      return all
    }
    return (start..<end).compactMap { _ in remove(at: start)?.handle }
  }

  /// Sets the height of `handle` and updates the sums on its path to the root.
  package mutating func setHeight(_ newHeight: Double, of handle: Handle) {
    let leaf = handleLeaf[Int(handle)]
    leafHeight[Int(leaf) * Self.leafCapacity + position(of: handle, in: leaf)] = newHeight
    refreshUpward(fromLeaf: leaf)
  }

  /// Handles of the elements in `range` (clamped), in order: one descent, then leaf by leaf.
  package func handles(in range: Range<Int>) -> [Handle] {
    let lower = max(0, range.lowerBound)
    let upper = min(totalCount, range.upperBound)
    guard lower < upper else { return [] }
    var result: [Handle] = []
    result.reserveCapacity(upper - lower)
    var (leaf, position) = descend(to: lower)
    while result.count < upper - lower {
      let base = Int(leaf) * Self.leafCapacity
      let fill = Int(leafFill[Int(leaf)])
      let take = min(fill - position, upper - lower - result.count)
      result.append(contentsOf: leafHandle[(base + position)..<(base + position + take)])
      guard result.count < upper - lower, let next = nextLeaf(after: leaf) else { break }
      leaf = next
      position = 0
    }
    return result
  }

  /// Removes everything.
  package mutating func removeAll() { self = HeightsIndex() }
}
