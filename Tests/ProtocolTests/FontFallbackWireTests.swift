import JSONCodec
import Testing

/// Protocol.md "Leaves", font fallback over the wire (features `fontFallback`, `fontCollections`, `colorEmoji`):
/// text leaves whose characters DejaVu Sans lacks are measured in Noto Sans CJK (a face of a `.ttc` collection with
/// CFF outlines) and Noto Color Emoji (fonts-noto-cjk, fonts-noto-color-emoji, installed by Tests/run-all.sh).
@Suite struct FontFallbackWireTests {
  @Test func cjkAndEmojiLeavesMeasureInTheirFallbackFonts() throws {
    let daemon = try Daemon()
    daemon.initialize()
    _ = daemon.call(
      2, "session/create", #"{"sessionId":"s1","viewport":{"width":400,"height":480},"interfaceStates":false}"#)
    let rows =
      #"[{"id":"cjk","cell":{"type":"text","text":"a\u4e00","fontFamily":"DejaVu Sans","fontSize":100}},"#
      + #"{"id":"emoji","cell":{"type":"text","runs":[{"text":"\u263a\ufe0f"},{"text":"\ud83d\udc68\u200d"#
      + #"\ud83d\udc69\u200d\ud83d\udc67"}],"fontFamily":"DejaVu Sans","fontSize":16}}]"#
    #expect(
      daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(rows)}"#) == [
        json(resultResponse("3", #"{"seq":1,"rowIds":["cjk","emoji"]}"#))
      ])
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    // "a一" at 100 pt: 'a' in DejaVu Sans 1255/2048 em + 一 in Noto Sans CJK JP 1000/1000 em = 161.279… → 161.28125;
    // the line holds Noto Sans CJK's box, ascent 116 + descent 29 = 145 (DejaVu's alone: 93 + 24 = 117); baseline
    // 116. The leaf is the cell's root, so it spans the cell's width (400) and its height is the text's.
    Self.expectOneLine(
      daemon, id: 5, row: "cjk", indexPath: "[0,0]", height: 145, range: "[0,2]", width: "161.28125", baseline: 116)
    // ☺️ (U+263A U+FE0F) and 👨‍👩‍👧 (a ZWJ sequence) in Noto Color Emoji at 16 pt: one glyph each, 136/109 em
    // (hmtx 2550/2048 em rounded to whole pixels at the 109 ppem strike): 2 × 16 × 136 / 109 = 39.926… → 39.9375,
    // the two runs summed in 1/65536 pt. Line: 15 + 4 = 19 (DejaVu's and the emoji font's rounded metrics agree).
    Self.expectOneLine(
      daemon, id: 6, row: "emoji", indexPath: "[0,1]", height: 19, range: "[0,7]", width: "39.9375", baseline: 15)
    daemon.expectAliveThenExit()
  }

  /// Expects `cell/elementFrames` of `row` (a text leaf that is the cell's root, 400 wide) to answer one line.
  static func expectOneLine(
    _ daemon: Daemon, id: Int, row: String, indexPath: String, height: Int, range: String, width: String,
    baseline: Int
  ) {
    let answer = daemon.call(id, "cell/elementFrames", #"{"sessionId":"s1","row":"\#(row)"}"#)
    let expected =
      #"{"rowId":"\#(row)","indexPath":\#(indexPath),"size":{"width":400,"height":\#(height)},"elements":[{"#
      + #""type":"text","frame":{"x":0,"y":0,"width":400,"height":\#(height)},"lines":[{"range":\#(range),"x":0,"#
      + #""width":\#(width),"baseline":\#(baseline),"truncated":false}]}]}"#
    #expect(answer == [json(resultResponse("\(id)", expected))], "\(answer.map(JSONWriter.string))")
  }
}
