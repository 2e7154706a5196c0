import Dispatch
import Foundation
import Typography

/// The text row of `layoutd bench`: a 500-character mixed-script paragraph (Latin, CJK, emoji, Arabic, Hebrew) in
/// DejaVu Sans with the registry's fallback, measured whole (shaping, fallback, breaking, bidi) at 320 pt.
enum TextBench {
  /// The paragraph: words of each script in turn, with spaces, cut to 500 Unicode scalars.
  static let paragraph: String = {
    let words = [
      "Texture", "layout", "\u{65E5}\u{672C}\u{8A9E}\u{306E}", "\u{1F600}", "\u{645}\u{631}\u{62D}\u{628}\u{627}",
      "\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "office", "\u{6F22}\u{5B57}", "\u{2764}\u{FE0F}", "\u{633}\u{644}\u{627}\u{645}",
      "\u{5E2}\u{5D1}\u{5E8}\u{5D9}\u{5EA}", "measure", "\u{1F44D}\u{1F3FD}", "\u{643}\u{62A}\u{627}\u{628}", "42",
    ]
    var scalars: [Unicode.Scalar] = []
    var k = 0
    while scalars.count < 500 {
      scalars += words[k % words.count].unicodeScalars
      scalars.append(" ")
      k += 1
    }
    return String(String.UnicodeScalarView(scalars.prefix(500)))
  }()

  /// "mixed-script paragraph (500 scalars, N lines): median X µs (min … max) over R runs", or why it cannot run.
  static func row(runs: Int) -> String {
    let registry = FontRegistry()
    guard let font = try? registry.font(family: "DejaVu Sans") else {
      return "mixed-script paragraph: DejaVu Sans is not installed"
    }
    let fallback = registry.fallback()
    let run = TextRun(text: paragraph, font: font, size: 16, fallback: fallback)
    var lines = 0
    // Warm up: the fallback faces load on first use.
    lines = TextLayout(runs: [run], width: .atMost(320)).lines.count
    var times: [Double] = []
    for _ in 0..<max(runs, 3) {
      let start = DispatchTime.now().uptimeNanoseconds
      let layout = TextLayout(runs: [run], width: .atMost(320))
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start))
      lines = layout.lines.count
    }
    times.sort()
    let median = times[times.count / 2]
    func micro(_ ns: Double) -> String { String(format: "%.1f", ns / 1e3) }
    return "mixed-script paragraph (500 scalars, \(lines) lines at 320 pt): median \(micro(median)) µs (min "
      + "\(micro(times[0])), max \(micro(times[times.count - 1]))) over \(times.count) runs"
  }
}
