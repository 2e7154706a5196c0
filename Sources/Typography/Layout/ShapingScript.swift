/// The scripts the shaper tells apart, and the script runs of a text (a browser shapes each script run apart, with
/// the font's lookups for that script). Pure.
enum ShapingScript: Sendable, Equatable {
  /// Arabic-script letters (U+0600–U+08FF, the presentation forms U+FB50–U+FDFF and U+FE70–U+FEFF): shaped with
  /// the font's `arab` plan (positional forms).
  case arabic
  /// Hebrew (U+0590–U+05FF, U+FB1D–U+FB4F): shaped with the font's `hebr` plan.
  case hebrew
  /// Everything else: the font's default lookups (`latn`, else `DFLT`).
  case other

  /// One script run: the scalar offsets it covers and its script.
  struct Segment: Equatable {
    /// Scalar offsets (relative to the text shaped).
    var range: Range<Int>
    /// The script.
    var script: ShapingScript
  }

  /// The script of `value`, or nil for a character that takes its neighbours' script: spaces, punctuation,
  /// digits, symbols and marks (what UAX #24 calls Common and Inherited, approximated by the general category:
  /// everything but letters; Arabic-block characters count as Arabic).
  @inline(__always)
  static func of(_ scalar: Unicode.Scalar) -> ShapingScript? {
    let value = scalar.value
    switch value {
    case 0x0600...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
    case 0x0590...0x05FF, 0xFB1D...0xFB4F: return .hebrew
    case 0x41...0x5A, 0x61...0x7A: return .other
    case 0...0x7F: return nil
    default:
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .other
      default: return nil
      }
    }
  }

  /// The script runs of `scalars`: a character without a script of its own joins the run before it (those at the
  /// start join the first run). Only fonts with an `arab` or `hebr` plan are split; for every other font, and text
  /// without Arabic or Hebrew, the whole text is one run of `.other`.
  static func segments(_ scalars: some Collection<Unicode.Scalar>, font: GlyphSubstitution) -> [Segment] {
    let count = scalars.count
    let whole = [Segment(range: 0..<count, script: .other)]
    guard font.arabic != nil || font.hebrew != nil,
      scalars.contains(where: { (0x0590...0x08FF).contains($0.value) || (0xFB1D...0xFEFF).contains($0.value) })
    else { return whole }
    var segments: [Segment] = []
    var start = 0
    var current: ShapingScript? = nil
    for (index, scalar) in scalars.enumerated() {
      guard let script = of(scalar) else { continue }
      if current == nil {
        current = script
      } else if script != current, let running = current {
        segments.append(Segment(range: start..<index, script: running))
        start = index
        current = script
      }
    }
    segments.append(Segment(range: start..<count, script: current ?? .other))
    return segments
  }

  /// Which scalars of a paragraph of `runs` lie in a cursive script run (Arabic), where a browser adds no letter
  /// spacing but to spaces (Blink's `ShapeResultSpacing::ComputeSpacing` under IgnoreLetterSpacingInCursiveScripts,
  /// CSS Text 3 §8.2), in text order. Script runs are found over the whole paragraph, across its runs, as a browser
  /// segments a block's text by script before it picks fonts: a character without a script of its own (spaces,
  /// digits, punctuation, symbols) is in the script run before it, those at the start in the first script run, and
  /// a closing bracket in the script run of the opening bracket it pairs with. Empty when no run has letter spacing.
  static func cursiveScalars(_ runs: [TextRun]) -> [Bool] {
    guard runs.contains(where: { $0.letterSpacing != 0 }) else { return [] }
    var cursive: [Bool] = []
    var current: ShapingScript? = nil
    var pending = 0  // scalars at the start with no script yet
    var openBrackets: [(closing: UInt32, index: Int)] = []
    for run in runs {
      for scalar in run.text.unicodeScalars {
        if let script = of(scalar) {
          if current == nil && script == .arabic {
            for k in (cursive.count - pending)..<cursive.count { cursive[k] = true }
          }
          pending = 0
          current = script
          cursive.append(script == .arabic)
          continue
        }
        if let closing = closingBracket(of: scalar.value) {
          openBrackets.append((closing, cursive.count))
        } else if let k = openBrackets.lastIndex(where: { $0.closing == scalar.value }) {
          let opening = openBrackets[k].index
          openBrackets.removeSubrange(k...)
          cursive.append(cursive[opening])
          if current == nil { pending += 1 }
          continue
        }
        if let current {
          cursive.append(current == .arabic)
        } else {
          cursive.append(false)
          pending += 1
        }
      }
    }
    return cursive
  }

  /// The closing bracket of opening bracket `value` (the pairs of the UCD's BidiBrackets.txt that text uses most:
  /// ASCII, fullwidth and CJK brackets), nil for any other character.
  @inline(__always)
  static func closingBracket(of value: UInt32) -> UInt32? {
    switch value {
    case 0x28, 0x5B, 0x7B: return value == 0x28 ? 0x29 : value + 2
    case 0xFF08: return 0xFF09
    case 0xFF3B, 0xFF5B: return value + 2
    case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A: return value + 1
    default: return nil
    }
  }

  /// Whether `scalar` takes letter spacing even inside a cursive script run: the characters Blink treats as spaces
  /// (U+0020, tab, line feed, U+00A0 no-break space; `Character::TreatAsSpace`).
  @inline(__always)
  static func takesSpacingWhenCursive(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x09, 0x0A, 0xA0: return true
    default: return false
    }
  }
}
