import FuzzSupport
import JSONCodec
import JSONRPC

/// The JSON-RPC envelope decoder's fuzz body. Pure; runs on the fuzzer's thread.
///
/// The input is one frame body. Whatever it decodes to must encode again: a message (or each message of a batch)
/// must survive encode → decode unchanged, and an invalid frame's error response must encode and decode as that
/// same response.
enum EnvelopeFuzzer {
  /// Runs one input, also with the reader's deferral of `params.rows` (it must decode to the same thing).
  static func run(_ data: [UInt8]) {
    let plain = IncomingMessage.decode(body: data)
    checkDeferral(data, plain: plain)
    switch plain {
    case .message(let message):
      roundTrip(message)
    case .batch(let elements):
      var messages: [Message] = []
      for element in elements {
        switch element {
        case .success(let message): messages.append(message)
        case .failure(let error): roundTrip(error.response)
        }
      }
      messages.forEach(roundTrip)
      if !messages.isEmpty {
        let again = IncomingMessage.decode(body: Message.batchBody(messages))
        FuzzCheck.require(
          again == .batch(messages.map { .success($0) }), "batch of \(messages) decoded again as \(again)")
      }
    case .invalid(let error):
      roundTrip(error.response)
    case .deferred:
      FuzzCheck.require(false, "a decode without a deferral rule deferred")
    }
  }

  /// Decoding with a rule that defers `params.rows` of `table/insertRows` (for any body size) gives what the plain
  /// decode gives: the same message, or the same error text; a deferred message is the plain one split in two, its
  /// params without `rows` and the elements of `rows`.
  private static func checkDeferral(_ data: [UInt8], plain: IncomingMessage) {
    let rule = DeferralRule(method: "table/insertRows", member: "rows", minimumBodyBytes: 0)
    let deferred = IncomingMessage.decode(body: data, deferring: rule)
    guard case .deferred(let message, let unbuilt) = deferred else {
      FuzzCheck.require(deferred == plain, "with deferral \(deferred), without \(plain)")
      return
    }
    guard case .message(let whole) = plain, case .object(var params)? = whole.params else {
      FuzzCheck.require(false, "deferred \(message), plain \(plain)")
      return
    }
    let rows = Result { () throws(JSONParseError) in try unbuilt.elements.elements() }
    FuzzCheck.require(rows == .success(params["rows"]?.arrayValue ?? []), "rows \(rows), plain \(plain)")
    params["rows"] = nil
    FuzzCheck.require(
      message.params == .object(params) && message.id == whole.id && message.method == whole.method,
      "deferred \(message), plain \(plain)")
  }

  /// Checks that `message` encodes to a body that decodes to `message`, except that a non-finite number is written
  /// (strict JSON) as null: then the message decoded again must encode to the same body.
  private static func roundTrip(_ message: Message) {
    let again = IncomingMessage.decode(body: message.body)
    if again == .message(message) { return }
    guard case .message(let decoded) = again else {
      FuzzCheck.require(false, "\(message) decoded again as \(again)")
      return
    }
    FuzzCheck.require(decoded.body == message.body, "\(message) decoded again as \(again)")
  }
}
