import FuzzSupport
import JSONRPC

/// The framing reader's fuzz body. Pure; runs on the fuzzer's thread.
///
/// The first input byte is a control byte: its top bit selects a 64-byte message limit (to reach the skipping
/// path) instead of the default, and the rest seeds the chunk sizes. The remaining bytes are the stream. The
/// stream is read twice, fed whole and fed in chunks of 1–32 bytes draining after each, and both readings must
/// produce the same events; every event must consume input (at most one event per byte, plus one).
enum FramingFuzzer {
  /// Runs one input.
  static func run(_ data: [UInt8]) {
    guard let control = data.first else { return }
    let stream = Array(data.dropFirst())
    let limit = control & 0x80 != 0 ? 64 : FrameReader.defaultMaxMessageSize
    let whole = events(of: stream, limit: limit, seed: nil)
    let chunked = events(of: stream, limit: limit, seed: UInt32(control & 0x7F))
    FuzzCheck.require(whole == chunked, "fed whole: \(whole)\nfed in chunks: \(chunked)")
    FuzzCheck.require(whole.count <= stream.count + 1, "\(whole.count) events from \(stream.count) bytes")
    var bodyBytes = 0
    for case .message(let body) in whole {
      FuzzCheck.require(body.count <= limit, "a body of \(body.count) bytes passed the limit of \(limit)")
      bodyBytes += body.count
    }
    FuzzCheck.require(bodyBytes <= stream.count, "\(bodyBytes) body bytes from \(stream.count) bytes")
  }

  /// The events of `stream` fed whole (`seed` nil) or in pseudo-random chunks of 1–32 bytes drawn from `seed`.
  private static func events(of stream: [UInt8], limit: Int, seed: UInt32?) -> [FrameReader.Event] {
    var reader = FrameReader(maxMessageSize: limit)
    var result: [FrameReader.Event] = []
    var state = seed ?? 0
    var offset = 0
    repeat {
      var length = stream.count - offset
      if seed != nil {
        state = state &* 1_103_515_245 &+ 12_345
        length = min(length, Int(state >> 16) % 32 + 1)
      }
      reader.feed(Array(stream[offset..<offset + length]))
      offset += length
      while let event = reader.next() {
        result.append(event)
        FuzzCheck.require(result.count <= stream.count + 1, "the reader keeps producing events")
      }
    } while offset < stream.count
    return result
  }
}
