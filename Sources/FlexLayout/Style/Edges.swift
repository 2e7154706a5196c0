/// Four-sided lengths (margin, padding, border or insets) as written, folded for direction-aware lookup. Pure.
///
/// `horizontal`, `vertical` and `all` are folded into `left`/`right`/`top`/`bottom` when set; `start`/`end` stay
/// separate because they win over `left`/`right` and depend on the layout direction.
package struct Edges: Sendable, Equatable, Hashable {
  /// Left side (after folding `horizontal` and `all`).
  package private(set) var left: Length = .undefined
  /// Top side (after folding `vertical` and `all`).
  package private(set) var top: Length = .undefined
  /// Right side (after folding `horizontal` and `all`).
  package private(set) var right: Length = .undefined
  /// Bottom side (after folding `vertical` and `all`).
  package private(set) var bottom: Length = .undefined
  /// Inline-start side.
  package private(set) var start: Length = .undefined
  /// Inline-end side.
  package private(set) var end: Length = .undefined

  /// True when no side is set (lets hot paths skip edge resolution).
  package private(set) var isEmpty = true

  /// No side set.
  package init() {}

  /// Folds the FORMAT.md edge keys: most specific first, `left`/`right` over `horizontal` over `all`, and
  /// `top`/`bottom` over `vertical` over `all`.
  package init(
    left: Length = .undefined, top: Length = .undefined, right: Length = .undefined, bottom: Length = .undefined,
    start: Length = .undefined, end: Length = .undefined, horizontal: Length = .undefined,
    vertical: Length = .undefined, all: Length = .undefined
  ) {
    let h = horizontal.isDefined ? horizontal : all
    let v = vertical.isDefined ? vertical : all
    self.left = left.isDefined ? left : h
    self.right = right.isDefined ? right : h
    self.top = top.isDefined ? top : v
    self.bottom = bottom.isDefined ? bottom : v
    self.start = start
    self.end = end
    isEmpty =
      !self.left.isDefined && !self.right.isDefined && !self.top.isDefined && !self.bottom.isDefined
      && !start.isDefined && !end.isDefined
  }

  /// The length on `edge` for a box laid out in `direction` (`start`/`end` win over `left`/`right`).
  @inline(__always) package func value(_ edge: PhysicalEdge, _ direction: Direction) -> Length {
    switch edge {
    case .left:
      if direction == .rtl { return end.isDefined ? end : left }
      return start.isDefined ? start : left
    case .right:
      if direction == .rtl { return start.isDefined ? start : right }
      return end.isDefined ? end : right
    case .top: return top
    case .bottom: return bottom
    }
  }
}
