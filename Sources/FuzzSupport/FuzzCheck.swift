#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Property checks inside fuzz targets: a violated property aborts the process, which libFuzzer records as a
/// crash (and writes the input to its artifact directory). Only fuzz harnesses use this; product code never aborts
/// on input.
package enum FuzzCheck {
  /// Aborts with `message` on stderr unless `condition` holds.
  package static func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
  ) {
    if condition() { return }
    CorpusReplay.printError("fuzz check failed at \(file):\(line): \(message())")
    abort()
  }
}
