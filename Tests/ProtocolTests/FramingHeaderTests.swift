import JSONCodec
import JSONRPC
import Testing

/// reference/clients.md "Framing": header names in any case, a `Content-Type` header as pygls and
/// python-lsp-jsonrpc send it, and the daemon's own frames exactly `Content-Length: N\r\n\r\n` + body.
@Suite struct FramingHeaderTests {
  @Test(arguments: ["content-length", "CONTENT-LENGTH", "Content-length", "cOnTeNt-LeNgTh"])
  func headerNamesAreCaseInsensitive(_ name: String) throws {
    let daemon = try Daemon()
    daemon.startSession()
    let text = request(3, "table/contentSize", #"{"sessionId":"s1"}"#)
    let bytes = Array("\(name): \(text.utf8.count)\r\n\r\n\(text)".utf8)
    #expect(
      daemon.exchange(bytes: bytes, answering: .int(3)) == [json(resultResponse("3", #"{"width":320,"height":0}"#))])
    daemon.expectAliveThenExit()
  }

  @Test(arguments: [
    "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: N\r\n\r\n",
    "Content-Length: N\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\n\r\n",
    "Content-Length: N\r\ncontent-type: application/vscode-jsonrpc; charset=UTF-8\r\n\r\n",
  ])
  func contentTypeHeaderIsAccepted(_ header: String) throws {
    let daemon = try Daemon()
    daemon.startSession()
    let text = request(3, "table/contentSize", #"{"sessionId":"s1"}"#)
    let bytes = Array((header.replacingOccurrences(of: "N", with: "\(text.utf8.count)") + text).utf8)
    #expect(
      daemon.exchange(bytes: bytes, answering: .int(3)) == [json(resultResponse("3", #"{"width":320,"height":0}"#))])
    daemon.expectAliveThenExit()
  }

  @Test func outputFramesAreExactlyContentLengthAndTheUTF8Body() throws {
    let daemon = try Daemon()
    daemon.initialize()
    let before = daemon.rawOutput.withLock { $0.count }
    #expect(daemon.call(7, "café/ünïcode") == [json(errorResponse("7", -32601, "method not found: café/ünïcode"))])
    let body = #"{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"method not found: café/ünïcode"}}"#
    let written = daemon.rawOutput.withLock { Array($0[before...]) }
    // N counts UTF-8 bytes (the body has 3 two-byte characters); nothing but the one header is sent.
    #expect(String(decoding: written, as: UTF8.self) == "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    #expect(body.utf8.count == body.count + 3)
    daemon.expectAliveThenExit()
  }
}
