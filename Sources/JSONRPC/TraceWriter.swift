import JSONCodec
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends every message a connection reads and writes to a file, one JSON line each:
/// `{"direction":"in"|"out","message":BODY}` — for checking real traffic against the protocol description
/// (`Clients/schema`). Bodies that are not valid JSON are written as a string. Thread-safe: one `write(2)` per line
/// under a lock, so lines never interleave.
package final class TraceWriter: Sendable {
  /// The file, opened for appending; -1 once closed or when it could not be opened.
  private let fd: Mutex<Int32>

  /// Opens (creates, appends to) `path`; nil when it cannot be opened.
  package init?(path: String) {
    let opened = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    guard opened >= 0 else { return nil }
    fd = Mutex(opened)
  }

  /// Records one message body read from the client (`in`) or written to it (`out`); `valid` false writes the body
  /// as a JSON string (it did not parse).
  package func record(incoming: Bool, body: [UInt8], valid: Bool = true) {
    let prefix = incoming ? #"{"direction":"in","message":"# : #"{"direction":"out","message":"#
    var line = Array(prefix.utf8)
    if valid {
      line += body.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }  // JSON whitespace only: one line per message
    } else {
      line += Array(JSONWriter.string(.string(String(decoding: body, as: UTF8.self))).utf8)
    }
    line += Array("}\n".utf8)
    fd.withLock { fd in
      guard fd >= 0 else { return }
      line.withUnsafeBytes { raw in
        guard var p = raw.baseAddress else { return }
        var left = raw.count
        while left > 0 {
          let n = write(fd, p, left)
          if n < 0 && errno == EINTR { continue }
          if n <= 0 { return }
          p += n
          left -= n
        }
      }
    }
  }
}
