import JSONRPC
import Synchronization

/// The connection's coalescing of per-row notifications, switched on by `initialize`'s
/// `initializationOptions.notifications: "coalesced"`: while on, consecutive per-row notifications of one session
/// are held as one `CoalescedGroup` and written as one notification as soon as any other message is written (a
/// notification that does not fold, an answer) or the session finishes its job. Off (the default), messages go
/// straight to the connection, byte for byte as before. Thread-safe.
final class NotificationCoalescer: Sendable {
  /// Set once by `initialize`.
  private let on = Atomic<Bool>(false)
  /// The run being collected. Held while a message is written, so a run and the message that ends it leave in order
  /// whichever thread writes them.
  private let pending = Mutex<CoalescedGroup?>(nil)

  /// An idle coalescer, off.
  init() {}

  /// True once a client asked for coalesced notifications.
  var isOn: Bool { on.load(ordering: .acquiring) }

  /// Switches coalescing on (for the rest of the connection).
  func switchOn() { on.store(true, ordering: .releasing) }

  /// Sends a notification through `sink`: straight away when off or when it does not fold; else folded into the run
  /// (a run of another kind, session, seq or content size is written first).
  func send(_ message: Message, via sink: (Message) -> Void) {
    guard isOn else { return sink(message) }
    pending.withLock { group in
      guard let (key, entry) = CoalescedGroup.fold(message) else {
        if let run = group.take() { sink(run.message) }
        sink(message)
        return
      }
      if group?.key == key {
        group?.append(entry)
      } else {
        if let run = group.take() { sink(run.message) }
        group = CoalescedGroup(key: key, entry: entry)
      }
    }
  }

  /// Writes an answer (or a batch's share of one) through `sink` after the run being collected.
  func deliver(_ message: Message, via sink: (Message) -> Void) {
    guard isOn else { return sink(message) }
    pending.withLock { group in
      if let run = group.take() { sink(run.message) }
      sink(message)
    }
  }

  /// Writes the run being collected, if any (a session's job ended).
  func flush(via sink: (Message) -> Void) {
    guard isOn else { return }
    pending.withLock { group in
      if let run = group.take() { sink(run.message) }
    }
  }
}
