extension TextLayout {
  /// Whether `shaped` needs the bidirectional algorithm: it holds a right-to-left letter (R, AL), an Arabic number
  /// or an explicit directional formatting character. Text without them is one left-to-right run per line.
  static func needsBidi(_ shaped: ShapedText) -> Bool {
    shaped.items.contains { item in
      let value = item.scalar.value
      guard value >= 0x590 else { return false }
      switch BidiClass.of(value) {
      case .rightToLeft, .arabicLetter, .arabicNumber, .rightToLeftEmbedding, .rightToLeftOverride,
        .rightToLeftIsolate, .firstStrongIsolate, .leftToRightEmbedding, .leftToRightOverride,
        .leftToRightIsolate:
        return true
      default: return false
      }
    }
  }

  /// The bidi paragraphs of `shaped`: the text cut after each paragraph separator (B: line feed, carriage return,
  /// U+2029, …), each resolved on its own with its level from its first strong character (UAX #9 P1–P3); the
  /// paragraph and its start offset.
  static func bidiParagraphs(_ shaped: ShapedText) -> [(start: Int, paragraph: BidiParagraph)] {
    var result: [(Int, BidiParagraph)] = []
    var start = 0
    let count = shaped.items.count
    for index in 0..<count
    where index == count - 1 || BidiClass.of(shaped.items[index].scalar.value) == .paragraphSeparator {
      result.append((start, BidiParagraph(shaped.items[start...index].map(\.scalar.value))))
      start = index + 1
    }
    return result
  }

  /// The directional runs of the line `start..<end` (its trailing spaces already left out) in visual order, left
  /// to right: maximal ranges of one embedding level after L1, placed one after another from the line's left edge
  /// with their widths (UAX #9 L2 applied to whole runs: the characters inside an odd-level run are drawn right to
  /// left). Also the paragraph's level.
  static func directionalRuns(
    _ shaped: ShapedText, _ start: Int, _ end: Int, paragraphs: [(start: Int, paragraph: BidiParagraph)]
  ) -> (runs: [TextLine.Run], level: UInt8) {
    guard
      let (offset, paragraph) = paragraphs.last(where: { $0.start <= start }),
      start < end, end - offset <= paragraph.levels.count
    else { return ([], paragraphs.last(where: { $0.start <= start })?.paragraph.level ?? 0) }
    let levels = paragraph.lineLevels((start - offset)..<(end - offset))
    var logical: [(range: Range<Int>, level: UInt8)] = []
    var runStart = start
    for k in 1...levels.count where k == levels.count || levels[k] != levels[k - 1] {
      logical.append((runStart..<(start + k), levels[k - 1]))
      runStart = start + k
    }
    var visual = logical
    BidiParagraph.reorder(&visual, levels: logical.map(\.level))
    var runs: [TextLine.Run] = []
    var units = 0
    for run in visual {
      let x = ShapedText.ceil64(Double(units) * shaped.scale)
      let runUnits = shaped.units(run.range.lowerBound, run.range.upperBound)
      units += runUnits
      runs.append(
        TextLine.Run(
          range: run.range, x: x, width: ShapedText.ceil64(Double(runUnits) * shaped.scale), level: run.level))
    }
    return (runs, paragraph.level)
  }
}

extension TextLine {
  /// One directional run of a line: characters of one embedding level, drawn left to right when the level is even
  /// and right to left when it is odd.
  public struct Run: Sendable, Hashable {
    /// The characters, as Unicode-scalar offsets into the text.
    public var range: Range<Int>
    /// Its left edge relative to the line's left edge (`TextLine.x`).
    public var x: Double
    /// Its width, rounded up to 1/64 pt.
    public var width: Double
    /// Its embedding level (UAX #9): odd is right to left.
    public var level: UInt8
    /// The face its glyphs are drawn in, on lines of attributed text or text in fallback faces (nil: the leaf's
    /// own font).
    public var font: Face?

    /// A face a run is drawn in: the family (a fallback family where the run's font lacks the characters), the
    /// weight and style of the face, and the size.
    public struct Face: Sendable, Hashable {
      /// The family name.
      public var family: String
      /// The face's weight class.
      public var weight: Int
      /// Whether the face is italic.
      public var italic: Bool
      /// The size in points.
      public var size: Double
    }

    /// A run with the given values.
    public init(range: Range<Int>, x: Double, width: Double, level: UInt8, font: Face? = nil) {
      self.range = range
      self.x = x
      self.width = width
      self.level = level
      self.font = font
    }
  }
}

extension TextLayout {
  /// Cuts each line's directional runs (the whole line as one run at its paragraph's level when it has none) where
  /// the font changes (`ends[i]` is the end offset of `runs[i]`), giving each piece its face: a right-to-left run's
  /// pieces are placed from its right edge, logical first on the right. Lines without text keep no runs.
  mutating func attachFaces(_ shaped: ShapedText, runs: [TextRun], ends: [Int]) {
    guard !runs.isEmpty else { return }
    for i in lines.indices {
      let line = lines[i]
      let end = shaped.trimmedEnd(line.range.lowerBound, min(line.range.upperBound, shaped.items.count))
      guard line.range.lowerBound < end else { continue }
      let directional =
        line.runs.isEmpty
        ? [TextLine.Run(range: line.range.lowerBound..<end, x: 0, width: line.width, level: line.paragraphLevel)]
        : line.runs
      var pieces: [TextLine.Run] = []
      for run in directional {
        var parts: [(range: Range<Int>, face: TextLine.Run.Face)] = []
        var start = run.range.lowerBound
        var index = 0
        while index < ends.count - 1 && ends[index] <= start { index += 1 }
        while start < run.range.upperBound {
          let stop = min(ends[index], run.range.upperBound)
          let font = runs[index].font
          if stop > start {
            parts.append(
              (
                start..<stop,
                TextLine.Run.Face(
                  family: font.family, weight: font.weight, italic: font.isItalic, size: runs[index].usedSize)
              ))
          }
          start = stop
          if index < ends.count - 1 { index += 1 } else { break }
        }
        if run.level & 1 == 1 { parts.reverse() }
        var units = 0
        for part in parts {
          let x = run.x + ShapedText.ceil64(Double(units) * shaped.scale)
          let partUnits = shaped.units(part.range.lowerBound, part.range.upperBound)
          units += partUnits
          pieces.append(
            TextLine.Run(
              range: part.range, x: x, width: ShapedText.ceil64(Double(partUnits) * shaped.scale), level: run.level,
              font: part.face))
        }
      }
      lines[i].runs = pieces
    }
  }
}
