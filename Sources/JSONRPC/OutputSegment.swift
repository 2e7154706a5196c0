/// Queued output: whole frames one after another, and where each ends, so the writer can cut its writes at frame
/// boundaries.
struct OutputSegment {
  /// The frames' bytes.
  var bytes: [UInt8] = []
  /// The end offset in `bytes` of each frame, ascending; the last is `bytes.count`.
  var frameEnds: [Int] = []

  /// An empty segment with room for `capacity` bytes.
  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  /// A segment holding the one frame `frame`.
  init(frame: [UInt8]) {
    bytes = frame
    frameEnds = [frame.count]
  }

  /// Appends the whole frame `frame`.
  mutating func append(_ frame: [UInt8]) {
    bytes.append(contentsOf: frame)
    frameEnds.append(bytes.count)
  }

  /// Bytes held.
  var count: Int { bytes.count }
}
