import JSONRPC
import Testing

/// The exact bytes the daemon sends.
@Suite struct FrameWriterTests {
  @Test func exactHeader() {
    let out = FrameWriter.frame(Array(#"{"a":"é"}"#.utf8))
    #expect(String(decoding: out, as: UTF8.self) == "Content-Length: 10\r\n\r\n{\"a\":\"é\"}")
  }

  @Test func emptyBody() {
    #expect(String(decoding: FrameWriter.frame([]), as: UTF8.self) == "Content-Length: 0\r\n\r\n")
  }

  @Test func readsBack() {
    let body = Array(String(repeating: "z", count: 70_000).utf8)
    var reader = FrameReader()
    reader.feed(FrameWriter.frame(body))
    #expect(reader.next() == .message(body))
  }
}
