import Foundation
import Synchronization

/// Runs `body` on a new thread with a `kib` KiB stack (Dispatch worker threads on Linux have 512 KiB), waits,
/// and returns what it returned.
func onThread<T: Sendable>(stackKiB kib: Int, _ body: @escaping @Sendable () -> T) -> T? {
  let result = Mutex<T?>(nil)
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    let value = body()
    result.withLock { $0 = value }
    done.signal()
  }
  thread.stackSize = kib * 1024
  thread.start()
  done.wait()
  return result.withLock { $0 }
}

/// A chain of `depth` arrays around the number 1: `[[...[1]...]]`.
func nestedArrays(_ depth: Int) -> [UInt8] {
  [UInt8](repeating: UInt8(ascii: "["), count: depth) + Array("1".utf8)
    + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
}
