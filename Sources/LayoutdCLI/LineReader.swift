#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file descriptor line by line, in windows of many lines, for `layoutd layout --jsonl`. A line ends at
/// LF (a CR before it is dropped); the last line needs no LF. Runs on the calling thread.
struct LineReader {
  /// The descriptor read (not closed here).
  let fd: Int32
  /// Its path as given ("-": stdin), for messages.
  let path: String
  /// Bytes read and not yet handed out as lines.
  private var pending: [UInt8] = []
  /// True once `read` returned 0.
  private var atEnd = false
  /// Bytes asked of each `read`.
  private static let chunk = 1 << 20

  /// A reader of `fd`, opened from `path`.
  init(fd: Int32, path: String) {
    self.fd = fd
    self.path = path
  }

  /// The next lines, at least one unless the input is exhausted, at most `maxLines` and (unless one line alone is
  /// longer) `maxBytes` in all; empty at the end of the input.
  mutating func nextLines(maxLines: Int, maxBytes: Int) throws(FileInput.ReadError) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var bytes = 0
    var start = 0
    while lines.count < maxLines && bytes < maxBytes {
      if let end = pending[start...].firstIndex(of: 0x0A) {
        lines.append(Self.trimmed(pending[start..<end]))
        bytes += end - start
        start = end + 1
        continue
      }
      if atEnd {
        if start < pending.count { lines.append(Self.trimmed(pending[start...])) }
        pending.removeAll()
        return lines
      }
      pending.removeSubrange(0..<start)
      start = 0
      try fill()
    }
    pending.removeSubrange(0..<start)
    return lines
  }

  /// A line without its trailing CR.
  private static func trimmed(_ line: ArraySlice<UInt8>) -> [UInt8] {
    line.last == 0x0D ? Array(line.dropLast()) : Array(line)
  }

  /// Appends the next chunk of input to `pending`, or sets `atEnd`.
  private mutating func fill() throws(FileInput.ReadError) {
    let old = pending.count
    pending.reserveCapacity(old + Self.chunk)
    var chunk = [UInt8](repeating: 0, count: Self.chunk)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw FileInput.ReadError(path: path, reason: String(cString: strerror(errno)))
      }
      if n == 0 { atEnd = true } else { pending.append(contentsOf: chunk[0..<n]) }
      return
    }
  }
}
