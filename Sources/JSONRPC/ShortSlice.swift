#if canImport(Glibc)
  import Glibc
#endif

/// Asks the Linux scheduler for a short time slice for the calling thread, so that the thread preempts longer
/// running work when it wakes (EEVDF, Linux 6.12 and later: `sched_setattr` with a `sched_runtime` for a normal
/// thread). The threads a request passes through (reader, delivery, sessions, writer) each run for microseconds
/// per message; layout and large inserts run for milliseconds. Elsewhere (older kernels, other systems) nothing
/// changes. Thread-safe; each thread asks once.
package enum ShortSlice {
  /// The slice requested, nanoseconds (the kernel accepts 0.1 to 100 ms).
  package static let nanoseconds: UInt64 = 100_000

  #if os(Linux) && arch(x86_64)
    /// `struct sched_attr` (`SCHED_ATTR_SIZE_VER1`, 56 bytes).
    private struct SchedAttr {
      var size: UInt32 = 56
      var policy: UInt32 = 0  // SCHED_OTHER
      var flags: UInt64 = 0
      var nice: Int32 = 0
      var priority: UInt32 = 0
      var runtime: UInt64 = ShortSlice.nanoseconds
      var deadline: UInt64 = 0
      var period: UInt64 = 0
      var utilMin: UInt32 = 0
      var utilMax: UInt32 = 0
    }

    /// glibc's `syscall(2)` (variadic, so Swift cannot call it directly; on x86-64 integer arguments are passed
    /// alike either way), for `SYS_sched_setattr`, which glibc 2.36 has no wrapper for.
    private static let syscall3: (@convention(c) (Int, Int, UnsafeMutableRawPointer, UInt32) -> Int)? = {
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "syscall") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int, Int, UnsafeMutableRawPointer, UInt32) -> Int).self)
    }()

    /// Marks threads that have asked (a non-nil value).
    private static let asked: pthread_key_t = {
      var key = pthread_key_t()
      pthread_key_create(&key, nil)
      return key
    }()
  #endif

  /// Requests the short slice for this thread, keeping its nice value; once per thread.
  package static func request() {
    #if os(Linux) && arch(x86_64)
      guard pthread_getspecific(asked) == nil else { return }
      _ = pthread_setspecific(asked, UnsafeRawPointer(bitPattern: 1))
      set(runtime: nanoseconds)
    #endif
  }

  /// Gives this thread the kernel's default slice, keeping its nice value. Threads inherit their creator's slice,
  /// so long-running threads started from a thread that asked for a short one call this.
  package static func reset() {
    #if os(Linux) && arch(x86_64)
      set(runtime: 0)
    #endif
  }

  #if os(Linux) && arch(x86_64)
    /// `sched_setattr` for this thread: normal policy, its current nice value, slice `runtime` (0: default).
    private static func set(runtime: UInt64) {
      guard let syscall3 else { return }
      errno = 0
      let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)  // who 0: this thread (Linux)
      var attr = SchedAttr()
      attr.nice = errno == 0 ? nice : 0
      attr.runtime = runtime
      _ = withUnsafeMutablePointer(to: &attr) { syscall3(314, 0, $0, 0) }  // SYS_sched_setattr, pid 0: this thread
    }
  #endif
}
