extension UnicodeLineBreaker {
  /// What UAX #14 says about one position, before grapheme clusters and options are applied.
  enum Decision: Sendable {
    /// × : no break.
    case prohibited
    /// ÷ : a break opportunity.
    case allowed
    /// ! : a mandatory break.
    case mandatory
  }

  /// Where the LB25 number tailoring stands after the units seen so far.
  enum NumberState: Sendable {
    /// Not in a number.
    case none
    /// After `NU (NU|SY|IS)*`.
    case digits
    /// After `NU (NU|SY|IS)* (CL|CP)`.
    case closed
  }

  /// The rules LB4–LB31 as a left-to-right machine over the scalars of a text: it keeps what the rules look back
  /// at (the previous scalar, the previous "unit" — a base with the combining marks LB9 attaches to it —, the unit
  /// before the current run of spaces, …) and decides each position from that and the next scalar. Pure value.
  struct Rules: Sendable {
    /// The tailorings.
    let options: LineBreakOptions
    /// The class of the previous scalar after LB1 (a CM or ZWJ stays CM or ZWJ here), for LB4–LB8a.
    private var before: LineBreakClass = .alphabetic
    /// The class of the previous unit after LB1, LB9 and LB10.
    private var unit: LineBreakClass = .alphabetic
    /// The class of the unit before `unit`, for LB21a; `nil` at the start of the text.
    private var unitBefore: LineBreakClass?
    /// When `unit` is SP: the class of the unit before that run of spaces (`nil` at the start of the text), for
    /// `X SP* ×` rules (LB8, LB14–LB17).
    private var beforeSpaces: LineBreakClass?
    /// The properties of the previous unit's base scalar (LB30, LB30b).
    private var unitProperties = UnicodeProperties(packed: 0)
    /// Whether the previous unit's base is U+00AD soft hyphen.
    private(set) var unitIsSoftHyphen = false
    /// Whether the regional indicators ending with the previous unit are odd in number (LB30a).
    private var oddRegionalIndicators = false
    /// LB25 state.
    private var number = NumberState.none

    /// Rules for a text, before its first scalar.
    init(options: LineBreakOptions) {
      self.options = options
    }

    /// LB1 (and CSS `word-break: break-all`): the class a scalar of class `lineBreak` takes part in the rules as.
    @inline(__always)
    static func resolve(_ lineBreak: LineBreakClass, options: LineBreakOptions) -> LineBreakClass {
      let resolved: LineBreakClass
      switch lineBreak {
      case .unknown, .ambiguous, .surrogate, .complexContext: resolved = .alphabetic
      case .conditionalJapaneseStarter:
        resolved = options.conditionalJapaneseStarter == .nonstarter ? .nonstarter : .ideographic
      default: resolved = lineBreak
      }
      return breakingAll(resolved, options: options)
    }

    /// CSS `word-break: break-all`: letters and digits as ideographs.
    @inline(__always)
    private static func breakingAll(_ lineBreak: LineBreakClass, options: LineBreakOptions) -> LineBreakClass {
      guard options.mode == .breakAll else { return lineBreak }
      switch lineBreak {
      case .alphabetic, .hebrewLetter, .numeric: return .ideographic
      default: return lineBreak
      }
    }

    /// LB10: the class of a unit that starts with a scalar of (resolved) class `lineBreak`: a CM or ZWJ that no
    /// base takes (LB9) is AL.
    @inline(__always)
    private func unitClass(_ lineBreak: LineBreakClass) -> LineBreakClass {
      lineBreak.isMark ? Self.breakingAll(.alphabetic, options: options) : lineBreak
    }

    /// Takes the first scalar of the text (LB2: no break before it).
    mutating func start(_ properties: UnicodeProperties, isSoftHyphen: Bool) {
      let lineBreak = Self.resolve(properties.lineBreak, options: options)
      before = lineBreak
      beginUnit(unitClass(lineBreak), properties, isSoftHyphen: isSoftHyphen, previous: nil)
    }

    /// Decides the position before `scalars[index]`, which has `properties`, then takes that scalar. LB25 looks
    /// further ahead in `scalars`.
    mutating func advance(
      _ properties: UnicodeProperties, isSoftHyphen: Bool, in scalars: [Unicode.Scalar], at index: Int
    ) -> Decision {
      let lineBreak = Self.resolve(properties.lineBreak, options: options)
      // LB9: X (CM | ZWJ)* is X, for any X but BK, CR, LF, NL, SP and ZW.
      let attaches: Bool
      switch unit {
      case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine, .space, .zeroWidthSpace: attaches = false
      default: attaches = lineBreak.isMark
      }
      let decision: Decision
      if let early = hardBreaksAndSpaces(lineBreak) {
        decision = early
      } else if attaches {
        decision = .prohibited  // LB9
      } else {
        decision = pairDecision(unitClass(lineBreak), properties, scalars, index)
      }
      before = lineBreak
      if !attaches {
        beginUnit(unitClass(lineBreak), properties, isSoftHyphen: isSoftHyphen, previous: unit)
      }
      return decision
    }

