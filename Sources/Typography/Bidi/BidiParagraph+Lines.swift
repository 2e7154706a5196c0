extension BidiParagraph {
  /// The levels of the characters `range` (a line) after L1: segment and paragraph separators, and any run of
  /// whitespace and isolate formatting characters before them or at the line's end, take the paragraph level
  /// (characters X9 removed count as such whitespace, as UAX #9's "retaining BNs" note has it; elsewhere they take
  /// the level of the character before them).
  func lineLevels(_ range: Range<Int>) -> [UInt8] {
    var result = Array(levels[range])
    // A removed character goes with the character before it on the line (the first ones with the one after them),
    // so it splits no run when the line is reordered.
    var previous: UInt8? = nil
    var leading: [Int] = []
    for index in range {
      let k = index - range.lowerBound
      if removed[index] {
        if let previous { result[k] = previous } else { leading.append(k) }
      } else {
        previous = result[k]
        if !leading.isEmpty {
          for j in leading { result[j] = result[k] }
          leading.removeAll()
        }
      }
    }
    var trailing = true
    for index in range.reversed() {
      let type = classes[index]
      switch type {
      case .segmentSeparator, .paragraphSeparator:
        result[index - range.lowerBound] = level
        trailing = true
      case .whitespace, .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate:
        if trailing { result[index - range.lowerBound] = level }
      default:
        if removed[index] {
          if trailing { result[index - range.lowerBound] = level }
        } else {
          trailing = false
        }
      }
    }
    return result
  }

  /// The visual order of the characters `range` (a line), left to right, as indices into the paragraph (L2: from
  /// the highest level down to the lowest odd one, every run at that level or higher is reversed). Characters X9
  /// removed are included unless `droppingRemoved`.
  func visualOrder(_ range: Range<Int>, droppingRemoved: Bool = false) -> [Int] {
    let lineLevels = lineLevels(range)
    var order = Array(range)
    Self.reorder(&order, levels: lineLevels)
    return droppingRemoved ? order.filter { !removed[$0] } : order
  }

  /// Reorders `items` (one per level, in logical order) per L2.
  static func reorder<T>(_ items: inout [T], levels: [UInt8]) {
    guard let highest = levels.max(), let lowest = levels.min(), highest > 0 else { return }
    let lowestOdd = lowest | 1
    var current = levels
    var level = highest
    while level >= lowestOdd && level > 0 {
      var i = 0
      while i < current.count {
        guard current[i] >= level else {
          i += 1
          continue
        }
        var end = i
        while end < current.count && current[end] >= level { end += 1 }
        items[i..<end].reverse()
        current[i..<end].reverse()
        i = end
      }
      level -= 1
    }
  }
}
