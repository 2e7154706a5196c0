import Dispatch
import JSONCodec
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `layoutd layout --jsonl`: one JSON document per input line (any shape `layoutd layout` reads), one JSON result
/// per output line, in input order, laid out by one thread per core (`--jobs N`). A line that cannot be laid out
/// yields `{"line": N, "error": message}` in its place and the rest go on; the exit status is then 1.
///
/// Lines are read in windows (`windowLines`, `windowBytes`); while the threads lay one window out, the calling
/// thread writes the previous window's results and reads the next window, so memory stays bounded by about three
/// windows whatever the input's length.
extension LayoutCommand {
  /// Most lines per window.
  static let windowLines = 8_192
  /// Most input bytes per window (one longer line is a window of its own).
  static let windowBytes = 16 << 20
  /// Lines a thread takes at a time.
  static let linesPerTake = 32

  /// The results of one window: the bytes to write and how many of its lines failed.
  struct LinesOutput: Sendable {
    /// Every line's result, each ending in LF, in input order.
    var bytes: [UInt8] = []
    /// Lines that yielded an error.
    var failures = 0
  }

  /// Runs `--jsonl` over `options.input`; returns the exit status.
  static func runLines(options: Options) -> Int32 {
    let path = options.input ?? "-"
    let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
    if fd < 0 {
      printError("layoutd layout: cannot read \(path): \(String(cString: strerror(errno)))")
      return 2
    }
    defer { if fd != 0 { close(fd) } }
    let jobs = options.jobs ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    var reader = LineReader(fd: fd, path: path)
    var firstLine = 1
    var failures = 0
    let running = DispatchGroup()
    let result = Mutex(LinesOutput())
    var inFlight = false
    while true {
      let window: [[UInt8]]
      do throws(FileInput.ReadError) {
        window = try reader.nextLines(maxLines: windowLines, maxBytes: windowBytes)
      } catch {
        running.wait()
        printError("layoutd layout: \(error)")
        return 2
      }
      if inFlight {
        running.wait()
        let done = result.withLock { $0 }
        writeAll(fd: 1, done.bytes)
        failures += done.failures
        inFlight = false
      }
      if window.isEmpty { break }
      let first = firstLine
      firstLine += window.count
      inFlight = true
      DispatchQueue.global().async(group: running) {
        let output = layoutWindow(window, firstLine: first, options: options, jobs: jobs)
        result.withLock { $0 = output }
      }
    }
    if failures > 0 {
      printError("layoutd layout: \(failures) of \(firstLine - 1) lines were not laid out")
      return 1
    }
    return 0
  }

  /// Lays out the lines of one window (the first numbered `firstLine`) on `jobs` threads; results in input order.
  static func layoutWindow(_ lines: [[UInt8]], firstLine: Int, options: Options, jobs: Int) -> LinesOutput {
    let takes = (lines.count + linesPerTake - 1) / linesPerTake
    let next = Atomic<Int>(0)
    let parts = Mutex([LinesOutput](repeating: LinesOutput(), count: takes))
    DispatchQueue.concurrentPerform(iterations: min(jobs, takes)) { _ in
      while true {
        let take = next.add(1, ordering: .relaxed).oldValue
        guard take < takes else { return }
        var part = LinesOutput()
        for index in (take * linesPerTake)..<min(lines.count, (take + 1) * linesPerTake) {
          if !layoutLine(lines[index], number: firstLine + index, options: options, into: &part.bytes) {
            part.failures += 1
          }
        }
        parts.withLock { $0[take] = part }
      }
    }
    return parts.withLock { parts in
      var all = LinesOutput()
      all.bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
      for part in parts {
        all.bytes.append(contentsOf: part.bytes)
        all.failures += part.failures
      }
      return all
    }
  }

  /// Lays out one line and appends its result and an LF to `out`; false when the result is an error.
  static func layoutLine(_ line: [UInt8], number: Int, options: Options, into out: inout [UInt8]) -> Bool {
    let message: String
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
      message = "empty line: expected one JSON document"
    } else {
      do {
        let document = try JSONParser.parse(line)
        do throws(Refusal) {
          JSONWriter.write(try layout(document: document, options: options), into: &out)
          out.append(0x0A)
          return true
        } catch {
          message = error.message
        }
      } catch {
        message = "not valid JSON: \(error)"
      }
    }
    JSONWriter.write(.object(JSONObject([("line", .int(Int64(number))), ("error", .string(message))])), into: &out)
    out.append(0x0A)
    return false
  }
}
