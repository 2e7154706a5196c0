#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `/proc` says about the spawned daemon: resident memory and CPU time, in total and per thread name.
extension SpawnedDaemon {
  /// The child's resident set (`VmRSS` in `/proc/PID/status`), bytes; nil when it cannot be read.
  func residentBytes() -> Int? {
    guard let text = try? FileInput.readAll(path: "/proc/\(pid)/status") else { return nil }
    for line in String(decoding: text, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmRSS:") {
      let kilobytes = line.dropFirst("VmRSS:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
        .flatMap { Int($0) }
      return kilobytes.map { $0 * 1024 }
    }
    return nil
  }

  /// The child's resident set once it has settled: after 0.5 s, read every 50 ms until two readings differ by less
  /// than 256 KiB (at most 3 s more). The daemon hands memory freed by a burst back to the system once it has been
  /// quiet for 100 ms (`MemoryTrimmer`), which lands after the answer that ended the burst.
  func settledResidentBytes() -> Int? {
    usleep(500_000)
    guard var last = residentBytes() else { return nil }
    for _ in 0..<60 {
      usleep(50_000)
      guard let now = residentBytes() else { return nil }
      defer { last = now }
      if abs(now - last) < 256 << 10 { return now }
    }
    return last
  }

  /// CPU time the child has used so far, user plus system, in seconds (`/proc/PID/stat`, 1/100 s resolution on
  /// most kernels); nil when it cannot be read.
  func cpuSeconds() -> Double? {
    guard let bytes = try? FileInput.readAll(path: "/proc/\(pid)/stat"),
      let close = bytes.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    return SpawnedDaemon.cpuSeconds(stat: bytes[(close + 1)...])
  }

  /// CPU seconds per thread name (`/proc/PID/task/*/stat`, names as the kernel keeps them: at most 15 bytes),
  /// summed over the threads alive now.
  func cpuSecondsByThreadName() -> [String: Double] {
    var totals: [String: Double] = [:]
    guard let directory = opendir("/proc/\(pid)/task") else { return totals }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let tid = Int(name), let bytes = try? FileInput.readAll(path: "/proc/\(pid)/task/\(tid)/stat"),
        let open = bytes.firstIndex(of: UInt8(ascii: "(")), let close = bytes.lastIndex(of: UInt8(ascii: ")"))
      else { continue }
      let comm = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
      if let seconds = SpawnedDaemon.cpuSeconds(stat: bytes[(close + 1)...]) { totals[comm, default: 0] += seconds }
    }
    return totals
  }

  /// User plus system seconds from the fields after `(comm)` of a `stat` file.
  static func cpuSeconds(stat: ArraySlice<UInt8>) -> Double? {
    // State is field 3, utime field 14, stime field 15.
    let fields = String(decoding: stat, as: UTF8.self).split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
