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
    // 116. The leaf is the cell's root, so it spans the cell's width (400) and its height is the text's. Two faces
    // draw the line, so it carries its runs ("Leaves"): 'a' in DejaVu Sans (61.279… → 61.28125 wide, at x 0), 一
    // in Noto Sans CJK JP (100 wide, at x 61.28125), both left to right, their faces regular at 100 pt.
    let cjk = daemon.call(5, "cell/elementFrames", #"{"sessionId":"s1","row":"cjk"}"#)
    #expect(
      cjk == [
        json(
          resultResponse(
            "5",
            #"{"rowId":"cjk","indexPath":[0,0],"size":{"width":400,"height":145},"elements":[{"type":"text","frame":"#
              + #"{"x":0,"y":0,"width":400,"height":145},"lines":[{"range":[0,2],"x":0,"width":161.28125,"#
              + #""baseline":116,"truncated":false,"runs":[{"range":[0,1],"x":0,"width":61.28125,"direction":"ltr","#
              + #""font":{"family":"DejaVu Sans","weight":400,"italic":false,"size":100}},{"range":[1,2],"#
              + #""x":61.28125,"width":100,"direction":"ltr","#
              + #""font":{"family":"Noto Sans CJK JP","weight":400,"italic":false,"size":100}}]}]}]}"#))
      ], "\(cjk.map(JSONWriter.string))")
    // ☺️ (U+263A U+FE0F) and 👨‍👩‍👧 (a ZWJ sequence) in Noto Color Emoji at 16 pt: one glyph each, 136/109 em
    // (hmtx 2550/2048 em rounded to whole pixels at the 109 ppem strike): 2 × 16 × 136 / 109 = 39.926… → 39.9375,
    // the two runs summed in 1/65536 pt. Line: 15 + 4 = 19 (DejaVu's and the emoji font's rounded metrics agree).
    // Its runs: one per leaf run (scalars 0..<2 and 2..<7), each 16 × 136 / 109 = 19.963… → 19.96875 wide, the
    // second at x 19.96875 (the first's advance rounded up to 1/64 pt), in Noto Color Emoji at 16 pt.
    let emoji = daemon.call(6, "cell/elementFrames", #"{"sessionId":"s1","row":"emoji"}"#)
    #expect(
      emoji == [
        json(
          resultResponse(
            "6",
            #"{"rowId":"emoji","indexPath":[0,1],"size":{"width":400,"height":19},"elements":[{"type":"text","frame":"#
              + #"{"x":0,"y":0,"width":400,"height":19},"lines":[{"range":[0,7],"x":0,"width":39.9375,"#
              + #""baseline":15,"truncated":false,"runs":[{"range":[0,2],"x":0,"width":19.96875,"direction":"ltr","#
              + #""font":{"family":"Noto Color Emoji","weight":400,"italic":false,"size":16}},{"range":[2,7],"#
              + #""x":19.96875,"width":19.96875,"direction":"ltr","#
              + #""font":{"family":"Noto Color Emoji","weight":400,"italic":false,"size":16}}]}]}]}"#))
      ], "\(emoji.map(JSONWriter.string))")
    daemon.expectAliveThenExit()
  }
}
