import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The short scheduling slice of the threads a request passes through (Linux 6.12+, where EEVDF honours a normal
/// thread's `sched_runtime`); earlier kernels keep the default slice.
@Suite struct ShortSliceTests {
  /// This thread's slice in nanoseconds (`se.slice` in /proc/thread-self/sched), nil when not shown.
  static func slice() -> UInt64? {
    guard let text = try? String(contentsOfFile: "/proc/thread-self/sched", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("se.slice") {
      return line.split(separator: ":").last.flatMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
    }
    return nil
  }

  /// True on Linux 6.12 or later.
  static var kernelHonoursSlices: Bool {
    var name = utsname()
    uname(&name)
    let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let parts = release.split(separator: ".").prefix(2).compactMap { Int($0.prefix { $0.isNumber }) }
    guard parts.count == 2 else { return false }
    return parts[0] > 6 || (parts[0] == 6 && parts[1] >= 12)
  }

  /// Runs `body` on a new thread and returns its result.
  static func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: T?
    let thread = Thread {
      result = body()
      done.signal()
    }
    thread.start()
    done.wait()
    return result!
  }

  @Test func requestShortensTheSliceKeepsNiceAndResetRestoresIt() throws {
    #if os(Linux) && arch(x86_64)
      let (before, short, nice, after) = Self.onNewThread { () -> (UInt64?, UInt64?, Int32, UInt64?) in
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 3)
        let before = Self.slice()
        ShortSlice.request()
        let short = Self.slice()
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        ShortSlice.reset()
        return (before, short, nice, Self.slice())
      }
      #expect(nice == 3)
      guard let before, let short, let after else { return }  // no se.slice line: nothing to check
      if Self.kernelHonoursSlices {
        #expect(short == ShortSlice.nanoseconds)
        #expect(after == before)
      } else {
        #expect(short == before)
      }
    #endif
  }
}
