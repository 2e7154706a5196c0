extension StackContext {
  /// `collectChildrenIntoLines` (step 5): one line without wrap; with wrap, a new line starts when adding the item
  /// (spacingBefore + size + spacingAfter, plus the inter-item spacing) would exceed `range.max` and the line is
  /// not empty.
  func collectLines(_ items: [StackItem]) -> [StackLine] {
    guard spec.flexWrap == .wrap else { return [StackLine(items: items)] }
    var lines: [StackLine] = []
    var lineItems: [StackItem] = []
    var lineSum = 0.0
    var interitem = 0.0
    for item in items {
      let style = item.element.style
      let withSpacing = style.spacingBefore + spec.stack(item.layout.size) + style.spacingAfter
      let overflows = stackViolation(lineSum + interitem + withSpacing) < 0
      if overflows && !lineItems.isEmpty {
        lines.append(StackLine(items: lineItems))
        lineItems.removeAll()
        lineSum = 0
        interitem = 0
      }
      lineItems.append(item)
      lineSum += interitem + withSpacing
      interitem = spec.spacing
    }
    lines.append(StackLine(items: lineItems))
    return lines
  }

  /// `computeLinesCrossSizeAndBaseline` (step 7): a single line with an exact cross range takes it; otherwise the
  /// largest non-baseline item or the baseline group's ascent + descent; a single line is clamped into the range.
  func computeCrossSizesAndBaselines(_ lines: inout [StackLine]) {
    let minC = spec.cross(range.min)
    let maxC = spec.cross(range.max)
    let single = lines.count == 1
    if single && minC == maxC {
      lines[0].crossSize = minC
      for item in lines[0].items where isBaselineAligned(item) {
        lines[0].baseline = cMax(lines[0].baseline, baseline(of: item))
      }
      return
    }
    for i in lines.indices {
      var maxAscent = 0.0
      var maxDescent = 0.0
      var maxCross = 0.0
      for item in lines[i].items {
        if isBaselineAligned(item) {
          let b = baseline(of: item)
          maxAscent = cMax(maxAscent, b)
          maxDescent = cMax(maxDescent, spec.cross(item.layout.size) - b)
        } else {
          maxCross = cMax(maxCross, spec.cross(item.layout.size))
        }
      }
      var cross = cMax(maxAscent + maxDescent, maxCross)
      if single { cross = cMin(cMax(minC, cross), maxC) }
      lines[i].crossSize = cross
      lines[i].baseline = maxAscent
    }
  }

  /// `computeLinesCrossDimensionSum`: lineSpacing × (lines − 1) + Σ line cross sizes.
  func linesCrossSum(_ lines: [StackLine]) -> Double {
    var sum = lines.isEmpty ? 0 : spec.lineSpacing * Double(lines.count - 1)
    for l in lines { sum += l.crossSize }
    return sum
  }

  /// `stretchLinesAlongCrossDimension` (steps 8–9): with several lines and align-content stretch each line grows by
  /// its share of a positive cross violation; then stretch items shorter than their line by more than ε are
  /// re-measured at their main size and the line's cross size.
  @inline(never) func stretchLines(_ lines: inout [StackLine]) throws(LayoutFailure) {
    let violation = crossViolation(linesCrossSum(lines))
    let stretchLines = lines.count > 1 && spec.alignContent == .stretch && violation > Self.epsilon
    let extra = violation / Double(lines.count)
    for i in lines.indices {
      if stretchLines { lines[i].crossSize += extra }
      let crossSize = lines[i].crossSize
      for j in lines[i].items.indices {
        let item = lines[i].items[j]
        guard spec.alignment(of: item.element.style) == .stretch else { continue }
        let stack = spec.stack(item.layout.size)
        if crossSize - spec.cross(item.layout.size) > Self.epsilon {
          lines[i].items[j].layout = try crossChildLayout(
            item, stackMin: stack, stackMax: stack, crossMin: crossSize, crossMax: crossSize)
        }
      }
    }
  }
}
