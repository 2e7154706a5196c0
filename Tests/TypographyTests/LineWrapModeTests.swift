import Testing

@testable import Typography

/// Wrap modes (`LineWrap`) and head/middle truncation, in ahem: every character is a 10-pt square at size 10, so a
/// line of n characters is 10·n pt wide and a 50-pt line holds 5.
@Suite struct LineWrapModeTests {
  /// `overflow-wrap: anywhere`: "abcdefgh" (80 pt) has no opportunity inside, so the 50-pt line breaks after the
  /// fifth cluster ("abcde", 50 pt); "fgh ij" (60 pt) then breaks at its space as usual: "fgh", "ij". Word wrapping
  /// lets the word overflow instead.
  @Test func anywhereBreaksAWordOnlyWhenItDoesNotFit() {
    let anywhere = Support.ahem("abcdefgh ij", width: .atMost(50), options: TextOptions(wrap: .anywhere))
    #expect(anywhere.lines.map(\.text) == ["abcde", "fgh", "ij"])
    #expect(anywhere.lines.map(\.width) == [50, 30, 20])
    let word = Support.ahem("abcdefgh ij", width: .atMost(50))
    #expect(word.lines.map(\.text) == ["abcdefgh", "ij"])
    // A cluster is never cut: "e" + U+0301 is one cluster, 20 pt in ahem (never shaped: the mark has its own
    // 10-pt advance), so "abcd" + it would be 60 pt and the break comes before it: "abcd", "e\u{301}fgh" (50 pt).
    let marked = Support.ahem("abcde\u{301}fgh", width: .atMost(50), options: TextOptions(wrap: .anywhere))
    #expect(marked.lines.map(\.text) == ["abcd", "e\u{301}fgh"])
  }

  /// `word-break: break-all`: "ab cd" fits 50 pt; "e" would make 60, and a break between the letters d|e is now
  /// allowed: "ab cd", "efgh". Punctuation rules stay: no break before ",", so "abcd," at 40 pt breaks before "d"
  /// ("abc", "d,"). Character wrapping breaks before the comma too ("abcd", ",").
  @Test func breakAllAndCharacterWrapping() {
    let breakAll = Support.ahem("ab cdefgh", width: .atMost(50), options: TextOptions(wrap: .breakAll))
    #expect(breakAll.lines.map(\.text) == ["ab cd", "efgh"])
    let comma = Support.ahem("abcd,", width: .atMost(40), options: TextOptions(wrap: .breakAll))
    #expect(comma.lines.map(\.text) == ["abc", "d,"])
    let character = Support.ahem("abcd,", width: .atMost(40), options: TextOptions(wrap: .character))
    #expect(character.lines.map(\.text) == ["abcd", ","])
    let characterWords = Support.ahem("ab cdefgh", width: .atMost(50), options: TextOptions(wrap: .character))
    #expect(characterWords.lines.map(\.text) == ["ab cd", "efgh"])
  }

  /// No wrapping (`NSLineBreakByClipping`): "aaa bbb ccc" is one 110-pt line in a 50-pt box; clipped it keeps its
  /// width (the layout is capped at 50) and is not truncated. With tail truncation the overflowing line is cut:
  /// clusters come off the end until text + "…" ≤ 50 pt, i.e. ≤ 4 characters with the ellipsis, and the space at
  /// the cut is dropped: "aaa…", 40 pt.
  @Test func noWrapClipsOrTruncates() {
    let clipped = Support.ahem(
      "aaa bbb ccc", width: .atMost(50), options: TextOptions(truncation: .clip, wrap: .none))
    #expect(clipped.lines.map(\.text) == ["aaa bbb ccc"] && clipped.lines[0].width == 110)
    #expect(clipped.width == 50 && !clipped.truncated)
    let tail = Support.ahem("aaa bbb ccc", width: .atMost(50), options: TextOptions(wrap: .none))
    #expect(tail.lines.map(\.text) == ["aaa\u{2026}"] && tail.lines[0].width == 40 && tail.truncated)
    // Hard breaks still end lines: "aa bb" (50 pt) and "cc" (20 pt) fit 50 pt, nothing is cut.
    let lines = Support.ahem("aa bb\ncc", width: .atMost(50), options: TextOptions(wrap: .none))
    #expect(lines.lines.map(\.text) == ["aa bb", "cc"] && !lines.truncated)
  }

  /// Head truncation: the line becomes "…" + the end of the text. One line of 50 pt holds "…" and 4 characters:
  /// "…four" (range 14..<18 of "one two three four"). With two lines, the first is "one" as broken ("one two" is
  /// 70 pt) and the second the same "…four". After a hard break only the last paragraph counts: "ab\ncd ef gh"
  /// keeps the last 4 characters of "cd ef gh", "f gh".
  @Test func headTruncationShowsTheEnd() {
    let options = TextOptions(maxLines: 1, truncation: .head("\u{2026}"))
    let one = Support.ahem("one two three four", width: .atMost(50), options: options)
    #expect(one.lines.map(\.text) == ["\u{2026}four"])
    #expect(one.lines[0].range == 14..<18 && one.lines[0].width == 50 && one.truncated)
    let two = Support.ahem(
      "one two three four", width: .atMost(50), options: TextOptions(maxLines: 2, truncation: .head("\u{2026}")))
    #expect(two.lines.map(\.text) == ["one", "\u{2026}four"])
    let paragraphs = Support.ahem("ab\ncd ef gh", width: .atMost(50), options: options)
    #expect(paragraphs.lines.map(\.text) == ["\u{2026}f gh"])
    // The last cluster always stays: in a 5-pt box the line is "…h" (20 pt, overflowing).
    let narrow = Support.ahem("abc defgh", width: .atMost(5), options: options)
    #expect(narrow.lines.map(\.text) == ["\u{2026}h"] && narrow.lines[0].width == 20)
  }

  /// Middle truncation of "abcdefghij klmnop" on one 100-pt line ("abcdefghij" fits, "klmnop" is cut off): 9
  /// characters fit beside "…". The head starts with "a"; clusters are then added to the narrower side, the head
  /// on ties: tail "p", head "b", tail "o", head "c", tail "n", head "d", tail "m", head "e" — 5 + 4 clusters, 100
  /// pt; one more on either side would make 110. "abcde…mnop", range 0..<17.
  @Test func middleTruncationKeepsBothEnds() {
    let layout = Support.ahem(
      "abcdefghij klmnop", width: .atMost(100), options: TextOptions(maxLines: 1, truncation: .middle("\u{2026}")))
    #expect(layout.lines.map(\.text) == ["abcde\u{2026}mnop"])
    #expect(layout.lines[0].range == 0..<17 && layout.lines[0].width == 100 && layout.truncated)
    // A custom string of 3 characters leaves room for 7: head "abcd", tail "nop" ("abcd...nop").
    let dots = Support.ahem(
      "abcdefghij klmnop", width: .atMost(100), options: TextOptions(maxLines: 1, truncation: .middle("...")))
    #expect(dots.lines.map(\.text) == ["abcd...nop"])
  }
}
