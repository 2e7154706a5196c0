/// Incremental decoder of the LSP base protocol: feed byte chunks of any size, take complete bodies out.
/// Pure (no I/O); used by `StdioConnection` on its reader thread.
///
/// A message is a header block of `Name: value` lines, each ending in `\r\n`, an empty line, then exactly
/// `Content-Length` bytes of body. Header names are case-insensitive; `Content-Length` is required,
/// `Content-Type` is accepted (its charset, if given, must be UTF-8), other headers are ignored. Blank lines
/// between messages are skipped.
///
/// Errors never stop the reader. A malformed header line, a bad or missing `Content-Length`, or a header block
/// longer than `maxHeaderBlockSize` produces `.error` and the reader resynchronises on the next
/// `Content-Length:` header after the offending line's start (at a line start or after garbage). A message
/// longer than `maxMessageSize` (or in another charset) produces `.error` and its body is skipped by its length
/// as it arrives, never buffered whole.
package struct FrameReader: Sendable {
  /// What the reader produces.
  package enum Event: Sendable, Equatable {
    /// A complete body (not yet known to be JSON).
    case message([UInt8])
    /// A framing error; the reader has already recovered.
    case error(FramingError)
  }

  /// Default bound on a message body: 64 MiB.
  package static let defaultMaxMessageSize = 64 << 20
  /// Bound on a header block (all lines up to the empty line).
  package static let maxHeaderBlockSize = 8192

  /// Bodies longer than this are skipped with `.error(.messageTooLarge)`.
  package let maxMessageSize: Int

  /// Where the reader is in the stream.
  private enum State: Sendable {
    /// Expecting a header block at `start` (which is at a line start).
    case header
    /// Expecting this many body bytes at `start`.
    case body(Int)
    /// Dropping this many more body bytes.
    case skipping(Int)
    /// Looking for the next `Content-Length:` header.
    case resync
  }

  /// Received bytes; those before `start` are consumed.
  private var buffer: [UInt8] = []
  /// Offset of the first unconsumed byte.
  private var start = 0
  /// Current state.
  private var state = State.header
  /// In `.header`: offset from which to continue looking for the end of the header block.
  private var scanFrom = 0

  /// A reader with the given body size limit.
  package init(maxMessageSize: Int = FrameReader.defaultMaxMessageSize) {
    self.maxMessageSize = max(0, maxMessageSize)
  }

  /// Bytes received but not yet consumed (for tests of the skipping path and for diagnostics).
  package var bufferedByteCount: Int { buffer.count - start }

  /// True when the reader sits between messages with nothing buffered (used to tell a clean EOF).
  package var isAtMessageBoundary: Bool {
    if case .header = state { return bufferedByteCount == 0 }
    return false
  }

  /// Adds received bytes; call `next()` until it returns nil to take the events they complete.
  package mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    var chunk = UnsafeRawBufferPointer(rebasing: bytes[...])
    // While skipping an oversize body with nothing buffered, drop bytes without copying them.
    if case .skipping(let remaining) = state, bufferedByteCount == 0 {
      let n = min(remaining, chunk.count)
      chunk = UnsafeRawBufferPointer(rebasing: chunk[n...])
      state = remaining - n > 0 ? .skipping(remaining - n) : .header
      scanFrom = start
    }
    compact()
    buffer.append(contentsOf: chunk)
  }

  /// Adds received bytes.
  package mutating func feed(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { feed($0) }
  }

  /// Drops consumed bytes from the front of the buffer when that is cheap relative to what remains.
  private mutating func compact() {
    if start == 0 { return }
    if start >= buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
      scanFrom = max(0, scanFrom - start)
      start = 0
    } else if start >= 4096 && start * 2 >= buffer.count {
      buffer.removeSubrange(0..<start)
      scanFrom = max(0, scanFrom - start)
      start = 0
    }
  }

  /// The next complete message or framing error, or nil when more bytes are needed.
  package mutating func next() -> Event? {
    while true {
      switch state {
      case .body(let length):
        guard bufferedByteCount >= length else {
          buffer.reserveCapacity(start + length)
          return nil
        }
        let body = Array(buffer[start..<start + length])
        start += length
        enterHeader()
        return .message(body)
      case .skipping(let remaining):
        let n = min(remaining, bufferedByteCount)
        start += n
        if remaining - n > 0 {
          state = .skipping(remaining - n)
          compact()
          return nil
        }
        enterHeader()
      case .resync:
        guard resynchronise() else { return nil }
        enterHeader()
      case .header:
        guard let event = readHeaderBlock() else { return nil }
        if let event { return event }
      }
    }
  }

  /// Switches to reading a header block at `start`.
  private mutating func enterHeader() {
    state = .header
    scanFrom = start
  }

  /// Switches to resynchronising from `offset` (always past the start of the offending header block).
  private mutating func enterResync(at offset: Int) {
    start = min(offset, buffer.count)
    state = .resync
  }

  /// In `.resync`, moves `start` to the next `Content-Length` name followed by optional blanks and `:`;
  /// false if none is buffered yet (bytes that cannot begin one are dropped).
  private mutating func resynchronise() -> Bool {
    let name = FrameReader.contentLength
    var p = start
    while p + name.count <= buffer.count {
      if matchesLowercased(name, at: p) {
        var q = p + name.count
        while q < buffer.count && (buffer[q] == 0x20 || buffer[q] == 0x09) { q += 1 }
        if q == buffer.count {
          start = p  // the rest of this candidate has not arrived yet
          compact()
          return false
        }
        if buffer[q] == UInt8(ascii: ":") {
          start = p
          return true
        }
      }
      p += 1
    }
    start = max(start, buffer.count - (name.count - 1))  // keep a possible partial match
    compact()
    return false
  }

  /// `content-length`, lowercased, as bytes.
  private static let contentLength = Array("content-length".utf8)
  /// `content-type`, lowercased, as bytes.
  private static let contentType = Array("content-type".utf8)

  /// True when the bytes at `offset` equal `lowercased` ignoring ASCII case.
  private func matchesLowercased(_ lowercased: [UInt8], at offset: Int) -> Bool {
    guard offset + lowercased.count <= buffer.count else { return false }
    for i in 0..<lowercased.count where FrameReader.lower(buffer[offset + i]) != lowercased[i] { return false }
    return true
  }

  /// ASCII lowercase of one byte.
  private static func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }

  /// Parses a complete header block if one is buffered. Returns nil when more bytes are needed, `.some(nil)` when
  /// the block was fine and the state moved on, `.some(event)` for an error or a skipped message.
  private mutating func readHeaderBlock() -> Event?? {
    // Tolerate blank lines between messages (a stray CRLF after a body).
    while bufferedByteCount >= 2 && buffer[start] == 0x0D && buffer[start + 1] == 0x0A { start += 2 }
    if bufferedByteCount == 1 && buffer[start] == 0x0D { return nil }
    // Find "\r\n\r\n".
    var p = max(scanFrom, start)
    var end = -1
    while p + 3 < buffer.count {
      if buffer[p] == 0x0D && buffer[p + 1] == 0x0A && buffer[p + 2] == 0x0D && buffer[p + 3] == 0x0A {
        end = p
        break
      }
      p += 1
    }
    if end < 0 {
      scanFrom = max(start, buffer.count - 3)
      if bufferedByteCount > FrameReader.maxHeaderBlockSize {
        enterResync(at: start + 1)
        return .some(.error(.headerTooLong(limit: FrameReader.maxHeaderBlockSize)))
      }
      return nil
    }
    if end - start > FrameReader.maxHeaderBlockSize {
      enterResync(at: start + 1)
      return .some(.error(.headerTooLong(limit: FrameReader.maxHeaderBlockSize)))
    }
    var length: Int? = nil
    var badCharset: String? = nil
    var lineStart = start
    while lineStart < end {
      var lineEnd = lineStart
      while lineEnd < end && !(buffer[lineEnd] == 0x0D && buffer[lineEnd + 1] == 0x0A) { lineEnd += 1 }
      let next = lineEnd + 2
      guard let colon = buffer[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")), colon > lineStart,
        buffer[lineStart..<colon].allSatisfy(FrameReader.isTokenByte)
      else {
        let text = lineText(lineStart, lineEnd)
        enterResync(at: lineStart + 1)
        return .some(.error(.malformedHeader(text)))
      }
      let value = trimmed(colon + 1, lineEnd)
      if colon - lineStart == FrameReader.contentLength.count
        && matchesLowercased(FrameReader.contentLength, at: lineStart)
      {
        guard let n = FrameReader.decimal(buffer[value]) else {
          let text = lineText(value.lowerBound, value.upperBound)
          enterResync(at: lineStart + 1)
          return .some(.error(.invalidContentLength(text)))
        }
        if let length, length != n {
          enterResync(at: lineStart + 1)
          return .some(.error(.conflictingContentLength))
        }
        length = n
      } else if colon - lineStart == FrameReader.contentType.count
        && matchesLowercased(FrameReader.contentType, at: lineStart)
      {
        badCharset = FrameReader.unsupportedCharset(in: buffer[value])
      }
      lineStart = next
    }
    guard let length else {
      enterResync(at: start + 1)
      return .some(.error(.missingContentLength))
    }
    start = end + 4
    if length > maxMessageSize {
      state = .skipping(length)
      return .some(.error(.messageTooLarge(length: length, limit: maxMessageSize)))
    }
    if let badCharset {
      state = .skipping(length)
      return .some(.error(.unsupportedCharset(badCharset)))
    }
    state = .body(length)
    return .some(nil)
  }

  /// The range `from..<to` without leading and trailing spaces and tabs.
  private func trimmed(_ from: Int, _ to: Int) -> Range<Int> {
    var a = from
    var b = to
    while a < b && (buffer[a] == 0x20 || buffer[a] == 0x09) { a += 1 }
    while b > a && (buffer[b - 1] == 0x20 || buffer[b - 1] == 0x09) { b -= 1 }
    return a..<b
  }

  /// Up to 80 bytes of a header line as text, for an error message.
  private func lineText(_ from: Int, _ to: Int) -> String {
    String(decoding: buffer[from..<min(to, from + 80)], as: UTF8.self)
  }

  /// True for RFC 9110 token characters (what a header name may contain).
  private static func isTokenByte(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return Array("!#$%&'*+-.^_`|~".utf8).contains(c)
    }
  }

  /// A non-negative decimal integer of at most 18 digits, or nil.
  private static func decimal(_ bytes: ArraySlice<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
    var n = 0
    for c in bytes {
      guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") else { return nil }
      n = n * 10 + Int(c - UInt8(ascii: "0"))
    }
    return n
  }

  /// The charset named by a Content-Type value if it is not UTF-8 (`utf-8` or `utf8`, any case, maybe quoted).
  private static func unsupportedCharset(in value: ArraySlice<UInt8>) -> String? {
    let text = String(decoding: value, as: UTF8.self)
    for parameter in text.split(separator: ";").dropFirst() {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingSpaces().lowercased() == "charset" else { continue }
      var charset = parts[1].trimmingSpaces()
      if charset.hasPrefix("\"") && charset.hasSuffix("\"") && charset.count >= 2 {
        charset = String(charset.dropFirst().dropLast())
      }
      let lowered = charset.lowercased()
      if lowered != "utf-8" && lowered != "utf8" { return charset }
    }
    return nil
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  fileprivate func trimmingSpaces() -> String {
    var s = self[...]
    while let first = s.first, first == " " || first == "\t" { s = s.dropFirst() }
    while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
    return String(s)
  }
}
