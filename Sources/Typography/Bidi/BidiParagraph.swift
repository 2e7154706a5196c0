/// The Unicode Bidirectional Algorithm (UAX #9, Unicode 15.0) over one paragraph: the paragraph level (P2–P3, or
/// given), explicit embeddings, overrides and isolates (X1–X10, depth 125), weak types (W1–W7), paired brackets
/// (N0), neutrals (N1–N2) and implicit levels (I1–I2); per line, the reset of trailing whitespace and separators
/// (L1) and the visual order (L2). Characters X9 removes (embedding controls and boundary neutrals) are marked
/// `removed`; they take the level of the character before them so a line can still be reordered. Pure.
struct BidiParagraph: Sendable {
  /// The code points.
  let scalars: [UInt32]
  /// The characters' Bidi_Class values, as the table gives them.
  let classes: [BidiClass]
  /// The paragraph embedding level (0 left-to-right, 1 right-to-left).
  let level: UInt8
  /// The resolved embedding level of each character (before L1).
  private(set) var levels: [UInt8]
  /// Whether X9 removed the character (LRE, RLE, LRO, RLO, PDF, BN).
  private(set) var removed: [Bool]

  /// The deepest explicit embedding level (UAX #9 BD2).
  static let maxDepth: UInt8 = 125

  /// Resolves the levels of `scalars` (code points). `direction` 0 or 1 forces the paragraph level; nil finds it
  /// from the first strong character (P2–P3), left-to-right when there is none.
  init(_ scalars: [UInt32], level direction: UInt8? = nil) {
    let classes = scalars.map(BidiClass.of)
    self.scalars = scalars
    self.classes = classes
    let count = classes.count
    let matchingPDI = Self.matchingPDIs(classes)
    let paragraphLevel = direction.map { $0 & 1 } ?? Self.firstStrongLevel(classes, 0, count, matchingPDI) ?? 0
    level = paragraphLevel
    levels = [UInt8](repeating: paragraphLevel, count: count)
    removed = [Bool](repeating: false, count: count)
    var types = classes
    explicitLevels(&types, matchingPDI)
    // sos and eos come from the explicit levels (X10), not from levels another sequence has resolved already.
    let explicit = levels
    for sequence in isolatingRunSequences(matchingPDI) {
      resolve(sequence, &types, explicit)
    }
  }

  /// For each isolate initiator its matching PDI (BD9), else nil; PDIs and other characters get nil.
  static func matchingPDIs(_ classes: [BidiClass]) -> [Int?] {
    var matching = [Int?](repeating: nil, count: classes.count)
    var open: [Int] = []
    for (i, type) in classes.enumerated() {
      if type.isIsolateInitiator {
        open.append(i)
      } else if type == .popDirectionalIsolate, let initiator = open.popLast() {
        matching[initiator] = i
      } else if type == .paragraphSeparator {
        open.removeAll()
      }
    }
    return matching
  }

  /// P2–P3: the level of the first L (0), R or AL (1) in `start..<end`, skipping isolated text; nil when none.
  static func firstStrongLevel(_ classes: [BidiClass], _ start: Int, _ end: Int, _ matchingPDI: [Int?]) -> UInt8? {
    var i = start
    while i < end {
      switch classes[i] {
      case .leftToRight: return 0
      case .rightToLeft, .arabicLetter: return 1
      case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
        guard let pdi = matchingPDI[i] else { return nil }
        i = pdi
      case .paragraphSeparator: return nil
      default: break
      }
      i += 1
    }
    return nil
  }

  /// One entry of the directional status stack (X1).
  private struct Status {
    /// Its embedding level.
    var level: UInt8
    /// The override: nil, `.leftToRight` or `.rightToLeft`.
    var override: BidiClass?
    /// Whether an isolate initiator pushed it.
    var isolate: Bool
  }

