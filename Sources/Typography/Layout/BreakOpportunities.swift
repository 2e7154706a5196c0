/// Where a line may break in a text, as Chromium decides it: Blink's own rules between ASCII characters
/// (`AsciiBreakRule`), UAX #14 with CSS's tailorings (`UnicodeLineBreaker`) wherever a character of the pair is
/// not ASCII, and never inside a grapheme cluster. Spaces are handled as CSS `white-space: pre-wrap` does: a line
/// may end after a run of spaces (which hang past the line end), never before or inside it. Pure.
enum BreakOpportunities {
  /// The running state of the ASCII pass over a text, fed one scalar at a time.
  struct AsciiContext {
    /// The scalar before `previous` (0 at the start).
    var beforePrevious: UInt32 = 0
    /// The previous scalar (0 at the start).
    var previous: UInt32 = 0
    /// The previous scalar's class; nil before the first scalar.
    var previousClass: BreakClass?

    /// The opportunity just before a scalar `value` of class `breakClass`, from the ASCII rules alone (`.never`
    /// where a neighbour is not ASCII: `applyUnicodeRules` decides those); then feeds it.
    mutating func next(_ value: UInt32, _ breakClass: BreakClass) -> LineBreakOpportunity {
      defer {
        beforePrevious = previous
        previous = value
        previousClass = breakClass
      }
      guard let previousClass, breakClass != .space, breakClass != .hardBreak else { return .never }
      if previousClass == .space { return .allowed }
      guard AsciiBreakRule.covers(previous), AsciiBreakRule.covers(value) else { return .never }
      return AsciiBreakRule.allowsBreak(beforePrevious, previous, value) ? .allowed : .never
    }
  }

  /// Whether a pair with this scalar is decided by the Unicode rules: anything beyond ASCII except U+00A0
  /// no-break space (which Blink, like UAX #14 next to letters, never breaks around).
  @inline(__always)
  static func needsUnicodeRules(_ value: UInt32) -> Bool { value > 0x7F && value != 0xA0 }

  /// Sets the opportunity of every position with a non-ASCII neighbour from UAX #14 (`UnicodeLineBreaker`,
  /// Chromium's defaults: `line-break: normal`, small kana break as ideographs, clusters kept whole), and
  /// `startsCluster` of every scalar from UAX #29.
  static func applyUnicodeRules(to items: inout [ShapedText.Item]) {
    let unicode = UnicodeLineBreaker.opportunities(in: items.lazy.map(\.scalar))
    for index in items.indices.dropFirst() {
      // Inside a cluster UAX #14 reports `.never` (`LineBreakOptions.keepsGraphemeClusters`); anywhere else a
      // prohibited break is at least `.emergency`.
      let startsCluster = unicode[index] != .never
      items[index].startsCluster = startsCluster
      let previous = items[index - 1]
      guard needsUnicodeRules(previous.scalar.value) || needsUnicodeRules(items[index].scalar.value) else {
        continue
      }
      let breakClass = items[index].breakClass
      if breakClass == .space || breakClass == .hardBreak {
        items[index].opportunity = .never
      } else if previous.breakClass == .space {
        items[index].opportunity = startsCluster ? .allowed : .never
      } else {
        switch unicode[index] {
        case .hyphenated: items[index].opportunity = .hyphenated
        case .allowed, .mandatory: items[index].opportunity = .allowed
        case .never, .emergency: items[index].opportunity = .never
        }
      }
    }
  }

  /// Adds the opportunities of a wrap mode to `items` (whose opportunities and cluster starts are set): `.breakAll`
  /// those UAX #14 finds with letters and digits breaking as ideographs (`LineBreakOptions.Mode.breakAll`),
  /// `.character` one at every grapheme cluster boundary. Never before a space or a hard break, nor right after a
  /// hard break (`LineBreaker` ends lines there itself). The other modes change nothing here.
  static func apply(_ wrap: LineWrap, to items: inout [ShapedText.Item]) {
    let unicode: [LineBreakOpportunity]
    switch wrap {
    case .word, .anywhere, .none: return
    case .character: unicode = []
    case .breakAll:
      unicode = UnicodeLineBreaker.opportunities(
        in: items.lazy.map(\.scalar), options: LineBreakOptions(mode: .breakAll))
    }
    for index in items.indices.dropFirst() where items[index].opportunity < .allowed && items[index].startsCluster {
      let breakClass = items[index].breakClass
      guard breakClass != .space, breakClass != .hardBreak, items[index - 1].breakClass != .hardBreak else {
        continue
      }
      if unicode.isEmpty || unicode[index] == .allowed { items[index].opportunity = .allowed }
    }
  }
}
