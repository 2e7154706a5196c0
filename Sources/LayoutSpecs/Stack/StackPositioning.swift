extension StackContext {
  /// `ASStackPositionedLayout::compute` (steps 10–11): line offsets from align-content, item offsets from
  /// justify-content, cross offsets from alignment; returns positioned child layouts and the clamped final size.
  func position(_ lines: [StackLine], stackSum: Double, crossSum: Double) -> ([Layout], Size) {
    let (linesOffset, crossSpacing) = Self.distribute(
      count: lines.count, violation: crossViolation(crossSum), mode: spec.alignContent.distribution)
    var result: [Layout] = []
    result.reserveCapacity(spec.children.count)
    var crossPos = linesOffset
    for (n, line) in lines.enumerated() {
      if n > 0 { crossPos += crossSpacing + spec.lineSpacing }
      let (stackOffset, stackSpacing) = Self.distribute(
        count: line.items.count, violation: stackViolation(line.stackSum), mode: spec.justifyContent.distribution)
      var p = stackOffset
      for (i, item) in line.items.enumerated() {
        p += item.element.style.spacingBefore
        if i > 0 { p += spec.spacing + stackSpacing }
        var l = item.layout
        l.position = spec.point(stack: p, cross: crossPos + crossOffset(of: item, line: line))
        result.append(l)
        p += spec.stack(item.layout.size) + item.element.style.spacingAfter
      }
      crossPos += line.crossSize
    }
    return (result, range.clamp(spec.size(stack: stackSum, cross: crossSum)))
  }

  /// `crossOffsetForItem`: End = line − item; Center = floorPx((line − item) / 2); baseline = line baseline − item
  /// baseline; Start/Stretch = 0.
  private func crossOffset(of item: StackItem, line: StackLine) -> Double {
    switch spec.alignment(of: item.element.style) {
    case .end: return line.crossSize - spec.cross(item.layout.size)
    case .center: return engine.grid.floor((line.crossSize - spec.cross(item.layout.size)) / 2)
    case .baselineFirst, .baselineLast: return line.baseline - baseline(of: item)
    case .start, .stretch: return 0
    }
  }

  /// Shared distribution rule of justify-content and align-content: SpaceBetween falls back to Start and
  /// SpaceAround to Center when the violation is below ε or there is one entry; returns (offset, spacing).
  static func distribute(count: Int, violation v: Double, mode: Distribution) -> (Double, Double) {
    var mode = mode
    if mode == .spaceBetween && (v < epsilon || count == 1) { mode = .start }
    if mode == .spaceAround && (v < epsilon || count == 1) { mode = .center }
    switch mode {
    case .start: return (0, 0)
    case .center: return (v / 2, 0)
    case .end: return (v, 0)
    case .spaceBetween: return (0, v / Double(count - 1))
    case .spaceAround:
      let unit = v / Double(count * 2)
      return (unit, unit * 2)
    }
  }

  /// Distribution modes common to justify-content and align-content (stretch distributes like start).
  enum Distribution {
    /// Offset 0.
    case start
    /// Offset v/2.
    case center
    /// Offset v.
    case end
    /// Spacing v/(n−1).
    case spaceBetween
    /// Offset v/(2n), spacing v/n.
    case spaceAround
  }
}

extension StackLayoutSpec.JustifyContent {
  /// The distribution this mode uses.
  var distribution: StackContext.Distribution {
    switch self {
    case .start: return .start
    case .center: return .center
    case .end: return .end
    case .spaceBetween: return .spaceBetween
    case .spaceAround: return .spaceAround
    }
  }
}

extension StackLayoutSpec.AlignContent {
  /// The distribution this mode uses (stretch positions like start).
  var distribution: StackContext.Distribution {
    switch self {
    case .start, .stretch: return .start
    case .center: return .center
    case .end: return .end
    case .spaceBetween: return .spaceBetween
    case .spaceAround: return .spaceAround
    }
  }
}
