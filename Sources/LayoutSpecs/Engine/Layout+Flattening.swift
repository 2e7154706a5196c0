/// One element of a flattened layout: its absolute frame relative to the root (texture.md §7.7). Pure value.
package struct FlatFrame: Sendable, Equatable {
  /// Element JSON type.
  package var type: String
  /// Element id, if any.
  package var id: String?
  /// Element name, if any.
  package var name: String?
  /// Frame relative to the root: origin = ceiled sum of unrounded offsets; size as laid out (ceiled).
  package var frame: Rect
  /// Text lines of a text leaf (relative to the frame's origin; mirrored only in x when RTL).
  package var textLines: [TextLine]?
}

/// A layout flattened the way Texture hands it to a display node: specs disappear, every kept element gets an
/// absolute frame. Pure value.
package struct FlattenedLayout: Sendable, Equatable {
  /// Root size (ceiled).
  package var size: Size
  /// Frames of every leaf and every element with an id or a name, in depth-first drawing order.
  package var frames: [FlatFrame]

  /// The first frame whose id or name is `key`.
  package func frame(_ key: String) -> FlatFrame? { frames.first { $0.id == key || $0.name == key } }
}

extension Layout {
  /// Flattens this layout (the root, at the origin; its own position is ignored): positions of descendants are summed without rounding, then
  /// ceiled to `grid` (`ASCeilPointValues`, §7.7). Keeps leaves and elements with an id or name. With `rightToLeft`
  /// every frame is mirrored: x = root width − w − x (and text line x offsets inside the leaf).
  package func flattened(grid: PixelGrid, rightToLeft: Bool = false) -> FlattenedLayout {
    var frames: [FlatFrame] = []
    // Iterative depth-first walk: deep specs never recurse on the thread stack.
    // The root itself is listed when it is a leaf or named (a spec root without a name disappears, as in Texture).
    var pending: [(Layout, Point)] = [(self, .zero)]
    while let (l, abs) = pending.popLast() {
      let isLeaf = l.type == "node" || l.type == "text" || l.type == "image"
      if isLeaf || l.id != nil || l.name != nil {
        // `+ 0` turns the −0 that ceiling tiny negative noise yields into +0; a non-finite coordinate (possible in
        // Texture's arithmetic with unbounded ranges) is reported as 0 so frames stay representable in JSON.
        let cx = grid.ceil(abs.x)
        let cy = grid.ceil(abs.y)
        let origin = Point(cx.isFinite ? cx + 0 : 0, cy.isFinite ? cy + 0 : 0)
        var frame = Rect(origin: origin, size: l.size)
        var lines = l.text?.lines
        if rightToLeft {
          frame.origin.x = size.width - l.size.width - origin.x
          lines = lines?.map { line in
            var m = line
            m.x = l.size.width - line.width - line.x
            return m
          }
        }
        frames.append(FlatFrame(type: l.type, id: l.id, name: l.name, frame: frame, textLines: lines))
      }
      for c in l.children.reversed() { pending.append((c, abs + c.position)) }
    }
    return FlattenedLayout(size: size, frames: frames)
  }
}
