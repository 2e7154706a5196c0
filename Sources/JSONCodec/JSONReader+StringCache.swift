/// A cache of short strings: keys repeat in most documents, so a short key is created once per parse.
struct ShortStringCache {
  /// One cached string: its bytes (zero-padded into two words), length and the String.
  struct Entry {
    /// Bytes 0..<8.
    var low: UInt64
    /// Bytes 8..<16.
    var high: UInt64
    /// Byte count (0 marks an empty slot).
    var count: Int
    /// The string made from those bytes.
    var string: String
  }

  /// Longest string cached: 15 bytes, the most a String stores inline without allocating.
  static let maxCount = 15
  /// Smallest document that gets a cache: 8 KiB (a feed cell's row, 1.3 KB, parsed 10% faster without one).
  static let minimumDocumentBytes = 8 << 10

  /// 256 direct-mapped slots.
  private var entries = [Entry](repeating: Entry(low: 0, high: 0, count: 0, string: ""), count: 256)

  /// The String for `count` (1...15) validated UTF-8 bytes at `bytes`, from the cache when possible.
  @inline(__always)
  mutating func string(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
    var low: UInt64 = 0
    var high: UInt64 = 0
    withUnsafeMutableBytes(of: &low) { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: min(count, 8))) }
    if count > 8 {
      withUnsafeMutableBytes(of: &high) {
        $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes + 8, count: count - 8))
      }
    }
    let hash = (low ^ (high &* 31) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
    let slot = Int(truncatingIfNeeded: hash >> 56)
    let entry = entries[slot]
    if entry.count == count && entry.low == low && entry.high == high { return entry.string }
    let string = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    entries[slot] = Entry(low: low, high: high, count: count, string: string)
    return string
  }
}
