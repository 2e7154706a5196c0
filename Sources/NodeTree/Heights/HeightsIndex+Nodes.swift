/// Node bookkeeping of `HeightsIndex`: allocation, descent, splits, removal of empty nodes, sum refresh. Pure.
extension HeightsIndex {
  /// Leaf and position of the element at `index` (or the insertion point for `index == count`).
  func descend(to index: Int) -> (leaf: Int32, position: Int) {
    var node = root
    var remaining = index
    for _ in 0..<levels {
      let base = Int(node) * Self.branchCapacity
      var slot = base
      let last = base + Int(branchFill[Int(node)]) - 1
      while slot < last, remaining >= slotCount[slot] {
        remaining -= slotCount[slot]
        slot += 1
      }
      node = slotChild[slot]
    }
    return (node, remaining)
  }

  /// Position of `handle` inside `leaf` (linear scan of at most 64 slots).
  func position(of handle: Handle, in leaf: Int32) -> Int {
    let base = Int(leaf) * Self.leafCapacity
    var position = 0
    let fill = Int(leafFill[Int(leaf)])
    while position < fill, leafHandle[base + position] != handle { position += 1 }
    return position
  }

  /// Slot index (0-based) of `child` inside `branch`.
  func slot(of child: Int32, in branch: Int32) -> Int {
    let base = Int(branch) * Self.branchCapacity
    var slot = 0
    let fill = Int(branchFill[Int(branch)])
    while slot < fill, slotChild[base + slot] != child { slot += 1 }
    return slot
  }

  /// The leaf after `leaf` in order, nil for the last.
  func nextLeaf(after leaf: Int32) -> Int32? {
    var child = leaf
    var parent = leafParent[Int(leaf)]
    var depth = 0
    while parent != Self.none {
      let slot = self.slot(of: child, in: parent)
      if slot + 1 < Int(branchFill[Int(parent)]) {
        var node = slotChild[Int(parent) * Self.branchCapacity + slot + 1]
        for _ in 0..<depth { node = slotChild[Int(node) * Self.branchCapacity] }
        return node
      }
      child = parent
      parent = branchParent[Int(parent)]
      depth += 1
    }
    return nil
  }

  /// Element count and height sum of `leaf`.
  func totals(ofLeaf leaf: Int32) -> (count: Int, sum: Double) {
    let base = Int(leaf) * Self.leafCapacity
    let fill = Int(leafFill[Int(leaf)])
    var sum = 0.0
    for position in base..<(base + fill) { sum += leafHeight[position] }
    return (fill, sum)
  }

  /// Element count and height sum of `branch`.
  func totals(ofBranch branch: Int32) -> (count: Int, sum: Double) {
    let base = Int(branch) * Self.branchCapacity
    var count = 0
    var sum = 0.0
    for slot in base..<(base + Int(branchFill[Int(branch)])) {
      count += slotCount[slot]
      sum += slotSum[slot]
    }
    return (count, sum)
  }

  /// Recomputes the slot values on the path from `leaf` to the root, and the totals.
  mutating func refreshUpward(fromLeaf leaf: Int32) {
    propagateUpward(totals(ofLeaf: leaf), from: leaf, parent: leafParent[Int(leaf)])
  }

  /// Recomputes the slot values on the path from `branch` to the root, and the totals.
  mutating func refreshUpward(fromBranch branch: Int32) {
    propagateUpward(totals(ofBranch: branch), from: branch, parent: branchParent[Int(branch)])
  }

  /// Writes `totals` of node `child` into its slot in `parent`, then repeats with each ancestor's totals up to the
  /// root, whose totals become the index's.
  private mutating func propagateUpward(_ totals: (count: Int, sum: Double), from child: Int32, parent: Int32) {
    var (count, sum) = totals
    var child = child
    var parent = parent
    while parent != Self.none {
      let slot = Int(parent) * Self.branchCapacity + self.slot(of: child, in: parent)
      slotCount[slot] = count
      slotSum[slot] = sum
      (count, sum) = self.totals(ofBranch: parent)
      child = parent
      parent = branchParent[Int(parent)]
    }
    totalCount = count
    totalSum = sum
  }

