/// Advance widths of every glyph, from `hmtx`. Pure.
struct HorizontalMetrics: Sendable, Equatable {
  /// Advance width of each glyph id in font units; glyphs past `numberOfHMetrics` repeat the last advance.
  let advances: [UInt16]

  /// Reads `hmtx` for `metrics.numGlyphs` glyphs.
  init(_ directory: TableDirectory, metrics: MetricsTables) throws {
    let hmtx = try directory.reader("hmtx")
    let count = metrics.numberOfHMetrics
    try hmtx.check(0, 4 * count)
    var advances = [UInt16](repeating: 0, count: max(metrics.numGlyphs, count))
    for g in 0..<count {
      advances[g] = try hmtx.u16(4 * g)
    }
    let last = advances[count - 1]
    for g in count..<advances.count {
      advances[g] = last
    }
    self.advances = advances
  }

  /// Advance of glyph `g` in font units (that of glyph 0 when `g` is out of range).
  @inline(__always)
  func advance(_ g: UInt16) -> UInt16 {
    let i = Int(g)
    return i < advances.count ? advances[i] : (advances.first ?? 0)
  }
}
