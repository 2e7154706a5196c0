import Testing

/// The strict stdout check itself: it accepts exact frames of well-formed messages and refuses everything
/// reference/clients.md says a client would choke on. Pure (no process).
@Suite struct OutputCheckTests {
  /// `body` framed exactly.
  static func framed(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

  @Test func exactFramesOfWellFormedMessagesPass() {
    let bodies = [
      #"{"jsonrpc":"2.0","id":1,"result":null}"#, #"{"jsonrpc":"2.0","id":"é","error":{"code":-1,"message":"x"}}"#,
      #"{"jsonrpc":"2.0","method":"table/didCommit","params":{}}"#,
    ]
    let split = OutputCheck.frames(bodies.flatMap(Self.framed))
    #expect((try? split.get())?.map { String(decoding: $0, as: UTF8.self) } == bodies)
    for body in bodies { #expect(OutputCheck.shapeProblem(Array(body.utf8), allowArrays: false) == nil) }
  }

  @Test(arguments: [
    "content-length: 2\r\n\r\n{}", "Content-Length:2\r\n\r\n{}", "Content-Length: 2\r\nContent-Type: x\r\n\r\n{}",
    "Content-Length: 02\r\n\r\n{}", "Content-Length: 3\r\n\r\n{}", "Content-Length: 2\n\n{}",
    " Content-Length: 2\r\n\r\n{}",
  ])
  func anythingButTheExactHeaderFails(_ text: String) {
    #expect((try? OutputCheck.frames(Array(text.utf8)).get()) == nil)
  }

  @Test(arguments: [
    #"{"jsonrpc":"2.0","id":1}"#, #"{"id":1,"result":null}"#, #"{"jsonrpc":"2.0","id":1,"result":1,"error":{}}"#,
    #"{"jsonrpc":"2.0","id":1,"result":null,"extra":1}"#, #"{"jsonrpc":"2.0","method":"m"}"#,
    #"{"jsonrpc":"2.0","method":"m","params":[]}"#, #"{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m","x":1}}"#,
    #"{"jsonrpc":"2.0","id":1,"id":1,"result":null}"#, #"[{"jsonrpc":"2.0","id":1,"result":null}]"#, "[]", "nope",
  ])
  func malformedMessagesFail(_ body: String) {
    #expect(OutputCheck.shapeProblem(Array(body.utf8), allowArrays: false) != nil)
  }

  @Test func arraysPassOnlyWhenAllowedAndOnlyWithResponses() {
    let batch = Array(#"[{"jsonrpc":"2.0","id":1,"result":null}]"#.utf8)
    #expect(OutputCheck.shapeProblem(batch, allowArrays: true) == nil)
    let withNotification = Array(#"[{"jsonrpc":"2.0","method":"m","params":{}}]"#.utf8)
    #expect(OutputCheck.shapeProblem(withNotification, allowArrays: true) != nil)
    #expect(OutputCheck.shapeProblem([0x7B, 0xFF, 0x7D], allowArrays: true) != nil)
  }
}
