import Typography

/// Measures text leaves with the Typography engine: real fonts found by family in a `FontRegistry`, plus the
/// built-in `ahem`. Pure over the registry; safe on concurrent layout queues.
package enum TypographyTextMeasurer {
  /// A measurer that lays text out in fonts from `registry` (texture.md §7.8: laid out within the range's
  /// maximum width, width = longest line), characters a run's font lacks in `registry`'s fallback fonts
  /// (`FontRegistry.fallback(weight:italic:)`; ahem maps everything and needs none, so ahem text never loads the
  /// fallback fonts). A missing family fails the leaf with a message naming it.
  package static func measurer(registry: FontRegistry = .system) -> LayoutEnvironment.TextMeasurer {
    { (leaf: TextLeaf, range: SizeRange) throws(LayoutFailure) -> TextMeasurement in
      let inset = leaf.textContainerInset
      let maxWidth = range.max.width - inset.left - inset.right
      let width: SizeConstraint = maxWidth.isFinite && maxWidth < 10_000_000 ? .atMost(maxWidth) : .unbounded
      let layout: TextLayout
      do {
        if leaf.runs.isEmpty {
          let font = try registry.font(family: leaf.fontFamily, weight: leaf.fontWeight, italic: leaf.italic)
          let run = Typography.TextRun(
            text: leaf.text, font: font, size: leaf.fontSize,
            fallback: font.isAhem ? nil : registry.fallback(weight: leaf.fontWeight, italic: leaf.italic))
          layout = TextLayout(runs: [run], options: options(for: leaf), width: width)
        } else {
          var runs: [Typography.TextRun] = []
          runs.reserveCapacity(leaf.runs.count)
          for run in leaf.runs {
            let font = try registry.font(family: run.fontFamily, weight: run.fontWeight, italic: run.italic)
            runs.append(
              Typography.TextRun(
                text: run.text, font: font, size: run.fontSize, letterSpacing: run.kern,
                baselineOffset: run.baselineOffset,
                fallback: font.isAhem ? nil : registry.fallback(weight: run.fontWeight, italic: run.italic)))
          }
          layout = TextLayout(runs: runs, options: options(for: leaf), width: width)
        }
      } catch {
        throw LayoutFailure(path: "", message: "\(error)")
      }
      let last = layout.lines.count - 1
      let lines = layout.lines.enumerated().map { index, line in
        let truncated = layout.truncated && index == last
        var measured = LayoutSpecs.TextLine(
          range: line.range, x: line.x + inset.left, width: line.width, baseline: line.baseline + inset.top,
          isTruncated: truncated, text: truncated ? line.text : nil,
          naturalWidth: line.naturalWidth != line.width ? line.naturalWidth : nil)
        if !line.runs.isEmpty {
          measured.runs = line.runs.map { run in
            LayoutSpecs.TextLine.LineRun(
              range: run.range, x: line.x + inset.left + run.x, width: run.width, rightToLeft: run.level & 1 == 1,
              font: run.font.map { ($0.family, $0.weight, $0.italic, $0.size) })
          }
        }
        return measured
      }
      // textContainerInset (Texture): the text is laid out in the width less the side insets, and the leaf is the
      // text's size plus the insets.
      return TextMeasurement(
        size: Size(layout.width + inset.left + inset.right, layout.height + inset.top + inset.bottom), lines: lines,
        ascender: layout.ascender + inset.top, descender: layout.descender - inset.bottom)
    }
  }

  /// Typography options for a leaf (kerning on, as TextKit and browsers kern).
  static func options(for leaf: TextLeaf) -> TextOptions {
    let lineHeight: Typography.LineHeight
    switch leaf.lineHeight {
    case .normal: lineHeight = .normal
    case .points(let p): lineHeight = .points(p)
    }
    let truncation: Typography.Truncation
    switch leaf.truncation {
    case .tail(let marker): truncation = .tail(marker)
    case .head(let marker): truncation = .head(marker)
    case .middle(let marker): truncation = .middle(marker)
    case .clip, .none: truncation = .clip
    }
    let wrap: LineWrap
    switch leaf.wrap {
    case .word: wrap = .word
    case .char: wrap = .character
    case .anywhere: wrap = .anywhere
    case .breakAll: wrap = .breakAll
    case .none: wrap = .none
    }
    let alignment: Typography.TextAlignment
    switch leaf.alignment {
    case .natural: alignment = .natural
    case .left: alignment = .left
    case .center: alignment = .center
    case .right: alignment = .right
    case .justified: alignment = .justified
    }
    let p = leaf.paragraph
    return TextOptions(
      lineHeight: lineHeight, maxLines: leaf.maxLines, truncation: truncation, alignment: alignment, wrap: wrap,
      paragraph: ParagraphStyle(
        lineSpacing: p.lineSpacing, lineHeightMultiple: p.lineHeightMultiple, minimumLineHeight: p.minimumLineHeight,
        maximumLineHeight: p.maximumLineHeight, paragraphSpacingBefore: p.paragraphSpacingBefore,
        paragraphSpacingAfter: p.paragraphSpacing))
  }
}

extension LayoutEnvironment {
  /// The environment cells are laid out in: Texture's pixel `scale`, text measured with real fonts from
  /// `registry`, flex boxes laid out by `FlexBoxLayouter`.
  package static func standard(scale: Double, registry: FontRegistry = .system) -> LayoutEnvironment {
    LayoutEnvironment(
      scale: scale, measureText: TypographyTextMeasurer.measurer(registry: registry),
      layoutBox: FlexBoxLayouter.standard)
  }
}
