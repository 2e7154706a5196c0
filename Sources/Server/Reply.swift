import JSONCodec
import JSONRPC
import Synchronization

/// Where the answer to one request goes: straight to the connection, or into the array answering a batch.
struct Reply: Sendable {
  /// The request's id.
  let id: RequestID
  /// Delivers the finished response.
  let deliver: @Sendable (Message) -> Void

  /// Answers with a result (`null` when empty).
  func result(_ value: JSONValue) { deliver(.response(id: id, result: value)) }

  /// Answers with an error.
  func error(_ error: ResponseError) { deliver(.errorResponse(id: id, error: error)) }
}

/// Collects the responses to one batch and sends them as one array once all have arrived.
final class BatchCollector: Sendable {
  /// Responses so far and how many are still expected.
  private let state: Mutex<(answers: [Message], expected: Int)>
  /// Sends the finished array.
  private let send: @Sendable ([Message]) -> Void

  /// A collector expecting `expected` responses.
  init(expected: Int, send: @escaping @Sendable ([Message]) -> Void) {
    state = Mutex(([], expected))
    self.send = send
  }

  /// Adds one response; sends the batch when it was the last one.
  func add(_ message: Message) {
    let finished: [Message]? = state.withLock { s in
      s.answers.append(message)
      return s.answers.count == s.expected ? s.answers : nil
    }
    if let finished { send(finished) }
  }
}
