import Testing

@testable import Typography

/// NSParagraphStyle spacing (`ParagraphStyle`) and justification, in ahem at 10 pt: a line is 10 pt tall with its
/// baseline 8 pt from its top, a character 10 pt wide.
@Suite struct ParagraphStyleTests {
  /// Lays `text` out in ahem with `style`.
  static func layout(_ text: String, width: SizeConstraint = .unbounded, _ style: ParagraphStyle) -> TextLayout {
    Support.ahem(text, width: width, options: TextOptions(paragraph: style))
  }

  /// Line spacing 4 goes between lines, not after the last: tops 0, 14, 28; baselines 8, 22, 36; height 3 × 10 +
  /// 2 × 4 = 38.
  @Test func lineSpacingBetweenLines() {
    let layout = Self.layout("a\nb\nc", ParagraphStyle(lineSpacing: 4))
    #expect(layout.lines.map(\.baseline) == [8, 22, 36] && layout.height == 38)
    #expect(layout.ascender == 8 && layout.descender == -2)
  }

  /// A multiple of 1.5 makes each line 15 tall with the extra 5 above the text (TextKit): baselines 13 and 28.
  /// A minimum of 16 makes it 16 (baseline 14); a maximum of 6 cuts 4 off the top (baseline 4).
  @Test func lineHeightMultipleAndLimits() {
    let multiple = Self.layout("a\nb", ParagraphStyle(lineHeightMultiple: 1.5))
    #expect(multiple.lines.map(\.baseline) == [13, 28] && multiple.height == 30)
    let minimum = Self.layout("a", ParagraphStyle(minimumLineHeight: 16))
    #expect(minimum.height == 16 && minimum.ascender == 14)
    let maximum = Self.layout("a", ParagraphStyle(maximumLineHeight: 6))
    #expect(maximum.height == 6 && maximum.ascender == 4)
    // The multiple applies first, then the limits: 10 × 2 = 20, capped at 12.
    let both = Self.layout("a", ParagraphStyle(lineHeightMultiple: 2, maximumLineHeight: 12))
    #expect(both.height == 12)
  }

  /// Paragraph spacing (3 before, 5 after) goes only where a hard break starts a paragraph: "aa bb\ncc" at 20 pt
  /// is "aa", "bb" (soft wrap: no spacing), "cc" (new paragraph: 5 + 3): tops 0, 10, 28; height 38.
  @Test func paragraphSpacingAtHardBreaks() {
    let layout = Self.layout(
      "aa bb\ncc", width: .atMost(20), ParagraphStyle(paragraphSpacingBefore: 3, paragraphSpacingAfter: 5))
    #expect(layout.lines.map(\.text) == ["aa", "bb", "cc"])
    #expect(layout.lines.map(\.baseline) == [8, 18, 36] && layout.height == 38)
  }

  /// Justified lines report both widths (in an exact width: an at-most width shrinks to the longest line first):
  /// "aa bb cc" at 60 pt breaks into "aa bb" (50 pt, one space stretched by
  /// 10 to 60) and "cc" (last line, not stretched). A no-break space stretches too: "a\u{A0}b c" at 40 pt is
  /// "a\u{A0}b" (30 pt, its no-break space grows by 10) and "c".
  @Test func justifiedStretchedAndNaturalWidths() {
    let layout = Support.ahem("aa bb cc", width: .exactly(60), options: TextOptions(alignment: .justified))
    #expect(layout.lines.map(\.width) == [60, 20] && layout.lines.map(\.naturalWidth) == [50, 20])
    #expect(layout.lines.map(\.spaceExpansion) == [10, 0])
    // An at-most width is taken whole as soon as a line is stretched (TextKit justifies to the container's width);
    // one that has no stretched line shrinks to its longest line as other alignments do ("aa" alone: 20).
    let atMost = Support.ahem("aa bb cc", width: .atMost(60), options: TextOptions(alignment: .justified))
    #expect(atMost.width == 60 && atMost.lines.map(\.width) == [60, 20])
    let short = Support.ahem("aa", width: .atMost(60), options: TextOptions(alignment: .justified))
    #expect(short.width == 20)
    let nbsp = Support.ahem("a\u{A0}b c", width: .exactly(40), options: TextOptions(alignment: .justified))
    #expect(nbsp.lines.map(\.text) == ["a\u{A0}b", "c"])
    #expect(nbsp.lines[0].spaceExpansion == 10 && nbsp.lines[0].naturalWidth == 30 && nbsp.lines[0].width == 40)
  }
}
