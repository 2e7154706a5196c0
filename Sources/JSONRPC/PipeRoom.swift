import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many bytes an output pipe takes right now without a write blocking, so that the writer only ever starts a
/// frame it can finish: the pipe then never holds part of a frame while the client is not reading, and the process
/// can end at any moment without leaving a torn frame behind (Protocol.md "Lifecycle").
///
/// A Linux pipe is a ring of page-sized slots (`capacity` / 4096 of them); a write takes whole new slots (sharing at
/// most the last one of the write before), and a slot is freed once read entirely. The daemon is the pipe's only
/// writer, so it keeps a ledger of its writes still unread (the last `FIONREAD` bytes written) and counts the slots
/// they can hold at most, each write as if it had started a slot of its own: the room it reports is never more than
/// the pipe's. One slot free (`POLLOUT`) always takes `slot` bytes, and an empty pipe takes `capacity`.
///
/// Linux only (`F_GETPIPE_SZ`, `FIONREAD`); elsewhere, or when the output is not a pipe, there is no `PipeRoom` and
/// the writer writes as before.
final class PipeRoom: Sendable {
  /// The pipe's write end (not owned).
  let fd: Int32
  /// Bytes the pipe holds when full (raised to `preferredCapacity` when the system allows it).
  let capacity: Int
  /// The capacity asked for: 1 MiB, Linux's default `pipe-max-size`, so that most answers fit whole.
  static let preferredCapacity = 1 << 20
  /// A slot: what a pipe with one free slot takes without blocking, in one piece (`PIPE_BUF`, a page).
  static let slot = 4096
  /// The writes that may still be unread.
  private let ledger = Mutex(Ledger())

  /// The lengths of the daemon's writes that may still be unread, oldest first, their bytes and the slots they can
  /// take at most.
  struct Ledger {
    /// Write lengths; those before `head` were read.
    var lengths: [Int] = []
    /// Index of the oldest write that may be unread.
    var head = 0
    /// Bytes of the writes from `head` on.
    var bytes = 0
    /// Slots the writes from `head` on can take at most: ceil(length / slot) each.
    var slots = 0

    /// Slots in use at most when `unread` bytes (the last ones written) are unread; nil when the ledger does not
    /// hold that many (someone else wrote to the pipe).
    mutating func slotsInUse(unread: Int) -> Int? {
      guard unread <= bytes else { return nil }
      var read = bytes - unread
      while head < lengths.count, lengths[head] <= read {
        read -= lengths[head]
        bytes -= lengths[head]
        slots -= PipeRoom.slots(lengths[head])
        head += 1
      }
      if head > 1024 && head * 2 > lengths.count {
        lengths.removeFirst(head)
        head = 0
      }
      return slots - read / PipeRoom.slot  // the oldest write's slots read entirely are free
    }

    /// Records a write of `length` bytes.
    mutating func wrote(_ length: Int) {
      lengths.append(length)
      bytes += length
      slots += PipeRoom.slots(length)
    }

    /// Forgets every write (the pipe is empty).
    mutating func clear() {
      lengths.removeAll(keepingCapacity: true)
      head = 0
      bytes = 0
      slots = 0
    }
  }

  /// The room of `fd` when it is a pipe whose capacity and unread bytes can be read; nil otherwise.
  init?(fd: Int32) {
    #if os(Linux)
      var status = stat()
      guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return nil }
      let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ
      let getPipeSize: Int32 = 1032  // F_GETPIPE_SZ
      _ = fcntl(fd, setPipeSize, Int32(PipeRoom.preferredCapacity))  // refused over the user's quota: keep it
      let capacity = Int(fcntl(fd, getPipeSize))
      guard capacity >= PipeRoom.slot else { return nil }
      self.fd = fd
      self.capacity = capacity
      guard PipeRoom.unread(fd) != nil else { return nil }
    #else
      return nil
    #endif
  }

  /// The slots a write of `length` bytes takes at most.
  static func slots(_ length: Int) -> Int { (length + slot - 1) / slot }

  /// Bytes written to `fd` and not read yet, or nil when the system does not say.
  static func unread(_ fd: Int32) -> Int? {
    #if os(Linux)
      var count: Int32 = 0
      guard ioctl(fd, UInt(FIONREAD), &count) == 0 else { return nil }
      return Int(count)
    #else
      return nil
    #endif
  }

  /// Bytes one write takes now without blocking, whole: `capacity` when the pipe is empty, else the free slots the
  /// ledger guarantees, and at least `slot` when a slot is free (`POLLOUT`); 0 when none is; `Int.max` once the
  /// client has closed its end (any write then fails at once, with EPIPE). Only a write by the daemon shrinks it.
  func room() -> Int {
    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    let polled = poll(&entry, 1, 0) == 1
    if polled && entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return Int.max }
    let slotFree = polled && entry.revents & Int16(POLLOUT) != 0
    guard let unread = PipeRoom.unread(fd) else { return slotFree ? PipeRoom.slot : 0 }
    let guaranteed = ledger.withLock { ledger -> Int in
      if unread == 0 {
        ledger.clear()
        return capacity
      }
      guard let used = ledger.slotsInUse(unread: unread) else { return 0 }
      return max(0, capacity / PipeRoom.slot - used) * PipeRoom.slot
    }
    return max(guaranteed, slotFree ? PipeRoom.slot : 0)
  }

  /// Records a write of `length` bytes (call it for every write to the pipe).
  func wrote(_ length: Int) {
    ledger.withLock { $0.wrote(length) }
  }

  /// Waits for more room than `room` bytes: for a free slot (up to 50 ms) when there is none, else `pause`
  /// microseconds for the client to read further (no event says how much room a pipe has). Returns early on an
  /// error (`POLLERR`: the client went away), which the next write reports.
  func waitForMore(than room: Int, pause: Int) {
    if room == 0 {
      var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      _ = poll(&entry, 1, 50)
    } else {
      usleep(UInt32(pause))
    }
  }
}
