import Foundation

/// Runs a fuzz target's body over every file of the corpus directories (or files) named on the command line, the
/// way libFuzzer would run them one by one; the entry point of a fuzz executable built without `-DFUZZING`.
/// Runs on the main thread; a failed check or a crash ends the process with a non-zero status.
package enum CorpusReplay {
  /// Replays the inputs named by the process arguments through `body`, then exits with `main`'s status.
  package static func run(target: String, body: ([UInt8]) -> Void) -> Never {
    exit(main(target: target, arguments: Array(CommandLine.arguments.dropFirst()), body: body))
  }

  /// Replays each input named by `arguments` (the process arguments without the executable) through `body` and
  /// returns the exit status: 0 after all inputs ran, 2 on a usage error. `-v` prints each input's path before
  /// running it, so a crash names the input.
  package static func main(target: String, arguments: [String], body: ([UInt8]) -> Void) -> Int32 {
    let verbose = arguments.contains("-v")
    let roots = arguments.filter { $0 != "-v" }
    guard !roots.isEmpty else {
      printError("usage: \(target) [-v] CORPUS_DIR_OR_FILE...")
      return 2
    }
    var inputs: [String] = []
    for root in roots {
      guard let found = files(at: root) else {
        printError("\(target): cannot read \(root)")
        return 2
      }
      inputs += found
    }
    for path in inputs {
      guard let data = FileManager.default.contents(atPath: path) else {
        printError("\(target): cannot read \(path)")
        return 2
      }
      if verbose { printError("  \(path)") }
      body([UInt8](data))
    }
    printError("\(target): replayed \(inputs.count) inputs" + (verbose ? "" : " (-v names each input)"))
    return 0
  }

  /// The regular files under `path` in name order (the path itself if it is a file), or nil if it is unreadable.
  private static func files(at path: String) -> [String]? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
    guard isDirectory.boolValue else { return [path] }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
    return names.sorted().filter { !$0.hasPrefix(".") }.map { path + "/" + $0 }
  }

  /// Writes a line to stderr.
  static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