  /// A fresh empty leaf.
  mutating func makeLeaf() -> Int32 {
    if let leaf = freeLeaves.popLast() {
      leafFill[Int(leaf)] = 0
      leafParent[Int(leaf)] = Self.none
      return leaf
    }
    leafHeight.append(contentsOf: repeatElement(0, count: Self.leafCapacity))
    leafHandle.append(contentsOf: repeatElement(Self.none, count: Self.leafCapacity))
    leafFill.append(0)
    leafParent.append(Self.none)
    return Int32(leafFill.count - 1)
  }

  /// A fresh empty branch.
  mutating func makeBranch() -> Int32 {
    if let branch = freeBranches.popLast() {
      branchFill[Int(branch)] = 0
      branchParent[Int(branch)] = Self.none
      return branch
    }
    slotChild.append(contentsOf: repeatElement(Self.none, count: Self.branchCapacity))
    slotCount.append(contentsOf: repeatElement(0, count: Self.branchCapacity))
    slotSum.append(contentsOf: repeatElement(0, count: Self.branchCapacity))
    branchFill.append(0)
    branchParent.append(Self.none)
    return Int32(branchFill.count - 1)
  }

  /// A fresh handle living in `leaf`.
  mutating func makeHandle(in leaf: Int32) -> Handle {
    if let handle = freeHandles.popLast() {
      handleLeaf[Int(handle)] = leaf
      return handle
    }
    handleLeaf.append(leaf)
    return Int32(handleLeaf.count - 1)
  }

  /// Sets the parent of a child node, leaf or branch.
  mutating func setParent(of child: Int32, childIsLeaf: Bool, to parent: Int32) {
    if childIsLeaf { leafParent[Int(child)] = parent } else { branchParent[Int(child)] = parent }
  }

  /// Moves the upper half of a full leaf into a new leaf placed right after it; returns the new leaf.
  mutating func splitLeaf(_ leaf: Int32) -> Int32 {
    let sibling = makeLeaf()
    let keep = Self.leafCapacity / 2
    let from = Int(leaf) * Self.leafCapacity
    let to = Int(sibling) * Self.leafCapacity
    let moving = Int(leafFill[Int(leaf)]) - keep
    for offset in 0..<moving {
      leafHeight[to + offset] = leafHeight[from + keep + offset]
      leafHandle[to + offset] = leafHandle[from + keep + offset]
      handleLeaf[Int(leafHandle[to + offset])] = sibling
    }
    leafFill[Int(leaf)] = Int32(keep)
    leafFill[Int(sibling)] = Int32(moving)
    insertChild(sibling, childIsLeaf: true, after: leaf)
    refreshUpward(fromLeaf: leaf)
    refreshUpward(fromLeaf: sibling)
    return sibling
  }

  /// Inserts `child` into the parent of `previous`, right after it (a new root when `previous` is the root).
  mutating func insertChild(_ child: Int32, childIsLeaf: Bool, after previous: Int32) {
    let parent = childIsLeaf ? leafParent[Int(previous)] : branchParent[Int(previous)]
    guard parent != Self.none else {
      let newRoot = makeBranch()
      let base = Int(newRoot) * Self.branchCapacity
      slotChild[base] = previous
      slotChild[base + 1] = child
      branchFill[Int(newRoot)] = 2
      setParent(of: previous, childIsLeaf: childIsLeaf, to: newRoot)
      setParent(of: child, childIsLeaf: childIsLeaf, to: newRoot)
      root = newRoot
      levels += 1
      return
    }
    var target = parent
    if Int(branchFill[Int(parent)]) == Self.branchCapacity {
      let sibling = splitBranch(parent, childrenAreLeaves: childIsLeaf)
      let previousParent = childIsLeaf ? leafParent[Int(previous)] : branchParent[Int(previous)]
      if previousParent == sibling { target = sibling }
    }
    let base = Int(target) * Self.branchCapacity
    let fill = Int(branchFill[Int(target)])
    let after = slot(of: previous, in: target)
    var slot = base + fill
    while slot > base + after + 1 {
      slotChild[slot] = slotChild[slot - 1]
      slotCount[slot] = slotCount[slot - 1]
      slotSum[slot] = slotSum[slot - 1]
      slot -= 1
    }
    slotChild[base + after + 1] = child
    slotCount[base + after + 1] = 0
    slotSum[base + after + 1] = 0
    branchFill[Int(target)] += 1
    setParent(of: child, childIsLeaf: childIsLeaf, to: target)
  }