  /// X1–X9: explicit levels and overrides; marks the characters X9 removes.
  private mutating func explicitLevels(_ types: inout [BidiClass], _ matchingPDI: [Int?]) {
    var stack = [Status(level: level, override: nil, isolate: false)]
    stack.reserveCapacity(Int(Self.maxDepth) + 2)
    var overflowIsolates = 0
    var overflowEmbeddings = 0
    var validIsolates = 0
    for i in classes.indices {
      let type = classes[i]
      let top = stack[stack.count - 1]
      switch type {
      case .rightToLeftEmbedding, .leftToRightEmbedding, .rightToLeftOverride, .leftToRightOverride:
        levels[i] = top.level
        removed[i] = true
        let rtl = type == .rightToLeftEmbedding || type == .rightToLeftOverride
        let next = rtl ? (top.level + 1) | 1 : (top.level + 2) & ~1
        if next <= Self.maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
          let override: BidiClass? =
            type == .rightToLeftOverride ? .rightToLeft : type == .leftToRightOverride ? .leftToRight : nil
          stack.append(Status(level: next, override: override, isolate: false))
        } else if overflowIsolates == 0 {
          overflowEmbeddings += 1
        }
      case .rightToLeftIsolate, .leftToRightIsolate, .firstStrongIsolate:
        levels[i] = top.level
        if let override = top.override { types[i] = override }
        var rtl = type == .rightToLeftIsolate
        if type == .firstStrongIsolate {
          let end = matchingPDI[i] ?? classes.count
          rtl = Self.firstStrongLevel(classes, i + 1, end, matchingPDI) == 1
        }
        let next = rtl ? (top.level + 1) | 1 : (top.level + 2) & ~1
        if next <= Self.maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
          validIsolates += 1
          stack.append(Status(level: next, override: nil, isolate: true))
        } else {
          overflowIsolates += 1
        }
      case .popDirectionalIsolate:
        if overflowIsolates > 0 {
          overflowIsolates -= 1
        } else if validIsolates > 0 {
          overflowEmbeddings = 0
          while stack.count > 1 && !stack[stack.count - 1].isolate { stack.removeLast() }
          if stack.count > 1 { stack.removeLast() }
          validIsolates -= 1
        }
        let now = stack[stack.count - 1]
        levels[i] = now.level
        if let override = now.override { types[i] = override }
      case .popDirectionalFormat:
        levels[i] = top.level
        removed[i] = true
        if overflowIsolates > 0 {
        } else if overflowEmbeddings > 0 {
          overflowEmbeddings -= 1
        } else if !top.isolate && stack.count >= 2 {
          stack.removeLast()
        }
      case .paragraphSeparator:
        levels[i] = level
      case .boundaryNeutral:
        levels[i] = top.level
        removed[i] = true
      default:
        levels[i] = top.level
        if let override = top.override { types[i] = override }
      }
    }
  }

  /// X10: the isolating run sequences, each the indices of its characters (removed ones left out) in order.
  private func isolatingRunSequences(_ matchingPDI: [Int?]) -> [[Int]] {
    // Level runs over the characters X9 keeps.
    var runs: [[Int]] = []
    var current: [Int] = []
    var runLevel: UInt8 = 0
    for i in classes.indices where !removed[i] {
      if !current.isEmpty && levels[i] != runLevel {
        runs.append(current)
        current = []
      }
      runLevel = levels[i]
      current.append(i)
    }
    if !current.isEmpty { runs.append(current) }
    var runOf: [Int: Int] = [:]
    for (r, run) in runs.enumerated() { runOf[run[0]] = r }
    var initiatorOf: [Int: Int] = [:]
    for (i, pdi) in matchingPDI.enumerated() { if let pdi { initiatorOf[pdi] = i } }
    var sequences: [[Int]] = []
    for run in runs {
      // A run that starts with a PDI matching an initiator continues that initiator's sequence.
      if classes[run[0]] == .popDirectionalIsolate && initiatorOf[run[0]] != nil { continue }
      var sequence = run
      while let last = sequence.last, classes[last].isIsolateInitiator, let pdi = matchingPDI[last],
        let next = runOf[pdi]
      {
        sequence.append(contentsOf: runs[next])
      }
      sequences.append(sequence)
    }
    return sequences
  }

  /// `.rightToLeft` for an odd level, else `.leftToRight`.
  @inline(__always)
  static func direction(_ level: UInt8) -> BidiClass { level & 1 == 1 ? .rightToLeft : .leftToRight }

  /// W1–W7, N0–N2 and I1–I2 over one isolating run sequence; `explicit` holds the levels X1–X8 gave.
  private mutating func resolve(_ sequence: [Int], _ types: inout [BidiClass], _ explicit: [UInt8]) {
    guard let first = sequence.first, let last = sequence.last else { return }
    let runLevel = explicit[first]
    var before = level
    if let p = (0..<first).reversed().first(where: { !removed[$0] }) { before = explicit[p] }
    var after = level
    if !(classes[last].isIsolateInitiator) {
      if let n = ((last + 1)..<classes.count).first(where: { !removed[$0] }) { after = explicit[n] }
    }
    let sos = Self.direction(max(runLevel, before))
    let eos = Self.direction(max(runLevel, after))
    var t = sequence.map { types[$0] }
    let n = t.count
    // W1: NSM takes the type of the character before it (ON after an isolate initiator or PDI; sos at the start).
    for k in 0..<n where t[k] == .nonspacingMark {
      if k == 0 {
        t[k] = sos
      } else {
        let previous = t[k - 1]
        t[k] = previous.isIsolateInitiator || previous == .popDirectionalIsolate ? .otherNeutral : previous
      }
    }
    // W2: EN after AL (the last strong type before it) becomes AN. W3: AL becomes R.
    var lastStrong = sos
    for k in 0..<n {
      switch t[k] {
      case .leftToRight, .rightToLeft, .arabicLetter: lastStrong = t[k]
      case .europeanNumber where lastStrong == .arabicLetter: t[k] = .arabicNumber
      default: break
      }
    }
    for k in 0..<n where t[k] == .arabicLetter { t[k] = .rightToLeft }
    // W4: a single ES between two ENs becomes EN; a single CS between two numbers of the same type takes it.
    if n >= 3 {
      for k in 1..<(n - 1) {
        if t[k] == .europeanSeparator && t[k - 1] == .europeanNumber && t[k + 1] == .europeanNumber {
          t[k] = .europeanNumber
        } else if t[k] == .commonSeparator && t[k - 1] == t[k + 1]
          && (t[k - 1] == .europeanNumber || t[k - 1] == .arabicNumber)
        {
          t[k] = t[k - 1]
        }
      }
    }
    // W5: a sequence of ETs next to an EN becomes EN.
    var k = 0
    while k < n {
      guard t[k] == .europeanTerminator else {
        k += 1
        continue
      }
      var end = k
      while end < n && t[end] == .europeanTerminator { end += 1 }
      if (k > 0 && t[k - 1] == .europeanNumber) || (end < n && t[end] == .europeanNumber) {
        for j in k..<end { t[j] = .europeanNumber }
      }
      k = end
    }
    // W6: remaining separators and terminators become ON.
    for j in 0..<n where t[j] == .europeanSeparator || t[j] == .europeanTerminator || t[j] == .commonSeparator {
      t[j] = .otherNeutral
    }
    // W7: EN after L (the last strong type before it, or sos) becomes L.
    lastStrong = sos
    for j in 0..<n {
      switch t[j] {
      case .leftToRight, .rightToLeft: lastStrong = t[j]
      case .europeanNumber where lastStrong == .leftToRight: t[j] = .leftToRight
      default: break
      }
    }
    // N0: paired brackets.
    resolveBrackets(sequence, &t, sos: sos, embedding: Self.direction(runLevel))
    // N1–N2: neutral runs between strong types of one direction take it; others the embedding direction.
    func strong(_ type: BidiClass) -> BidiClass? {
      switch type {
      case .leftToRight: return .leftToRight
      case .rightToLeft, .europeanNumber, .arabicNumber: return .rightToLeft
      default: return nil
      }
    }
    k = 0
    while k < n {
      guard Self.isNeutralOrIsolate(t[k]) else {
        k += 1
        continue
      }
      var end = k
      while end < n && Self.isNeutralOrIsolate(t[end]) { end += 1 }
      let leading = k == 0 ? sos : strong(t[k - 1]) ?? sos
      let trailing = end == n ? eos : strong(t[end]) ?? eos
      let resolved = leading == trailing ? leading : Self.direction(runLevel)
      for j in k..<end { t[j] = resolved }
      k = end
    }
    // I1–I2.
    for (j, index) in sequence.enumerated() {
      let current = levels[index]
      if current & 1 == 0 {
        if t[j] == .rightToLeft {
          levels[index] = current + 1
        } else if t[j] == .arabicNumber || t[j] == .europeanNumber {
          levels[index] = current + 2
        }
      } else if t[j] == .leftToRight || t[j] == .europeanNumber || t[j] == .arabicNumber {
        levels[index] = current + 1
      }
    }
    for (j, index) in sequence.enumerated() { types[index] = t[j] }
  }

  /// Whether N1 treats `type` as a neutral: B, S, WS, ON and the isolate formatting characters.
  @inline(__always)
  static func isNeutralOrIsolate(_ type: BidiClass) -> Bool {
    switch type {
    case .paragraphSeparator, .segmentSeparator, .whitespace, .otherNeutral, .leftToRightIsolate,
      .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate:
      return true
    default: return false
    }
  }

  /// The bracket U+2329/U+232A stand for (their canonical equivalents U+3008/U+3009), else `value`.
  @inline(__always)
  static func canonicalBracket(_ value: UInt32) -> UInt32 {
    value == 0x2329 ? 0x3008 : value == 0x232A ? 0x3009 : value
  }

  /// N0 over one sequence whose weak types `t` are resolved: the bracket pairs (BD16, a stack of 63) each take the
  /// embedding direction when a strong type of it is inside, else the direction opposite to it when such a type
  /// is inside and the context before the opening bracket has it too, else the embedding direction when any
  /// strong type is inside; nonspacing marks after a changed bracket follow it.
  private func resolveBrackets(_ sequence: [Int], _ t: inout [BidiClass], sos: BidiClass, embedding: BidiClass) {
    let lookup = BidiLookup.shared
    var pairs: [(open: Int, close: Int)] = []
    var stack: [(closing: UInt32, position: Int)] = []
    scan: for (j, index) in sequence.enumerated() where t[j] == .otherNeutral {
      let value = scalars[index]
      if let closing = lookup.closing[value] {
        guard stack.count < 63 else { break scan }
        stack.append((Self.canonicalBracket(closing), j))
      } else if lookup.opening[value] != nil {
        let canonical = Self.canonicalBracket(value)
        if let depth = stack.lastIndex(where: { $0.closing == canonical }) {
          pairs.append((stack[depth].position, j))
          stack.removeSubrange(depth...)
        }
      }
    }
    guard !pairs.isEmpty else { return }
    pairs.sort { $0.open < $1.open }
    func strong(_ type: BidiClass) -> BidiClass? {
      switch type {
      case .leftToRight: return .leftToRight
      case .rightToLeft, .europeanNumber, .arabicNumber: return .rightToLeft
      default: return nil
      }
    }
    for pair in pairs {
      var foundEmbedding = false
      var foundOpposite = false
      for j in (pair.open + 1)..<pair.close {
        guard let s = strong(t[j]) else { continue }
        if s == embedding {
          foundEmbedding = true
          break
        }
        foundOpposite = true
      }
      var resolved: BidiClass? = nil
      if foundEmbedding {
        resolved = embedding
      } else if foundOpposite {
        var context = sos
        for j in stride(from: pair.open - 1, through: 0, by: -1) {
          if let s = strong(t[j]) {
            context = s
            break
          }
        }
        resolved = context != embedding ? context : embedding
      }
      guard let resolved else { continue }
      for position in [pair.open, pair.close] {
        t[position] = resolved
        var j = position + 1
        while j < t.count && classes[sequence[j]] == .nonspacingMark {
          t[j] = resolved
          j += 1
        }
      }
    }
  }
}
