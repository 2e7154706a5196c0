#if FUZZING
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// libFuzzer's driver (`LLVMFuzzerRunDriver` in libclang_rt.fuzzer), declared for Swift: it parses libFuzzer's
  /// flags from `argc`/`argv` and calls `body` with each input.
  @_silgen_name("LLVMFuzzerRunDriver")
  private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// Runs libFuzzer over a fuzz target. SwiftPM links every executable with its `@main` as the process entry point,
  /// so libFuzzer's own `main` is not the entry point; the `@main` of a fuzz target built with `-DFUZZING` calls this
  /// instead. Runs on the main thread.
  package enum FuzzerDriver {
    /// Hands the process arguments to libFuzzer, which runs `body` on each input, and exits with its status.
    package static func run(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      exit(llvmFuzzerRunDriver(&argc, &argv, body))
    }

    /// Copies libFuzzer's input into an array (an empty input may come as a null pointer).
    package static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
      guard let data, size > 0 else { return [] }
      return Array(UnsafeBufferPointer(start: data, count: size))
    }
  }
#endif