    /// LB4–LB8a, which look at the previous scalar itself (before LB9 groups marks with their base).
    private func hardBreaksAndSpaces(_ next: LineBreakClass) -> Decision? {
      switch before {
      case .mandatoryBreak: return .mandatory  // LB4
      case .carriageReturn: return next == .lineFeed ? .prohibited : .mandatory  // LB5
      case .lineFeed, .nextLine: return .mandatory  // LB5
      default: break
      }
      switch next {
      case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine: return .prohibited  // LB6
      case .space, .zeroWidthSpace: return .prohibited  // LB7
      default: break
      }
      if unit == .zeroWidthSpace || (unit == .space && beforeSpaces == .zeroWidthSpace) { return .allowed }  // LB8
      if before == .zeroWidthJoiner { return .prohibited }  // LB8a
      return nil
    }

    /// LB11–LB31 between the previous unit and the next one, of class `next` (after LB1, LB9 and LB10) with base
    /// `properties`.
    private func pairDecision(
      _ next: LineBreakClass, _ properties: UnicodeProperties, _ scalars: [Unicode.Scalar], _ index: Int
    ) -> Decision {
      if next == .wordJoiner || unit == .wordJoiner { return .prohibited }  // LB11
      if unit == .glue { return .prohibited }  // LB12
      if next == .glue && unit != .space && unit != .breakAfter && unit != .hyphen { return .prohibited }  // LB12a
      switch next {
      case .closePunctuation, .closeParenthesis, .exclamation, .infixSeparator, .symbol: return .prohibited  // LB13
      default: break
      }
      if unitIs(.openPunctuation, throughSpaces: true) { return .prohibited }  // LB14
      if next == .openPunctuation && unitIs(.quotation, throughSpaces: true) { return .prohibited }  // LB15
      if next == .nonstarter
        && (unitIs(.closePunctuation, throughSpaces: true) || unitIs(.closeParenthesis, throughSpaces: true))
      {
        return .prohibited  // LB16
      }
      if next == .breakBoth && unitIs(.breakBoth, throughSpaces: true) { return .prohibited }  // LB17
      if unit == .space { return .allowed }  // LB18
      if next == .quotation || unit == .quotation { return .prohibited }  // LB19
      if next == .contingentBreak || unit == .contingentBreak { return .allowed }  // LB20
      switch next {
      case .breakAfter, .hyphen, .nonstarter: return .prohibited  // LB21
      default: break
      }
      if unit == .breakBefore { return .prohibited }  // LB21
      if (unit == .hyphen || unit == .breakAfter) && unitBefore == .hebrewLetter { return .prohibited }  // LB21a
      if unit == .symbol && next == .hebrewLetter { return .prohibited }  // LB21b
      if next == .inseparable { return .prohibited }  // LB22
      return numbersAndLetters(next, properties, scalars, index) ? .prohibited : .allowed  // LB31 otherwise
    }

    /// LB23–LB30b: whether the rules about letters, numbers, Hangul, parentheses, flags and emoji keep the
    /// previous unit and the next one (of class `next`, base `properties`) together.
    private func numbersAndLetters(
      _ next: LineBreakClass, _ properties: UnicodeProperties, _ scalars: [Unicode.Scalar], _ index: Int
    ) -> Bool {
      let letter = unit == .alphabetic || unit == .hebrewLetter
      let nextLetter = next == .alphabetic || next == .hebrewLetter
      if (letter && next == .numeric) || (unit == .numeric && nextLetter) { return true }  // LB23
      switch (unit, next) {
      case (.prefixNumeric, .ideographic), (.prefixNumeric, .emojiBase), (.prefixNumeric, .emojiModifier),
        (.ideographic, .postfixNumeric), (.emojiBase, .postfixNumeric), (.emojiModifier, .postfixNumeric):
        return true  // LB23a
      default: break
      }
      let affix = unit == .prefixNumeric || unit == .postfixNumeric
      let nextAffix = next == .prefixNumeric || next == .postfixNumeric
      if (affix && nextLetter) || (letter && nextAffix) { return true }  // LB24
      if numberTailoring(next, affix: affix, nextAffix: nextAffix, scalars, index) { return true }  // LB25
      if hangul(next) { return true }  // LB26, LB27
      if letter && nextLetter { return true }  // LB28
      if unit == .infixSeparator && nextLetter { return true }  // LB29
      if (letter || unit == .numeric) && next == .openPunctuation && !properties.isEastAsianWideParenthesis {
        return true  // LB30
      }
      if unit == .closeParenthesis && !unitProperties.isEastAsianWideParenthesis && (nextLetter || next == .numeric) {
        return true  // LB30
      }
      if unit == .regionalIndicator && next == .regionalIndicator && oddRegionalIndicators { return true }  // LB30a
      if next == .emojiModifier && (unit == .emojiBase || unitProperties.isUnassignedPictographic) {
        return true  // LB30b
      }
      return false
    }

