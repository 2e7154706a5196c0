/// The parser's stack of finished values and keys waiting for their container to close. Pure.
///
/// Closing a container moves its elements out in one step (no retain/release per element), which is why this
/// is not a plain Array. Values live in fixed segments of 32 slots (768 bytes) that are never reallocated:
/// growing never copies, and, as every allocation stays below glibc's 1 KiB "large request" size, parsing does
/// not trigger `malloc_consolidate` over the chunks freed by the previous document (measured: that alone took
/// a third of the parse time of table-10k.json). Leftovers are released iteratively (see `JSONValue.dismantle`).
struct ValueStack: ~Copyable {
  /// Slots per segment (a power of two).
  private static let segmentSize = 32
  /// Table of segments; value `i` lives at `segments[i / 32][i % 32]`.
  private var segments: UnsafeMutablePointer<UnsafeMutablePointer<JSONValue>>
  /// Allocated entries of `segments`.
  private var segmentCapacity: Int
  /// Segments allocated so far (kept for reuse when the stack shrinks).
  private var segmentCount = 0
  /// Occupied value slots.
  private(set) var valueCount = 0
  /// Keys of open objects, innermost last.
  private var keys: UnsafeMutablePointer<String>
  /// Allocated slots in `keys`.
  private var keyCapacity: Int
  /// Occupied slots in `keys`.
  private(set) var keyCount = 0

  /// An empty stack.
  init() {
    segmentCapacity = 64
    segments = UnsafeMutablePointer<UnsafeMutablePointer<JSONValue>>.allocate(capacity: segmentCapacity)
    keyCapacity = 32
    keys = UnsafeMutablePointer<String>.allocate(capacity: keyCapacity)
  }

  deinit {
    // Deep leftovers (after an error) must not be torn down recursively.
    var rest: [JSONValue] = []
    rest.reserveCapacity(valueCount)
    for i in 0..<valueCount { rest.append(slot(i).move()) }
    JSONValue.dismantle(&rest)
    for i in 0..<segmentCount { segments[i].deallocate() }
    segments.deallocate()
    keys.deinitialize(count: keyCount)
    keys.deallocate()
  }

  /// The slot of value `i`.
  @inline(__always)
  private func slot(_ i: Int) -> UnsafeMutablePointer<JSONValue> {
    segments[i >> 5] + (i & (ValueStack.segmentSize - 1))
  }

  /// Pushes a finished value.
  @inline(__always)
  mutating func push(_ value: consuming JSONValue) {
    if valueCount == segmentCount << 5 { addSegment() }
    slot(valueCount).initialize(to: value)
    valueCount += 1
  }

  /// Pushes an object key.
  @inline(__always)
  mutating func push(key: consuming String) {
    if keyCount == keyCapacity { growKeys() }
    (keys + keyCount).initialize(to: key)
    keyCount += 1
  }

  /// Drops the top object key (a member whose value is left out, see `JSONReader.deferralPath`).
  @inline(__always)
  mutating func dropKey() {
    keyCount -= 1
    (keys + keyCount).deinitialize(count: 1)
  }

  /// Allocates one more segment of value slots.
  private mutating func addSegment() {
    if segmentCount == segmentCapacity {
      let bigger = UnsafeMutablePointer<UnsafeMutablePointer<JSONValue>>.allocate(capacity: segmentCapacity * 2)
      bigger.moveInitialize(from: segments, count: segmentCount)
      segments.deallocate()
      segments = bigger
      segmentCapacity *= 2
    }
    (segments + segmentCount).initialize(to: UnsafeMutablePointer<JSONValue>.allocate(capacity: ValueStack.segmentSize))
    segmentCount += 1
  }

  /// Doubles the key storage.
  private mutating func growKeys() {
    let bigger = UnsafeMutablePointer<String>.allocate(capacity: keyCapacity * 2)
    bigger.moveInitialize(from: keys, count: keyCount)
    keys.deallocate()
    keys = bigger
    keyCapacity *= 2
  }

  /// Removes and returns the top value (the document, at the end). The stack must not be empty.
  mutating func popValue() -> JSONValue {
    valueCount -= 1
    return slot(valueCount).move()
  }

  /// Moves the values from `start` to the top into a new array.
  mutating func popArray(from start: Int) -> [JSONValue] {
    var result: [JSONValue] = []
    result.reserveCapacity(valueCount - start)
    for i in start..<valueCount { result.append(slot(i).move()) }
    valueCount = start
    return result
  }

  /// Moves the keys from `keyStart` and the values from `valueStart` into a new object's members.
  mutating func popObject(keysFrom keyStart: Int, valuesFrom valueStart: Int) -> JSONObject {
    let n = valueCount - valueStart
    var members: [JSONObject.Member] = []
    members.reserveCapacity(n)
    for i in 0..<n {
      members.append(JSONObject.Member(key: (keys + keyStart + i).move(), value: slot(valueStart + i).move()))
    }
    valueCount = valueStart
    keyCount = keyStart
    return JSONObject(storage: members)
  }
}
