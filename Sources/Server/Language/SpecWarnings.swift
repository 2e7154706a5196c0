import LayoutSpecs

/// The warnings of one cell laid out at one width: layouts that are valid but probably not what their author meant.
/// Read from the unflattened layout, where each element still knows its parent. Pure.
enum SpecWarnings {
  /// One finding: the element it is about (its id, when it has one, else its type) and the sentence.
  struct Finding: Sendable, Equatable {
    /// The element's `id`, if it has one (the diagnostic underlines that element's object).
    var id: String?
    /// The message, `NAME PROBLEM at width W` followed by details (the text before " at width " names the
    /// problem once per element across widths).
    var message: String
  }

  /// How far a child may reach past its stack before it counts as overflowing: a rounding's worth (positions are
  /// unrounded, sizes ceiled to the pixel grid).
  static let tolerance = 0.01

  /// Every finding of `layout` (the cell's root laid out at table width `width`) and of its `flat` frames, in
  /// drawing order: elements at zero width or height, text cut by its `maxLines` or its height, stack children
  /// reaching past their stack (Texture's `flexShrink` is 0 unless set, so a row of children wider than the stack
  /// overflows rather than shrinks).
  static func findings(_ layout: Layout, flat: FlattenedLayout, width: Double) -> [Finding] {
    let at = "at width \(SpecChecker.number(width))"
    var found: [Finding] = []
    for frame in flat.frames where frame.frame.size.width == 0 || frame.frame.size.height == 0 {
      found.append(Finding(id: frame.id, message: "\(name(frame.id, frame.type)) is laid out at zero size \(at)"))
    }
    var pending = [layout]
    while let element = pending.popLast() {
      if let lines = element.text?.lines, lines.contains(where: \.isTruncated) {
        let count = lines.count
        found.append(
          Finding(
            id: element.id,
            message:
              "\(name(element.id, element.type)) is truncated \(at) (\(count) line\(count == 1 ? "" : "s") shown)"))
      }
      if element.type == "stack" {
        for child in element.children {
          let reach = overflow(of: child, in: element.size)
          guard reach > tolerance else { continue }
          found.append(
            Finding(
              id: child.id,
              message: "\(name(child.id, child.type)) overflows its stack \(at) (by \(points(reach)) pt)"))
        }
      }
      pending.append(contentsOf: element.children.reversed())
    }
    return found
  }

  /// How far `child` reaches past a parent of `size` on any side (0 when it lies inside).
  static func overflow(of child: Layout, in size: Size) -> Double {
    let left = -child.position.x
    let top = -child.position.y
    let right = child.position.x + child.size.width - size.width
    let bottom = child.position.y + child.size.height - size.height
    return max(0, left, top, right, bottom)
  }

  /// `"ID"`, or `a TYPE element` for an element without an id.
  static func name(_ id: String?, _ type: String) -> String {
    id.map { "\"\($0)\"" } ?? "a \(type) element"
  }

  /// A length in points with at most two decimals, without a fraction when it has none.
  static func points(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return SpecChecker.number(rounded)
  }
}
