import Testing

@testable import Typography

/// maxLines, tail truncation and alignment, in ahem (10 pt glyphs at size 10).
@Suite struct TruncationAlignmentTests {
  @Test func clipAtMaxLines() {
    let layout = Support.ahem(
      "one two three four", width: .atMost(50), options: TextOptions(maxLines: 2, truncation: .clip))
    #expect(layout.lines.map(\.text) == ["one", "two"])
    #expect(layout.truncated && layout.height == 20)
  }

  @Test func tailEllipsisFits() {
    let layout = Support.ahem("one two three four", width: .atMost(50), options: TextOptions(maxLines: 2))
    #expect(layout.lines.map(\.text) == ["one", "two\u{2026}"])
    #expect(layout.lines[1].range == 4..<7 && layout.lines[1].width == 40)
    #expect(layout.truncated && layout.width == 40)
  }

  @Test func tailEllipsisCutsTheLastLine() {
    let layout = Support.ahem("aaaaa bbbbb ccccc", width: .atMost(50), options: TextOptions(maxLines: 2))
    #expect(layout.lines.map(\.text) == ["aaaaa", "bbbb\u{2026}"])
    #expect(layout.lines[1].range == 6..<10)
    #expect(layout.lines.allSatisfy { $0.width <= 50 })
    let custom = Support.ahem(
      "aaaaa bbbbb ccccc", width: .atMost(50), options: TextOptions(maxLines: 2, truncation: .tail("...")))
    #expect(custom.lines.map(\.text) == ["aaaaa", "bb..."])
    // A cut that leaves a space before the ellipsis drops the space.
    let spaced = Support.ahem("ab cdefg hij", width: .atMost(70), options: TextOptions(maxLines: 1))
    #expect(spaced.lines.map(\.text) == ["ab\u{2026}"])
  }

  @Test func truncationOnHardBreaksAndSingleLine() {
    let lines = Support.ahem("a\nb\nc", width: .unbounded, options: TextOptions(maxLines: 2))
    #expect(lines.lines.map(\.text) == ["a", "b\u{2026}"] && lines.truncated)
    let exact = Support.ahem("a\nb", width: .unbounded, options: TextOptions(maxLines: 2))
    #expect(!exact.truncated && exact.lines.map(\.text) == ["a", "b"])
    let one = Support.ahem("hello world again", width: .atMost(60), options: TextOptions(maxLines: 1))
    #expect(one.lines.map(\.text) == ["hello\u{2026}"] && one.width == 60)
  }

  /// CSS Overflow 3, `text-overflow`: "The first character or atomic inline-level element on a line must be
  /// clipped rather than ellipsed", and Chromium keeps it: with room for nothing, the line is its first grapheme
  /// cluster and the ellipsis, "a…", 2 × 10 = 20 pt wide in a 5-pt box. A cluster is never cut: "é" written as e
  /// + U+0301 stays whole.
  @Test func ellipsisWiderThanTheLine() {
    let layout = Support.ahem("abc def", width: .atMost(5), options: TextOptions(maxLines: 1))
    #expect(layout.lines.map(\.text) == ["a\u{2026}"])
    #expect(layout.lines[0].range == 0..<1)
    #expect(layout.lines[0].width == 20)
    let accented = Support.ahem("e\u{301}bc def", width: .atMost(5), options: TextOptions(maxLines: 1))
    #expect(accented.lines.map(\.text) == ["e\u{301}\u{2026}"])
    #expect(accented.lines[0].range == 0..<2)
  }

  @Test func truncatedLastLineFitsInDejaVu() throws {
    let font = try Support.dejaVuSans.get()
    let text = "The quick brown fox jumps over the lazy dog and keeps running through the forest."
    for width in stride(from: 40.0, through: 300, by: 7) {
      let layout = TextLayout(
        text: text, font: font, size: 13, options: TextOptions(maxLines: 2), width: .atMost(width))
      #expect(layout.lines.count <= 2)
      if layout.truncated {
        let last = try #require(layout.lines.last)
        #expect(last.text.hasSuffix("\u{2026}"))
        let widest = TextLayout(text: last.text, font: font, size: 13, width: .unbounded).width
        #expect(widest == last.width)
        #expect(last.width <= width || last.text == "\u{2026}", "width \(width): \(last.text) is \(last.width)")
      }
    }
  }

  @Test func justified() {
    let options = TextOptions(alignment: .justified)
    let layout = Support.ahem("aa b cc dd ee\nf g", width: .exactly(60), options: options)
    #expect(layout.lines.map(\.text) == ["aa b", "cc dd", "ee", "f g"])
    // "aa b" (40) gets 20 on its one space; "cc dd" (50) 10; "ee" ends at a hard break, "f g" is the last line.
    #expect(layout.lines.map(\.spaceExpansion) == [20, 10, 0, 0])
    #expect(layout.lines.map(\.width) == [60, 60, 20, 30])
    #expect(layout.lines.allSatisfy { $0.x == 0 })
    let single = Support.ahem("abcdefgh ij", width: .exactly(50), options: options)
    #expect(single.lines.map(\.spaceExpansion) == [0, 0])  // an overflowing word, then the last line
    let truncated = Support.ahem(
      "aa b cc dd", width: .exactly(60), options: TextOptions(maxLines: 1, alignment: .justified))
    #expect(truncated.lines.map(\.text) == ["aa b\u{2026}"] && truncated.lines[0].spaceExpansion == 0)
  }

  @Test func alignmentOffsets() {
    let exact = { (alignment: TextAlignment) in
      Support.ahem("ab cdef", width: .exactly(100), options: TextOptions(alignment: alignment)).lines[0].x
    }
    #expect(exact(.natural) == 0 && exact(.left) == 0 && exact(.center) == 15 && exact(.right) == 30)
    let wrapped = Support.ahem("ab cdef", width: .atMost(50), options: TextOptions(alignment: .center))
    #expect(wrapped.width == 40 && wrapped.lines.map(\.x) == [10, 0])
    let right = Support.ahem("ab cdef", width: .atMost(50), options: TextOptions(alignment: .right))
    #expect(right.lines.map(\.x) == [20, 0])
    let overflow = Support.ahem("abcdefgh", width: .exactly(30), options: TextOptions(alignment: .center))
    #expect(overflow.lines[0].x == 0)
  }
}
