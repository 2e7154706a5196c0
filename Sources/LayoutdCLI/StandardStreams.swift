#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `message` and a newline to stderr (fd 2), unbuffered.
func printError(_ message: String) {
  var bytes = Array(message.utf8)
  bytes.append(0x0A)
  writeAll(fd: 2, bytes)
}

/// Writes `bytes` to stdout (fd 1).
func printOut(_ bytes: [UInt8]) {
  writeAll(fd: 1, bytes)
}

/// Writes every byte to `fd`, retrying on partial writes and EINTR.
func writeAll(fd: Int32, _ bytes: [UInt8]) {
  bytes.withUnsafeBytes { raw in
    guard var p = raw.baseAddress else { return }
    var left = raw.count
    while left > 0 {
      let n = write(fd, p, left)
      if n < 0 {
        if errno == EINTR { continue }
        return
      }
      p += n
      left -= n
    }
  }
}
