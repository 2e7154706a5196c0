import FuzzSupport

/// The envelope fuzz target's entry point: libFuzzer's driver when built with `-sanitize=fuzzer -DFUZZING`
/// (Tests/Fuzz/run.sh), otherwise a replay of the corpus directories or files given as arguments.
@main
enum FuzzEnvelopeMain {
  /// Runs libFuzzer or the replay, then exits with its status.
  static func main() {
    #if FUZZING
      FuzzerDriver.run { data, size in
        EnvelopeFuzzer.run(FuzzerDriver.bytes(data, size))
        return 0
      }
    #else
      CorpusReplay.run(target: "FuzzEnvelope", body: EnvelopeFuzzer.run)
    #endif
  }
}
