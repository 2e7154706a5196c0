import JSONCodec
import JSONRPC

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the daemon's messages from its stdout with plain `read(2)`s. Owned by one thread at a time.
struct FrameInput {
  /// The daemon's stdout (not owned).
  let fd: Int32
  /// Cuts frames out of the bytes read.
  private var frames = FrameReader()
  /// One read's worth of bytes.
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)

  /// Input from `fd`.
  init(fd: Int32) { self.fd = fd }

  /// The next message, blocking until it has arrived whole. Throws at end of output, on a read error, a
  /// framing error or a body that is not JSON.
  mutating func next() throws(SpawnedDaemon.Failure) -> JSONValue {
    while true {
      if let event = frames.next() {
        switch event {
        case .message(let body):
          do throws(JSONParseError) {
            return try JSONParser.parse(body)
          } catch {
            throw SpawnedDaemon.Failure(description: "the daemon sent a body that is not JSON: \(error)")
          }
        case .error(let error):
          throw SpawnedDaemon.Failure(description: "bad frame from the daemon: \(error)")
        }
      }
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { throw SpawnedDaemon.Failure(description: "the daemon closed its output") }
      chunk.withUnsafeBytes { frames.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
    }
  }
}
