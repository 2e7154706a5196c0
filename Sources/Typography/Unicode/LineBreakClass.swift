/// The Line_Break property of a code point: the classes of UAX #14 (Unicode line breaking), Table 1, as listed in
/// LineBreak.txt. Pure.
///
/// Raw values are the table encoding of `UnicodePropertyTables` (the generator lists the same order; a test checks
/// it against `abbreviation`). Characters of class SA (complex context) with general category Mn or Mc are stored
/// as `.combiningMark`, which is how UAX #14 LB1 resolves them.
enum LineBreakClass: UInt8, Sendable, CaseIterable {
  /// XX: unassigned or unknown; resolved to `.alphabetic` (LB1).
  case unknown
  /// AI: ambiguous width (East Asian context decides); resolved to `.alphabetic` (LB1).
  case ambiguous
  /// AL: letters and ordinary symbols.
  case alphabetic
  /// B2: break opportunity before and after (em dash).
  case breakBoth
  /// BA: break opportunity after (hyphens, spaces other than U+0020, soft hyphen, tab).
  case breakAfter
  /// BB: break opportunity before.
  case breakBefore
  /// BK: mandatory break (U+000B, U+000C, U+2028, U+2029).
  case mandatoryBreak
  /// CB: contingent break opportunity (object replacement character).
  case contingentBreak
  /// CJ: conditional Japanese starter (small kana, U+30FC); a tailoring chooses `.nonstarter` or `.ideographic`.
  case conditionalJapaneseStarter
  /// CL: close punctuation.
  case closePunctuation
  /// CM: combining mark.
  case combiningMark
  /// CP: close parenthesis `)` and `]`.
  case closeParenthesis
  /// CR: carriage return.
  case carriageReturn
  /// EB: emoji base (takes a skin-tone modifier).
  case emojiBase
  /// EM: emoji modifier (skin tones).
  case emojiModifier
  /// EX: exclamation and interrogation.
  case exclamation
  /// GL: non-breaking glue (U+00A0 no-break space, U+2007, U+202F, …).
  case glue
  /// H2: Hangul LV syllable.
  case hangulLV
  /// H3: Hangul LVT syllable.
  case hangulLVT
  /// HL: Hebrew letter.
  case hebrewLetter
  /// HY: hyphen-minus.
  case hyphen
  /// ID: ideographic (CJK ideographs, kana, most emoji).
  case ideographic
  /// IN: inseparable characters (leaders such as `…`).
  case inseparable
  /// IS: infix numeric separator (`,`, `.`, `:`, `;`).
  case infixSeparator
  /// JL: Hangul leading jamo.
  case hangulL
  /// JT: Hangul trailing jamo.
  case hangulT
  /// JV: Hangul vowel jamo.
  case hangulV
  /// LF: line feed.
  case lineFeed
  /// NL: next line (U+0085).
  case nextLine
  /// NS: nonstarters (small kana in strict mode, iteration marks, …).
  case nonstarter
  /// NU: digits.
  case numeric
  /// OP: open punctuation.
  case openPunctuation
  /// PO: postfix numeric (`%`, `¢`, …).
  case postfixNumeric
  /// PR: prefix numeric (`$`, `£`, `+`, …).
  case prefixNumeric
  /// QU: ambiguous quotation marks.
  case quotation
  /// RI: regional indicator (flag halves).
  case regionalIndicator
  /// SA: complex-context scripts (Thai, Lao, Khmer, Myanmar, …) that need a dictionary; resolved to
  /// `.alphabetic` (LB1), so such runs break only where other rules allow.
  case complexContext
  /// SG: surrogates; never a Unicode scalar, resolved to `.alphabetic` (LB1).
  case surrogate
  /// SP: U+0020 space.
  case space
  /// SY: symbols allowing a break after (`/`).
  case symbol
  /// WJ: word joiner (U+2060, U+FEFF).
  case wordJoiner
  /// ZW: zero width space (U+200B).
  case zeroWidthSpace
  /// ZWJ: zero width joiner (U+200D).
  case zeroWidthJoiner

  /// CM or ZWJ: the classes LB9 attaches to the character before them.
  var isMark: Bool { self == .combiningMark || self == .zeroWidthJoiner }

  /// The UCD's two- or three-letter abbreviation (`"AL"`, `"ZWJ"`, …).
  var abbreviation: String {
    UnicodePropertyTables.lineBreakClasses[Int(rawValue)]
  }
}