    /// LB25 in the regular-expression form of UAX #14 §8.2 example 7 (`scalars[index]` is the next unit's base).
    private func numberTailoring(
      _ next: LineBreakClass, affix: Bool, nextAffix: Bool, _ scalars: [Unicode.Scalar], _ index: Int
    ) -> Bool {
      if affix {
        if next == .numeric { return true }  // (PR | PO) × NU
        // (PR | PO) × (OP | HY) NU
        if (next == .openPunctuation || next == .hyphen) && unitClass(after: index, in: scalars) == .numeric {
          return true
        }
      }
      if (unit == .openPunctuation || unit == .hyphen) && next == .numeric { return true }  // (OP | HY) × NU
      switch next {
      case .numeric, .symbol, .infixSeparator, .closePunctuation, .closeParenthesis:
        if number == .digits { return true }  // NU (NU | SY | IS)* × (NU | SY | IS | CL | CP)
      default: break
      }
      return nextAffix && number != .none  // NU (NU | SY | IS)* (CL | CP)? × (PO | PR)
    }

    /// The resolved class of the first scalar after `index` that is not a CM or ZWJ (those attach to the scalar at
    /// `index` by LB9); `nil` at the end of the text.
    private func unitClass(after index: Int, in scalars: [Unicode.Scalar]) -> LineBreakClass? {
      var next = index + 1
      while next < scalars.count {
        let lineBreak = Self.resolve(UnicodeProperties.of(scalars[next]).lineBreak, options: options)
        if !lineBreak.isMark { return lineBreak }
        next += 1
      }
      return nil
    }

    /// LB26 and LB27: Hangul syllables, written as jamo or precomposed, stay together and with affixes.
    private func hangul(_ next: LineBreakClass) -> Bool {
      switch (unit, next) {
      case (.hangulL, .hangulL), (.hangulL, .hangulV), (.hangulL, .hangulLV), (.hangulL, .hangulLVT): return true
      case (.hangulV, .hangulV), (.hangulV, .hangulT), (.hangulLV, .hangulV), (.hangulLV, .hangulT): return true
      case (.hangulT, .hangulT), (.hangulLVT, .hangulT): return true
      case (.hangulL, .postfixNumeric), (.hangulV, .postfixNumeric), (.hangulT, .postfixNumeric),
        (.hangulLV, .postfixNumeric), (.hangulLVT, .postfixNumeric):
        return true  // LB27
      case (.prefixNumeric, .hangulL), (.prefixNumeric, .hangulV), (.prefixNumeric, .hangulT),
        (.prefixNumeric, .hangulLV), (.prefixNumeric, .hangulLVT):
        return true  // LB27
      default: return false
      }
    }

    /// Whether the previous unit is `lineBreak`, possibly followed by spaces (`X SP*`).
    @inline(__always)
    private func unitIs(_ lineBreak: LineBreakClass, throughSpaces: Bool) -> Bool {
      unit == lineBreak || (throughSpaces && unit == .space && beforeSpaces == lineBreak)
    }

    /// Starts a new unit of class `lineBreak` (after LB9/LB10) whose base scalar has `properties`.
    private mutating func beginUnit(
      _ lineBreak: LineBreakClass, _ properties: UnicodeProperties, isSoftHyphen: Bool, previous: LineBreakClass?
    ) {
      if lineBreak == .space {
        if previous != .space { beforeSpaces = previous }
      } else {
        beforeSpaces = nil
      }
      oddRegionalIndicators = lineBreak == .regionalIndicator && !(unit == .regionalIndicator && oddRegionalIndicators)
      switch lineBreak {
      case .numeric: number = .digits
      case .symbol, .infixSeparator: number = number == .digits ? .digits : .none
      case .closePunctuation, .closeParenthesis: number = number == .digits ? .closed : .none
      default: number = .none
      }
      unitBefore = previous
      unit = lineBreak
      unitProperties = properties
      unitIsSoftHyphen = isSoftHyphen
    }
  }
}
