import Foundation

/// The demo's live log: lines stamped with the time since start, numbers grouped by thousands, and the rate of
/// notifications since the previous progress line. Runs on the demo's thread.
struct DemoLog {
  /// When the demo started.
  let start = Date()
  /// Time and notification count at the previous progress line.
  private var last: (time: Date, notifications: Int)

  /// A log starting now.
  init() { last = (start, 0) }

  /// Seconds since start.
  var elapsed: Double { Date().timeIntervalSince(start) }

  /// Prints `text` stamped with the milliseconds since start.
  func line(_ text: String) {
    print(String(format: "[%7.1f ms] ", elapsed * 1000) + text)
  }

  /// Notifications per second since the previous call (or the start), given the total so far.
  mutating func rate(total: Int) -> Int {
    let now = Date()
    let seconds = now.timeIntervalSince(last.time)
    let count = total - last.notifications
    last = (now, total)
    return seconds > 0 ? Int((Double(count) / seconds).rounded()) : 0
  }

  /// `n` with thousands separated by commas ("12,345").
  static func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return n < 0 ? "-" + out : out
  }

  /// A point value rounded to whole points and grouped ("55,200 pt").
  static func points(_ value: Double) -> String { grouped(Int(value.rounded())) + " pt" }
}
