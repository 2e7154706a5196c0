/// Frames message bodies for the client: exactly `Content-Length: N\r\n\r\n` followed by the body. Pure.
///
/// Capital C and L, one space, no other header: Emacs scans only ~100 bytes for headers and pygls drops
/// messages whose header name is not spelled exactly so (see reference/clients.md).
package enum FrameWriter {
  /// The framed bytes of `body` (N is its UTF-8 byte count).
  package static func frame(_ body: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    frame(body, into: &out)
    return out
  }

  /// Appends the framed bytes of `body` to `out`.
  package static func frame(_ body: [UInt8], into out: inout [UInt8]) {
    out.reserveCapacity(out.count + body.count + 32)
    out.append(contentsOf: "Content-Length: ".utf8)
    out.append(contentsOf: String(body.count).utf8)
    out.append(contentsOf: "\r\n\r\n".utf8)
    out.append(contentsOf: body)
  }
}
