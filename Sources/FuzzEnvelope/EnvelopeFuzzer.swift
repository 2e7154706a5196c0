import FuzzSupport
import JSONCodec
import JSONRPC

/// The JSON-RPC envelope decoder's fuzz body. Pure; runs on the fuzzer's thread.
///
/// The input is one frame body. Whatever it decodes to must encode again: a message (or each message of a batch)
/// must survive encode → decode unchanged, and an invalid frame's error response must encode and decode as that
/// same response.
enum EnvelopeFuzzer {
  /// Runs one input.
  static func run(_ data: [UInt8]) {
    switch IncomingMessage.decode(body: data) {
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
    }
  }

  /// Checks that `message` encodes to a body that decodes to `message`.
  private static func roundTrip(_ message: Message) {
    let again = IncomingMessage.decode(body: message.body)
    FuzzCheck.require(again == .message(message), "\(message) decoded again as \(again)")
  }
}
