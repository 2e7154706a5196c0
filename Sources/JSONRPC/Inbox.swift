import Foundation

/// The bounded hand-off between the reader thread (producer) and the delivery loop (consumer).
///
/// At most `capacity` messages are pending (queued or being handled); `put` blocks the reader thread while
/// that many are, which stops reading the input until the handler catches up.
final class Inbox: @unchecked Sendable {  // every `var` below is guarded by `condition` (a lock, not a queue)
  /// Guards all state; the reader thread waits on it for space.
  private let condition = NSCondition()
  /// Bound on pending messages.
  let capacity: Int
  /// A received message and the size of its body in bytes.
  struct Entry: Sendable {
    /// The message.
    let message: IncomingMessage
    /// Bytes of its body (0 for framing errors).
    let bytes: Int
  }

  /// Messages not yet taken by the delivery loop; `head` is the next one. Guarded by `condition`.
  private var queue: [Entry] = []
  /// Index of the next message in `queue`. Guarded by `condition`.
  private var head = 0
  /// Messages put but not yet reported handled. Guarded by `condition`.
  private var pending = 0
  /// The delivery loop, when it waits for a message. Guarded by `condition`.
  private var waiter: CheckedContinuation<Entry?, Never>?
  /// Why input ended, once it has. Guarded by `condition`.
  private var closeReason: CloseReason?
  /// Set by `stop()`: deliver nothing more. Guarded by `condition`.
  private var stopped = false

  /// An inbox holding at most `capacity` pending messages.
  init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Reader thread: adds a message whose body had `bytes` bytes, first waiting while `capacity` are pending.
  /// False once stopped or finished (nothing more is taken).
  func put(_ message: IncomingMessage, bytes: Int) -> Bool {
    let entry = Entry(message: message, bytes: bytes)
    condition.lock()
    while pending >= capacity && !stopped && closeReason == nil { condition.wait() }
    if stopped || closeReason != nil {
      condition.unlock()
      return false
    }
    pending += 1
    let resume = waiter
    waiter = nil
    if resume == nil { queue.append(entry) }
    condition.unlock()
    resume?.resume(returning: entry)
    return true
  }

  /// Input has ended (reader thread), or must end (`StdioConnection.stopReading()`): the messages already put are
  /// still delivered, later ones are refused; the loop ends once the queue is drained.
  func finish(_ reason: CloseReason) {
    condition.lock()
    if closeReason == nil { closeReason = reason }
    let resume = waiter  // parked only while the queue is empty
    waiter = nil
    condition.broadcast()  // a reader waiting for room gives up
    condition.unlock()
    resume?.resume(returning: nil)
  }

  /// Delivery loop: the next message, or nil when input has ended and the queue is drained (or on stop).
  func next() async -> Entry? {
    await withCheckedContinuation { (continuation: CheckedContinuation<Entry?, Never>) in
      take(or: continuation)
    }
  }

  /// Resumes `continuation` with the next message or nil, or parks it until `put` or `finish`.
  private func take(or continuation: CheckedContinuation<Entry?, Never>) {
    condition.lock()
    var result: Entry?? = nil
    if stopped {
      result = .some(nil)
    } else if head < queue.count {
      result = .some(queue[head])
      head += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
    } else if closeReason != nil {
      result = .some(nil)
    } else {
      waiter = continuation
    }
    condition.unlock()
    if let result { continuation.resume(returning: result) }
  }

  /// Delivery loop: one message has been handled; wakes the reader if it waits for space.
  func didHandle() {
    condition.lock()
    pending -= 1
    condition.signal()
    condition.unlock()
  }

  /// Stops delivery: pending messages are dropped, the reader and the loop are released.
  func stop() {
    condition.lock()
    stopped = true
    if closeReason == nil { closeReason = .stopped }
    let resume = waiter
    waiter = nil
    condition.broadcast()
    condition.unlock()
    resume?.resume(returning: nil)
  }

  /// Messages received but not yet handled.
  var pendingCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return pending
  }

  /// Why input ended, if it has.
  var reason: CloseReason? {
    condition.lock()
    defer { condition.unlock() }
    return closeReason
  }
}
