#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files (or stdin) for the command-line tools. Runs on the calling thread.
enum FileInput {
  /// Why a file could not be read.
  struct ReadError: Error, CustomStringConvertible {
    /// The path as given.
    var path: String
    /// The system's reason.
    var reason: String
    var description: String { "cannot read \(path): \(reason)" }
  }

  /// Reads every byte of `path`, or of stdin when `path` is "-".
  static func readAll(path: String) throws(ReadError) -> [UInt8] {
    let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
    if fd < 0 { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
    defer { if fd != 0 { close(fd) } }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ReadError(path: path, reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }
      result.append(contentsOf: chunk[0..<n])
    }
    return result
  }
}
