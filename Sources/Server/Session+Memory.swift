#if canImport(Glibc)
  import Glibc
#endif

/// glibc's `malloc_trim`, looked up at run time (the Glibc module does not export `malloc.h`); nil elsewhere.
private let mallocTrim: (@convention(c) (Int) -> Int32)? = {
  #if canImport(Glibc)
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
  #else
    return nil
  #endif
}()

extension Session {
  /// After a large insert has been laid out and nothing is pending, hands the memory the requests' JSON trees
  /// occupied back to the system (glibc keeps freed arena pages otherwise). At most once per 10,000 cells laid
  /// out. Session-isolated.
  func returnFreedMemoryIfIdle(after cells: Int) {
    rowsSinceTrim += cells
    guard rowsSinceTrim >= 10_000, !isBusy else { return }
    rowsSinceTrim = 0
    _ = mallocTrim?(0)
  }
}
