extension TextLayout {
  /// Cuts `line`, the last line shown, so that its text plus `ellipsis` fits `limit`: scalars are removed from
  /// the end (then any spaces left at the cut) until it fits; with nothing left the line is the ellipsis alone.
  /// Pure.
  static func truncate(
    _ line: LineBreaker.Line, of shaped: ShapedText, ellipsis: String, font: Font, size: Double,
    options: TextOptions, limit: Double, baseline: Double
  ) -> TextLine {
    let mark = ShapedText(text: ellipsis, font: font, size: size, kerning: options.kerning)
    let markUnits = mark.units(0, mark.items.count)
    var cut = line.contentEnd
    while cut > line.start {
      let units = shaped.units(line.start, cut) + markUnits
      if ShapedText.ceil64(Double(units) * shaped.scale) <= limit + 1e-9 { break }
      cut = shaped.trimmedEnd(line.start, cut - 1)
    }
    let width = ShapedText.ceil64(Double(shaped.units(line.start, cut) + markUnits) * shaped.scale)
    return TextLine(
      range: line.start..<cut, x: 0, width: width, baseline: baseline, text: shaped.string(line.start, cut) + ellipsis)
  }
}

extension ShapedText {
  /// The scalars `a..<b` as a string.
  func string(_ a: Int, _ b: Int) -> String {
    var view = String.UnicodeScalarView()
    for i in a..<max(a, b) { view.append(items[i].scalar) }
    return String(view)
  }
}
