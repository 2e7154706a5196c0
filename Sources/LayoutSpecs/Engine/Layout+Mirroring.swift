extension Layout {
  /// This layout with its content mirrored horizontally inside its own frame: every descendant's x becomes
  /// (parent width − width − x) and text lines are mirrored inside their leaf, as `flattened(rightToLeft:)` does
  /// for a whole cell. Box layouts are placed mirrored but keep their inside: the flex engine already laid them
  /// out in their own direction. Its own size and position are unchanged. Recursion depth is the element nesting
  /// (bounded by `LayoutEnvironment.maxDepth`).
  package func mirroredContent() -> Layout {
    var copy = self
    copy.mirrorText()
    copy.children = children.map { c in
      var child = c.type == "box" ? c : c.mirroredContent()
      child.position.x = size.width - c.size.width - c.position.x
      return child
    }
    return copy
  }

  /// Mirrors the text lines of a text leaf inside its width (x = width − line width − x).
  private mutating func mirrorText() {
    guard var measurement = text else { return }
    for i in measurement.lines.indices {
      measurement.lines[i].x = size.width - measurement.lines[i].width - measurement.lines[i].x
    }
    text = measurement
  }
}
