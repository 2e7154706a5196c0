import FuzzSupport

/// The framing fuzz target's entry point: libFuzzer's driver when built with `-sanitize=fuzzer -DFUZZING`
/// (Tests/Fuzz/run.sh), otherwise a replay of the corpus directories or files given as arguments.
@main
enum FuzzFramingMain {
  /// Runs libFuzzer or the replay, then exits with its status.
  static func main() {
    #if FUZZING
      FuzzerDriver.run { data, size in
        FramingFuzzer.run(FuzzerDriver.bytes(data, size))
        return 0
      }
    #else
      CorpusReplay.run(target: "FuzzFraming", body: FramingFuzzer.run)
    #endif
  }
}
