import JSONCodec
import Testing

/// The display list and the snapshot draw a line's runs: right-to-left text in visual order with its direction
/// (UAX #9), and characters of fallback fonts (CJK, colour emoji) in the face that has them.
@Suite("display list and snapshot: bidi runs and fallback faces", .serialized)
struct TextRunsDisplayTests {
  /// The first line of the first text item of row "k" holding `cell`, 300 pt wide.
  static func firstLine(_ cell: String) async -> JSONValue? {
    let list = await DisplayTests.displayList(of: cell, width: 300)
    let text = list?["items"]?.arrayValue?.first { $0["kind"] == .string("text") }
    return text?["lines"]?.arrayValue?.first
  }

  @Test("a left-to-right paragraph with Hebrew: the Latin run, then the Hebrew run drawn right to left")
  func hebrewInLatin() async {
    // UAX #9: a, b, c are L (level 0); the space between L and R resolves to the embedding direction (N1 needs
    // the same direction on both sides, N2 gives level 0); the Hebrew letters are R (level 1). Visual order: the
    // level-0 run "abc " on the left, the level-1 run to its right. One face: no `font` on the runs.
    let line = await Self.firstLine(
      #"{"type": "text", "text": "abc \u05E9\u05DC\u05D5\u05DD", "fontFamily": "DejaVu Sans", "fontSize": 20}"#)
    let runs = line?["runs"]?.arrayValue ?? []
    #expect(runs.count == 2)
    #expect(runs.map { $0["text"] } == [.string("abc "), .string("\u{5E9}\u{5DC}\u{5D5}\u{5DD}")])
    #expect(runs.map { $0["direction"] } == [.string("ltr"), .string("rtl")])
    #expect(runs.allSatisfy { $0["font"] == nil })
    let x0 = runs.first?["x"]?.doubleValue ?? -1
    let w0 = runs.first?["width"]?.doubleValue ?? -1
    let x1 = runs.last?["x"]?.doubleValue ?? -1
    #expect(x0 == line?["x"]?.doubleValue)
    #expect(abs(x1 - (x0 + w0)) <= 1.0 / 64)  // the runs abut (each width rounded up to 1/64 pt)
  }

  @Test("a right-to-left paragraph with a Latin word: the Latin run leftmost, the Hebrew run after it")
  func latinInHebrew() async {
    // The first strong character is Hebrew: paragraph level 1. Hebrew R stays 1; the space between R and L takes
    // the embedding direction (level 1); "abc" is L at an odd level: 2 (I2). L2 reverses runs at level ≥ 2 (just
    // "abc"), then the whole line at level ≥ 1: visual order "abc", then "שלום " drawn right to left.
    let line = await Self.firstLine(
      #"{"type": "text", "text": "\u05E9\u05DC\u05D5\u05DD abc", "fontFamily": "DejaVu Sans", "fontSize": 20}"#)
    let runs = line?["runs"]?.arrayValue ?? []
    #expect(runs.map { $0["text"] } == [.string("abc"), .string("\u{5E9}\u{5DC}\u{5D5}\u{5DD} ")])
    #expect(runs.map { $0["direction"] } == [.string("ltr"), .string("rtl")])
    #expect((runs.first?["x"]?.doubleValue ?? 1) < (runs.last?["x"]?.doubleValue ?? 0))
  }

  @Test("CJK and emoji are drawn in the fallback faces that have them, each run with its face")
  func fallbackFaces() async {
    // DejaVu Sans has no U+65E5: it falls back to Noto Sans CJK (fonts-noto-cjk); a heart with U+FE0F (emoji
    // presentation) is drawn in Noto Color Emoji first; "a" stays in DejaVu Sans. All left to right.
    let line = await Self.firstLine(
      #"{"type": "text", "text": "a\u65E5\u2764\uFE0F", "fontFamily": "DejaVu Sans", "fontSize": 20}"#)
    let runs = line?["runs"]?.arrayValue ?? []
    #expect(runs.map { $0["text"] } == [.string("a"), .string("\u{65E5}"), .string("\u{2764}\u{FE0F}")])
    let families = runs.map { $0["font"]?["family"]?.stringValue ?? "" }
    #expect(families.first == "DejaVu Sans")
    #expect(families.dropFirst().first?.hasPrefix("Noto Sans CJK") == true)
    #expect(families.last == "Noto Color Emoji")
    #expect(runs.allSatisfy { $0["direction"] == .string("ltr") && $0["font"]?["size"] == .double(20) })
  }

  @Test("the snapshot draws one <text> per run, in its face and direction")
  func snapshotRuns() async {
    let h = ServerHarness()
    await h.startSession()
    _ = await h.call(3, "session/setViewport", #"{"sessionId": "s1", "viewport": {"width": 300, "height": 100}}"#)
    let cell = #"{"type": "text", "text": "a\u05D0 \u2764\uFE0F", "fontFamily": "DejaVu Sans", "fontSize": 20}"#
    _ = await h.call(4, "table/insertRows", #"{"sessionId": "s1", "rows": [{"id": "k", "cell": \#(cell)}]}"#)
    _ = await h.call(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let svg =
      await h.call(6, "table/snapshot", #"{"sessionId": "s1", "margin": 0}"#).last?["result"]?["svg"]?
      .stringValue ?? ""
    h.closeInput()
    // "a" (L), "א" (R, level 1), space and heart (neutrals between R and eos L: N1 fails, level 0), the heart with
    // U+FE0F in Noto Color Emoji: runs a | א | space | heart; faces DejaVu Sans ×3, Noto Color Emoji.
    #expect(svg.contains(#"direction="rtl""#))
    #expect(svg.contains(#"font-family="Noto Color Emoji""#))
    #expect(svg.contains(">\u{5D0}</text>"))
  }
}
