/// A growable byte buffer for the writer: appends without Array's per-call uniqueness checks. Pure.
struct ByteSink: ~Copyable {
  /// Start of the allocation.
  private var base: UnsafeMutablePointer<UInt8>
  /// Bytes allocated.
  private var capacity: Int
  /// Bytes written.
  private(set) var count = 0

  /// An empty sink with room for `capacity` bytes.
  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(count + extra) }
  }

  /// Reallocates to at least `needed` bytes, doubling.
  private mutating func grow(_ needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Appends one byte.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(count + 1) }
    base[count] = byte
    count += 1
  }

  /// Appends `n` bytes starting at `bytes`.
  @inline(__always)
  mutating func append(_ bytes: UnsafePointer<UInt8>, count n: Int) {
    reserve(n)
    if n <= 16 {
      // Short runs (keys, numbers) are cheaper to copy by hand than through a memmove call.
      var i = 0
      while i < n {
        base[count + i] = bytes[i]
        i += 1
      }
    } else {
      (base + count).update(from: bytes, count: n)
    }
    count += n
  }

  /// Appends a static literal.
  @inline(__always)
  mutating func append(_ literal: StaticString) {
    append(literal.utf8Start, count: literal.utf8CodeUnitCount)
  }

  /// Appends every written byte to `out`.
  func copy(into out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
  }

  /// Calls `body` with the written bytes.
  func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    body(UnsafeBufferPointer(start: base, count: count))
  }

  /// The written bytes as a new array.
  func makeArray() -> [UInt8] {
    Array(UnsafeBufferPointer(start: base, count: count))
  }
}