  /// Moves the upper half of a full branch into a new branch placed right after it; returns the new branch.
  mutating func splitBranch(_ branch: Int32, childrenAreLeaves: Bool) -> Int32 {
    let sibling = makeBranch()
    let keep = Self.branchCapacity / 2
    let from = Int(branch) * Self.branchCapacity
    let to = Int(sibling) * Self.branchCapacity
    let moving = Int(branchFill[Int(branch)]) - keep
    for offset in 0..<moving {
      slotChild[to + offset] = slotChild[from + keep + offset]
      slotCount[to + offset] = slotCount[from + keep + offset]
      slotSum[to + offset] = slotSum[from + keep + offset]
      setParent(of: slotChild[to + offset], childIsLeaf: childrenAreLeaves, to: sibling)
    }
    branchFill[Int(branch)] = Int32(keep)
    branchFill[Int(sibling)] = Int32(moving)
    insertChild(sibling, childIsLeaf: false, after: branch)
    refreshUpward(fromBranch: branch)
    refreshUpward(fromBranch: sibling)
    return sibling
  }

  /// Unlinks an empty leaf (and any branch left empty), collapsing single-child roots.
  mutating func removeEmptyLeaf(_ leaf: Int32) {
    var child = leaf
    var childIsLeaf = true
    var parent = leafParent[Int(leaf)]
    freeLeaves.append(leaf)
    if parent == Self.none {
      self = HeightsIndex()
      return
    }
    while parent != Self.none {
      let base = Int(parent) * Self.branchCapacity
      let fill = Int(branchFill[Int(parent)])
      let removed = slot(of: child, in: parent)
      for slot in (base + removed)..<(base + fill - 1) {
        slotChild[slot] = slotChild[slot + 1]
        slotCount[slot] = slotCount[slot + 1]
        slotSum[slot] = slotSum[slot + 1]
      }
      branchFill[Int(parent)] -= 1
      if !childIsLeaf { freeBranches.append(child) }
      if branchFill[Int(parent)] > 0 {
        refreshUpward(fromBranch: parent)
        break
      }
      child = parent
      childIsLeaf = false
      parent = branchParent[Int(parent)]
      if parent == Self.none {
        self = HeightsIndex()
        return
      }
    }
    // A root branch with one child hands the root down.
    while levels > 0, branchFill[Int(root)] == 1 {
      let only = slotChild[Int(root) * Self.branchCapacity]
      freeBranches.append(root)
      root = only
      levels -= 1
      setParent(of: only, childIsLeaf: levels == 0, to: Self.none)
    }
  }

  /// Builds the tree for `heights` into an empty index in O(n); returns the handles in order.
  mutating func buildBulk(_ heights: [Double]) -> [Handle] {
    guard !heights.isEmpty else { return [] }
    var handles: [Handle] = []
    handles.reserveCapacity(heights.count)
    var nodes: [Int32] = []
    var start = 0
    while start < heights.count {
      let leaf = makeLeaf()
      let end = min(heights.count, start + Self.bulkLeafFill)
      let base = Int(leaf) * Self.leafCapacity
      for (offset, value) in heights[start..<end].enumerated() {
        let handle = makeHandle(in: leaf)
        leafHeight[base + offset] = value
        leafHandle[base + offset] = handle
        handles.append(handle)
      }
      leafFill[Int(leaf)] = Int32(end - start)
      nodes.append(leaf)
      start = end
    }
    var childrenAreLeaves = true
    levels = 0
    while nodes.count > 1 {
      var parents: [Int32] = []
      var first = 0
      while first < nodes.count {
        let branch = makeBranch()
        let last = min(nodes.count, first + Self.bulkBranchFill)
        let base = Int(branch) * Self.branchCapacity
        for (offset, child) in nodes[first..<last].enumerated() {
          slotChild[base + offset] = child
          let (count, sum) = childrenAreLeaves ? totals(ofLeaf: child) : totals(ofBranch: child)
          slotCount[base + offset] = count
          slotSum[base + offset] = sum
          setParent(of: child, childIsLeaf: childrenAreLeaves, to: branch)
        }
        branchFill[Int(branch)] = Int32(last - first)
        parents.append(branch)
        first = last
      }
      nodes = parents
      childrenAreLeaves = false
      levels += 1
    }
    root = nodes[0]
    (totalCount, totalSum) = levels == 0 ? totals(ofLeaf: root) : totals(ofBranch: root)
    return handles
  }
}
