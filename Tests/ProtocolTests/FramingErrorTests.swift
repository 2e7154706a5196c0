import JSONCodec
import JSONRPC
import Testing

/// STYLE.md §7 "Framing": a bad header, a wrong `Content-Length` or a body that is not JSON gets an error
/// response with `id: null`, and the daemon resynchronises so later messages are answered.
@Suite struct FramingErrorTests {
  /// A framed `table/contentSize` request for s1 with `id`.
  static func query(_ id: Int) -> String {
    frameText(request(id, "table/contentSize", #"{"sessionId":"s1"}"#))
  }

  /// The answer to `query(id)` on an empty table.
  static func answer(_ id: Int) -> JSONValue {
    json(resultResponse("\(id)", #"{"width":320,"height":0}"#))
  }

  /// A -32700 response with id null and `message`.
  static func parseError(_ message: String) -> JSONValue {
    json(errorResponse("null", -32700, "parse error: \(message)"))
  }

  /// Bytes that break framing, then a valid query (id 9): the errors expected before its answer.
  static let cases: [(name: String, bytes: String, errors: [String])] = [
    ("malformed header line", "garbage\r\n", ["malformed header line 'garbage'"]),
    ("no Content-Length", "Content-Type: application/vscode-jsonrpc\r\n\r\n{}", ["missing Content-Length header"]),
    ("Content-Length not a number", "Content-Length: abc\r\n\r\n", ["invalid Content-Length 'abc'"]),
    ("negative Content-Length", "Content-Length: -5\r\n\r\n", ["invalid Content-Length '-5'"]),
    (
      "conflicting Content-Length", "Content-Length: 3\r\nContent-Length: 4\r\n\r\n",
      ["conflicting Content-Length headers"]
    ),
    (
      "charset other than UTF-8", "Content-Type: text/plain; charset=latin1\r\nContent-Length: 2\r\n\r\n{}",
      ["unsupported charset 'latin1' (only utf-8)"]
    ),
    ("body not JSON", "Content-Length: 5\r\n\r\nhello", ["unexpected character 'h', expected a value at byte 0"]),
    (
      "body truncated JSON", #"Content-Length: 24\#r\#n\#r\#n{"jsonrpc":"2.0","id":1,"#,
      ["unterminated object at byte 24"]
    ),
    ("empty body", "Content-Length: 0\r\n\r\n", ["empty document at byte 0"]),
  ]

  @Test(arguments: cases.indices)
  func brokenFrameIsAnsweredWithIDNullThenTheNextMessageIsRead(_ index: Int) throws {
    let (name, bytes, errors) = Self.cases[index]
    let daemon = try Daemon()
    daemon.startSession()
    let answers = daemon.exchange(bytes: Array((bytes + Self.query(9)).utf8), answering: .int(9))
    #expect(answers == errors.map(Self.parseError) + [Self.answer(9)], "\(name)")
    daemon.expectAliveThenExit()
  }

  @Test func contentLengthTooShortLosesOnlyThatMessage() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let body = request(3, "table/contentSize", #"{"sessionId":"s1"}"#)
    let bytes = "Content-Length: 10\r\n\r\n\(body)\(Self.query(4))"
    let answers = daemon.exchange(bytes: Array(bytes.utf8), answering: .int(4))
    // The first 10 bytes are the body; the rest of it and the next header form one malformed header line (at
    // most 80 bytes quoted); the reader resynchronises on the following `Content-Length`.
    let rest = String((body.dropFirst(10) + Self.query(4)).prefix(80))
    #expect(
      answers == [
        Self.parseError("unterminated object at byte 10"), Self.parseError("malformed header line '\(rest)'"),
        Self.answer(4),
      ])
    daemon.expectAliveThenExit()
  }

  @Test func contentLengthTooLongSwallowsTheNextHeaderThenResynchronises() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let body = request(3, "table/contentSize", #"{"sessionId":"s1"}"#)
    let next = request(4, "table/contentSize", #"{"sessionId":"s1"}"#)
    let bytes = "Content-Length: \(body.utf8.count + 20)\r\n\r\n\(body)\(Self.query(4))\(Self.query(5))"
    let answers = daemon.exchange(bytes: Array(bytes.utf8), answering: .int(5))
    // The body takes the next frame's first 20 bytes (up to its blank line); the rest of that frame is one
    // malformed header line (quoted up to 80 bytes), and the reader resynchronises on the frame after it.
    #expect(
      answers == [
        Self.parseError("unexpected 'C' after the document at byte \(body.utf8.count)"),
        Self.parseError("malformed header line '\(next.prefix(80))'"), Self.answer(5),
      ])
    daemon.expectAliveThenExit()
  }

  @Test func bodyThatIsNotUTF8IsAParseError() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let body = Array(#"{"jsonrpc":"2.0","id":3,"method":"x"#.utf8) + [0xFF] + Array(#""}"#.utf8)
    let answers = daemon.exchange(bytes: FrameWriter.frame(body) + Array(Self.query(4).utf8), answering: .int(4))
    #expect(answers.count == 2)
    #expect(answers.first?["id"] == .null && answers.first?["error"]?["code"] == .int(-32700))
    #expect(answers.first == Self.parseError("invalid UTF-8: lead byte 0xFF is never valid at byte 35"))
    #expect(answers.last == Self.answer(4))
    daemon.expectAliveThenExit()
  }
}
