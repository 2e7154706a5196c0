import Foundation
import Synchronization

/// Runs layouts of deep trees on a thread whose stack fits them. Pure apart from the thread it may start.
///
/// The engine recurses once per level of nesting. Measured stack use per level: about 1.7 KiB in release builds
/// and 4.6 KiB in debug builds (`layoutd bench --stack`, bench/trees/deep-1000). A Dispatch worker thread on
/// Linux has 512 KiB, enough for `inlineDepthLimit` levels with room to spare; deeper trees (up to
/// `BoxTreeDecoder.defaultMaxDepth`) are laid out on a dedicated thread of `stackBytesPerLevel` per level,
/// which the caller waits for. So layout of any accepted depth is safe from any thread.
package enum DeepLayoutRunner {
  /// Deepest tree laid out on the caller's thread (64 levels: ≤ 300 KiB even in debug builds).
  package static let inlineDepthLimit = 64
  /// Stack reserved per level on the dedicated thread (covers debug builds with margin).
  package static let stackBytesPerLevel = 8 * 1024
  /// Extra stack for the frames above and below the recursion.
  package static let stackBaseBytes = 1 << 20

  /// Runs `body` inline when `depth` ≤ `inlineDepthLimit`, else on a new thread with a large enough stack, and
  /// returns its result.
  package static func run<T: Sendable>(depth: Int, _ body: @escaping @Sendable () -> T) -> T {
    if depth <= inlineDepthLimit { return body() }
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let value = body()
      result.withLock { $0 = value }
      done.signal()
    }
    let bytes = stackBaseBytes + depth * stackBytesPerLevel
    thread.stackSize = (bytes + 4095) / 4096 * 4096
    thread.start()
    done.wait()
    // The thread stored the result before signalling.
    return result.withLock { $0.take() } ?? body()
  }
}
