/// The engine's scratch stack of node indices (layout children and flex-line items of the containers being laid
/// out), in storage the engine owns for one layout pass. Not a CSS step.
///
/// Pushes and pops are plain stores and a count change: no uniqueness checks or range replacement as with an
/// `Array`, which showed up in profiles of small trees. Non-copyable, so its storage has exactly one owner and is
/// freed when the pass ends.
struct ScratchStack: ~Copyable {
  /// Element storage, `capacity` slots.
  private var base: UnsafeMutablePointer<NodeIndex>
  /// Allocated slots.
  private var capacity: Int
  /// Slots in use.
  private(set) var count = 0

  /// An empty stack with room for `capacity` indices before it grows.
  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = UnsafeMutablePointer<NodeIndex>.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The index at `position` (< `count`).
  @inline(__always) subscript(position: Int) -> NodeIndex {
    precondition(position >= 0 && position < count, "scratch position out of range")
    return base[position]
  }

  /// Pushes `node`, growing the storage when full.
  @inline(__always) mutating func append(_ node: NodeIndex) {
    if count == capacity { grow() }
    base[count] = node
    count += 1
  }

  /// Pops entries until `newCount` remain (`newCount` ≤ `count`).
  @inline(__always) mutating func pop(to newCount: Int) {
    precondition(newCount >= 0 && newCount <= count, "scratch popped past its bottom")
    count = newCount
  }

  /// Doubles the storage, keeping the entries.
  @inline(never) private mutating func grow() {
    let bigger = UnsafeMutablePointer<NodeIndex>.allocate(capacity: capacity * 2)
    bigger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity *= 2
  }
}
