import JSONCodec
import JSONRPC
import Synchronization

/// Where the answer to one request goes: straight to the connection, or into the array answering a batch.
/// Copies share one gate, so a request is answered at most once (a cancelled request's late result is dropped).
struct Reply: Sendable {
  /// The request's id.
  let id: RequestID
  /// The request's place in arrival order (see `AnswerLedger`).
  let serial: Int
  /// Delivers the finished response.
  let deliver: @Sendable (Message) -> Void
  /// Shared by every copy: set by the first answer.
  let gate: ReplyGate

  /// A reply for `id`, the request numbered `serial` in arrival order; `answered` runs once, right after the answer
  /// is delivered (e.g. to forget the request).
  init(
    id: RequestID, serial: Int, deliver: @escaping @Sendable (Message) -> Void,
    answered: (@Sendable () -> Void)? = nil
  ) {
    self.id = id
    self.serial = serial
    self.deliver = deliver
    gate = ReplyGate(answered: answered)
  }

  /// True once the request has been answered (or cancelled): work for it can be skipped.
  var isAnswered: Bool { gate.isClosed }

  /// Answers with a result (`null` when empty); nothing when already answered.
  func result(_ value: JSONValue) { answer(.response(id: id, result: value)) }

  /// Answers with an error; nothing when already answered.
  func error(_ error: ResponseError) { answer(.errorResponse(id: id, error: error)) }

  /// Delivers `message` if this is the first answer.
  private func answer(_ message: Message) {
    guard gate.close() else { return }
    deliver(message)
    gate.answered?()
  }
}

/// The answered-once flag shared by the copies of one `Reply`.
final class ReplyGate: Sendable {
  /// True once answered.
  private let closed = Mutex(false)
  /// Runs after the answer.
  let answered: (@Sendable () -> Void)?

  /// An open gate.
  init(answered: (@Sendable () -> Void)?) { self.answered = answered }

  /// True once answered.
  var isClosed: Bool { closed.withLock { $0 } }

  /// Closes the gate; true for the first caller only.
  func close() -> Bool {
    closed.withLock { c in
      defer { c = true }
      return !c
    }
  }
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
