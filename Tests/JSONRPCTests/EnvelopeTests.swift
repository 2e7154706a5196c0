import Foundation
import JSONCodec
import JSONRPC
import Testing

/// Decodes one body given as text.
func incoming(_ text: String) -> IncomingMessage { IncomingMessage.decode(body: Array(text.utf8)) }

/// The compact JSON of an outgoing message.
func wire(_ message: Message) -> String { String(decoding: message.body, as: UTF8.self) }

/// An `.invalid` with code -32600 and this message.
func invalidRequest(_ message: String, id: RequestID? = nil) -> IncomingMessage {
  .invalid(EnvelopeError(id: id, error: ResponseError(code: .invalidRequest, message: message)))
}

/// The envelope against literal JSON.
@Suite struct EnvelopeTests {
  @Test func requestWithIntegerIDRoundTrips() {
    let text = #"{"jsonrpc":"2.0","id":7,"method":"table/insertRows","params":{"rows":[1,2]}}"#
    let expected = Message.request(
      id: .int(7), method: "table/insertRows",
      params: .object(JSONObject([("rows", .array([.int(1), .int(2)]))])))
    #expect(incoming(text) == .message(expected))
    #expect(wire(expected) == text)
  }

  @Test func requestWithStringIDKeepsItsType() {
    let text = #"{"jsonrpc":"2.0","id":"3f2a-11","method":"shutdown","params":{}}"#
    #expect(
      incoming(text) == .message(.request(id: .string("3f2a-11"), method: "shutdown", params: .object(JSONObject()))))
    #expect(
      wire(.response(id: .string("3f2a-11"), result: .null)) == #"{"jsonrpc":"2.0","id":"3f2a-11","result":null}"#)
    #expect(wire(.response(id: .string("1"), result: .null)) == #"{"jsonrpc":"2.0","id":"1","result":null}"#)
    #expect(wire(.response(id: .int(1), result: .null)) == #"{"jsonrpc":"2.0","id":1,"result":null}"#)
  }

  @Test(arguments: [
    #"{"jsonrpc":"2.0","method":"initialized"}"#,
    #"{"jsonrpc":"2.0","method":"initialized","params":null}"#,
    #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
    #"{"jsonrpc":"2.0","method":"initialized","params":[]}"#,
  ])
  func emptyParamsInAllFourForms(_ text: String) {
    let expected = Message.notification(method: "initialized", params: .object(JSONObject()))
    #expect(incoming(text) == .message(expected))
    #expect(wire(expected) == #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
  }

  @Test func emptyParamsOfARequest() {
    #expect(
      incoming(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)
        == .message(.request(id: .int(1), method: "shutdown", params: .object(JSONObject()))))
    #expect(
      incoming(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":[]}"#)
        == .message(.request(id: .int(1), method: "shutdown", params: .object(JSONObject()))))
  }

  @Test func positionalParamsAndUnknownMembersAreKept() {
    #expect(
      incoming(#"{"jsonrpc":"2.0","id":1,"method":"m","params":[1],"extra":true}"#)
        == .message(.request(id: .int(1), method: "m", params: .array([.int(1)]))))
  }

  @Test func notificationWithNullParamsIsWrittenWithEmptyObject() {
    #expect(
      wire(.notification(method: "table/heightChanged", params: .null))
        == #"{"jsonrpc":"2.0","method":"table/heightChanged","params":{}}"#)
  }

  @Test func responses() {
    #expect(
      incoming(#"{"jsonrpc":"2.0","id":4,"result":{"ok":true}}"#)
        == .message(.response(id: .int(4), result: .object(JSONObject([("ok", .bool(true))])))))
    #expect(incoming(#"{"jsonrpc":"2.0","id":4,"result":null}"#) == .message(.response(id: .int(4), result: .null)))
    #expect(
      incoming(#"{"jsonrpc":"2.0","id":"u","error":{"code":-32601,"message":"nope","data":[1]}}"#)
        == .message(
          .errorResponse(
            id: .string("u"), error: ResponseError(code: .methodNotFound, message: "nope", data: .array([.int(1)])))))
    #expect(
      incoming(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}"#)
        == .message(.errorResponse(id: nil, error: ResponseError(code: .parseError, message: "bad"))))
  }

  @Test func errorResponsesAreWrittenExactly() {
    let withData = Message.errorResponse(
      id: .int(3),
      error: ResponseError(
        code: .invalidParams, message: "params.rows[2].height: expected a number, got a string", data: .string("x")))
    #expect(
      wire(withData)
        == #"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"params.rows[2].height: expected a number, got a string","data":"x"}}"#
    )
    let noID = Message.errorResponse(id: nil, error: ResponseError(code: .parseError, message: "parse error: x"))
    #expect(wire(noID) == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: x"}}"#)
    #expect(
      wire(.request(id: .int(9), method: "client/ping", params: .null))
        == #"{"jsonrpc":"2.0","id":9,"method":"client/ping","params":{}}"#)
  }

  @Test func errorCodes() {
    #expect(ErrorCode.parseError.rawValue == -32700)
    #expect(ErrorCode.invalidRequest.rawValue == -32600)
    #expect(ErrorCode.methodNotFound.rawValue == -32601)
    #expect(ErrorCode.invalidParams.rawValue == -32602)
    #expect(ErrorCode.internalError.rawValue == -32603)
    #expect(ErrorCode.serverNotInitialized.rawValue == -32002)
    #expect(ErrorCode.requestCancelled.rawValue == -32800)
    #expect(ErrorCode(-32001).rawValue == -32001)
  }

  @Test(
    arguments: [
      (#"[1]"#, "invalid request: expected an object, got a number", nil),
      (#""x""#, "invalid request: expected an object, got a string", nil),
      (#"null"#, "invalid request: expected an object, got null", nil),
      (#"{"id":1,"method":"m"}"#, #"invalid request: missing "jsonrpc": "2.0""#, RequestID.int(1)),
      (
        #"{"jsonrpc":"1.0","id":"a","method":"m"}"#, #"invalid request: "jsonrpc" must be "2.0", got "1.0""#,
        .string("a")
      ),
      (#"{"jsonrpc":2,"method":"m"}"#, #"invalid request: "jsonrpc" must be "2.0", got 2"#, nil),
      (#"{"jsonrpc":"2.0","id":1,"method":5}"#, #"invalid request: "method" must be a string, got a number"#, .int(1)),
      (#"{"jsonrpc":"2.0","id":1,"method":null}"#, #"invalid request: "method" must be a string, got null"#, .int(1)),
      (
        #"{"jsonrpc":"2.0","id":true,"method":"m"}"#,
        #"invalid request: "id" must be an integer or a string, got a boolean"#, nil
      ),
      (
        #"{"jsonrpc":"2.0","id":1.5,"method":"m"}"#,
        #"invalid request: "id" must be an integer or a string, got a number"#, nil
      ),
      (
        #"{"jsonrpc":"2.0","id":{},"method":"m"}"#,
        #"invalid request: "id" must be an integer or a string, got an object"#, nil
      ),
      (
        #"{"jsonrpc":"2.0","id":null,"method":"m"}"#,
        #"invalid request: "id" must be an integer or a string, got null"#, nil
      ),
      (
        #"{"jsonrpc":"2.0","id":2,"method":"m","params":"x"}"#,
        #"invalid request: "params" must be an object or an array, got a string"#, .int(2)
      ),
      (
        #"{"jsonrpc":"2.0","id":2,"method":"m","params":3}"#,
        #"invalid request: "params" must be an object or an array, got a number"#, .int(2)
      ),
      (
        #"{"jsonrpc":"2.0","id":3}"#,
        #"invalid request: expected "method" (request or notification) or "result" or "error" (response)"#, .int(3)
      ),
      (
        #"{"jsonrpc":"2.0"}"#,
        #"invalid request: expected "method" (request or notification) or "result" or "error" (response)"#, nil
      ),
      (
        #"{"jsonrpc":"2.0","id":3,"result":1,"error":{"code":1,"message":"m"}}"#,
        #"invalid request: a response must not have both "result" and "error""#, .int(3)
      ),
      (#"{"jsonrpc":"2.0","result":1}"#, #"invalid request: a response needs an "id""#, nil),
      (#"{"jsonrpc":"2.0","id":null,"result":1}"#, #"invalid request: a success response needs a non-null "id""#, nil),
      (
        #"{"jsonrpc":"2.0","id":4,"error":{"code":"x","message":"m"}}"#,
        #"invalid request: "error" must be an object with an integer "code" and a string "message""#, .int(4)
      ),
      (
        #"{"jsonrpc":"2.0","id":4,"error":"bad"}"#,
        #"invalid request: "error" must be an object with an integer "code" and a string "message""#, .int(4)
      ),
      (#"[]"#, "invalid request: empty batch", nil),
    ] as [(String, String, RequestID?)])
  func invalidEnvelopes(_ text: String, _ message: String, _ id: RequestID?) {
    if text == "[1]" {
      #expect(
        incoming(text)
          == .batch([.failure(EnvelopeError(id: nil, error: ResponseError(code: .invalidRequest, message: message)))]))
    } else {
      #expect(incoming(text) == invalidRequest(message, id: id))
    }
  }

  @Test func parseErrors() {
    #expect(
      incoming("{oops")
        == .invalid(
          EnvelopeError(
            id: nil,
            error: ResponseError(
              code: .parseError, message: "parse error: expected a string key in object, got 'o' at byte 1"))))
    #expect(
      incoming("")
        == .invalid(
          EnvelopeError(
            id: nil,
            error: ResponseError(
              code: .parseError, message: "parse error: empty document at byte 0"))))
    let deep = String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000)
    #expect(
      incoming(deep)
        == .invalid(
          EnvelopeError(
            id: nil,
            error: ResponseError(
              code: .parseError, message: "parse error: nesting deeper than 2048 at byte 2048"))))
    #expect(
      IncomingMessage.framingError(.missingContentLength)
        == .invalid(
          EnvelopeError(
            id: nil,
            error: ResponseError(
              code: .parseError, message: "parse error: missing Content-Length header"))))
  }

  @Test func invalidEnvelopeResponse() {
    guard case .invalid(let error) = incoming(#"{"jsonrpc":"1.0","id":5,"method":"m"}"#) else {
      Issue.record("expected .invalid")
      return
    }
    #expect(
      wire(error.response)
        == #"{"jsonrpc":"2.0","id":5,"error":{"code":-32600,"message":"invalid request: \"jsonrpc\" must be \"2.0\", got \"1.0\""}}"#
    )
  }

  @Test func batches() {
    let text =
      #"[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"b","params":[]},{"jsonrpc":"2.0","id":"x"}, 5]"#
    let expected: [Result<Message, EnvelopeError>] = [
      .success(.request(id: .int(1), method: "a", params: .object(JSONObject()))),
      .success(.notification(method: "b", params: .object(JSONObject()))),
      .failure(
        .invalidRequest(
          #"expected "method" (request or notification) or "result" or "error" (response)"#, id: .string("x"))),
      .failure(.invalidRequest("expected an object, got a number")),
    ]
    #expect(incoming(text) == .batch(expected))
    let answer = Message.batchBody([
      .response(id: .int(1), result: .null),
      .errorResponse(id: .string("x"), error: ResponseError(code: .invalidRequest, message: "m")),
    ])
    #expect(
      String(decoding: answer, as: UTF8.self)
        == #"[{"jsonrpc":"2.0","id":1,"result":null},{"jsonrpc":"2.0","id":"x","error":{"code":-32600,"message":"m"}}]"#
    )
  }

  @Test func requestIDs() {
    #expect(RequestID(json: .int(-3)) == .int(-3))
    #expect(RequestID(json: .string("")) == .string(""))
    #expect(RequestID(json: .double(1)) == nil)
    #expect(RequestID.int(5).description == "5")
    #expect(RequestID.string("a\"b").description == #""a\"b""#)
  }
}

/// The default nesting limit admits the deepest benchmark tree inside an envelope.
@Suite struct EnvelopeDepthTests {
  @Test func deep1000FitsInARequest() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/bench/deep-1000.json")
    let tree = [UInt8](try Data(contentsOf: url))
    let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"layout","params":{"tree":"#.utf8) + tree + Array("}}".utf8)
    guard case .message(.request(let id, let method, var params)) = IncomingMessage.decode(body: body) else {
      Issue.record("deep-1000.json in a request was not accepted")
      return
    }
    #expect(id == .int(1) && method == "layout")
    params.dismantle()
  }
}
