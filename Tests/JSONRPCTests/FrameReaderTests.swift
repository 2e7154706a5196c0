import JSONRPC
import Testing

/// Frames `body` the way a client does (capital header, no Content-Type).
func frame(_ body: String, header: String? = nil) -> [UInt8] {
  let bytes = Array(body.utf8)
  return Array((header ?? "Content-Length: \(bytes.count)").utf8) + Array("\r\n\r\n".utf8) + bytes
}

/// Feeds `chunks` one by one, draining events after each, and returns all events.
func events(_ chunks: [[UInt8]], maxMessageSize: Int = FrameReader.defaultMaxMessageSize) -> [FrameReader.Event] {
  var reader = FrameReader(maxMessageSize: maxMessageSize)
  var out: [FrameReader.Event] = []
  for chunk in chunks {
    reader.feed(chunk)
    while let event = reader.next() { out.append(event) }
  }
  return out
}

/// A body event for `text`.
func body(_ text: String) -> FrameReader.Event { .message(Array(text.utf8)) }

/// Decoding the LSP base protocol: whole, split, several per chunk, errors and recovery.
@Suite struct FrameReaderTests {
  static let bodies = [#"{"jsonrpc":"2.0","id":1,"method":"a"}"#, #"{"x":"é😀"}"#, "", #"[1,2,3]"#]
  static let stream: [UInt8] = bodies.flatMap { frame($0) }

  @Test func wholeStream() {
    #expect(events([FrameReaderTests.stream]) == FrameReaderTests.bodies.map(body))
  }

  @Test func byteByByte() {
    #expect(events(FrameReaderTests.stream.map { [$0] }) == FrameReaderTests.bodies.map(body))
  }

  @Test func splitAtEveryOffset() {
    let stream = FrameReaderTests.stream
    for cut in 0...stream.count {
      #expect(
        events([Array(stream[..<cut]), Array(stream[cut...])]) == FrameReaderTests.bodies.map(body), "cut \(cut)")
    }
  }

  @Test func splitAtEveryPairOfOffsets() {
    let stream = frame("{}") + frame("[]")
    for a in 0...stream.count {
      for b in a...stream.count {
        let chunks = [Array(stream[..<a]), Array(stream[a..<b]), Array(stream[b...])]
        #expect(events(chunks) == [body("{}"), body("[]")], "cuts \(a), \(b)")
      }
    }
  }

  @Test func headerVariants() {
    let headers = [
      "content-length: 2", "CONTENT-LENGTH:2", "Content-Length:    2   ", "Content-Length:\t2",
      "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2",
      "Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf8",
      "content-type: application/json; charset=\"UTF-8\"\r\ncontent-length: 2",
      "Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc",
      "Content-Length: 2\r\nX-Unknown: whatever",
      "Content-Length: 2\r\nContent-Length: 2",
    ]
    for header in headers {
      #expect(events([frame("{}", header: header)]) == [body("{}")], "\(header)")
    }
  }

  @Test func blankLinesBetweenMessagesAreSkipped() {
    let stream = frame("{}") + Array("\r\n\r\n\r\n".utf8) + frame("[]") + Array("\r\n".utf8)
    #expect(events([stream]) == [body("{}"), body("[]")])
    #expect(events(stream.map { [$0] }) == [body("{}"), body("[]")])
  }

  @Test func emptyBody() {
    #expect(events([frame("")]) == [body("")])
  }

  @Test func malformedHeaderThenValidMessage() {
    let stream = Array("garbage\r\n".utf8) + frame("{}")
    #expect(events([stream]) == [.error(.malformedHeader("garbage")), body("{}")])
  }

  @Test func invalidContentLengthThenValidMessage() {
    for value in ["abc", "-1", "1.5", "", "12345678901234567890", "0x10"] {
      let stream = Array("Content-Length: \(value)\r\n\r\n".utf8) + frame("{}")
      #expect(events([stream]) == [.error(.invalidContentLength(value)), body("{}")], "\(value)")
    }
  }

  @Test func missingContentLengthThenValidMessage() {
    let stream = Array("Content-Type: application/json\r\n\r\n{}".utf8) + frame("[]")
    #expect(events([stream]) == [.error(.missingContentLength), body("[]")])
  }

  @Test func garbageOnTheHeaderLineThenValidMessage() {
    let stream = Array("xyz".utf8) + frame("{}") + frame("[]")
    #expect(events([stream]) == [.error(.missingContentLength), body("{}"), body("[]")])
  }

  @Test func conflictingContentLength() {
    let stream = Array("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}".utf8) + frame("[]")
    #expect(events([stream]) == [.error(.conflictingContentLength), body("[]")])
  }

  @Test func unsupportedCharsetIsSkippedByLength() {
    let stream =
      frame("{}", header: "Content-Length: 2\r\nContent-Type: application/json; charset=utf-16") + frame("[]")
    #expect(events([stream]) == [.error(.unsupportedCharset("utf-16")), body("[]")])
  }

  @Test func headerTooLongThenValidMessage() {
    let long = "X-Long: " + String(repeating: "a", count: 9000) + "\r\n"
    let stream = Array(long.utf8) + frame("{}")
    #expect(events([stream]) == [.error(.headerTooLong(limit: 8192)), body("{}")])
    // Also when the long header arrives in pieces without any line end.
    let pieces = Array(String(repeating: "b", count: 10_000).utf8)
    #expect(events([pieces, frame("{}")]) == [.error(.headerTooLong(limit: 8192)), body("{}")])
  }

  @Test func errorsAndRecoverySplitAtEveryOffset() {
    let stream = Array("junk\r\n".utf8) + frame("{}") + Array("Content-Length: x\r\n\r\n".utf8) + frame("[1]")
    let expected: [FrameReader.Event] = [
      .error(.malformedHeader("junk")), body("{}"), .error(.invalidContentLength("x")), body("[1]"),
    ]
    #expect(events([stream]) == expected)
    #expect(events(stream.map { [$0] }) == expected)
    for cut in 0...stream.count {
      #expect(events([Array(stream[..<cut]), Array(stream[cut...])]) == expected, "cut \(cut)")
    }
  }

  @Test func oversizeMessageIsSkippedWithoutBuffering() {
    let big = String(repeating: "x", count: 100_000)
    let stream = frame(big) + frame("{}")
    var reader = FrameReader(maxMessageSize: 1000)
    var out: [FrameReader.Event] = []
    var largestBuffer = 0
    var offset = 0
    while offset < stream.count {
      let end = min(stream.count, offset + 512)
      reader.feed(Array(stream[offset..<end]))
      largestBuffer = max(largestBuffer, reader.bufferedByteCount)
      while let event = reader.next() { out.append(event) }
      largestBuffer = max(largestBuffer, reader.bufferedByteCount)
      offset = end
    }
    #expect(out == [.error(.messageTooLarge(length: 100_000, limit: 1000)), body("{}")])
    #expect(largestBuffer <= 512 + 32)
    #expect(reader.isAtMessageBoundary)
  }

  @Test func severalMessagesPerChunkAndPartialTail() {
    let stream = frame("{}") + frame("[]") + Array(frame("{\"a\":1}").prefix(10))
    var reader = FrameReader()
    reader.feed(stream)
    #expect(reader.next() == body("{}"))
    #expect(reader.next() == body("[]"))
    #expect(reader.next() == nil)
    #expect(!reader.isAtMessageBoundary)
  }
}
