import FlexLayout

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One flex tree per thread, kept between box layouts so that each layout reuses the storage of the previous one.
///
/// A tree of a 13-node feed cell is about 11 KB in five arrays; allocating them for every layout made glibc
/// consolidate its fast bins on each of these large requests (`malloc_consolidate` was the daemon's hottest
/// function during bulk inserts). A layout takes the thread's tree (a nested box layout on the same thread finds
/// none and builds a fresh one), and gives it back emptied; trees of more than `maxKeptNodes` nodes are not kept.
enum ScratchFlexTree {
  /// Largest tree kept (a thread would otherwise hold the storage of the largest box it ever laid out).
  static let maxKeptNodes = 512

  /// The thread's kept tree.
  private final class Slot {
    var tree: FlexTree?
  }

  /// The thread-specific slot (created on first use per thread, released when the thread exits).
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    _ = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
      #else
        if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
      #endif
    }
    return key
  }()

  /// This thread's slot.
  private static var slot: Slot {
    if let raw = pthread_getspecific(key) {
      return Unmanaged<Slot>.fromOpaque(raw).takeUnretainedValue()
    }
    let slot = Slot()
    _ = pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
    return slot
  }

  /// An empty tree: the thread's kept one, or a new one.
  static func take() -> FlexTree {
    let slot = slot
    guard let tree = slot.tree else { return FlexTree() }
    slot.tree = nil
    return tree
  }

  /// Empties `tree` and keeps it for the thread's next layout (unless one is kept already, or it is large).
  static func giveBack(_ tree: inout FlexTree) {
    guard tree.capacity <= maxKeptNodes else { return }
    let slot = slot
    guard slot.tree == nil else { return }
    tree.removeAll()
    slot.tree = tree
  }
}
