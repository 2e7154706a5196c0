extension LayoutElement {
  /// The element's direct sub-elements in JSON order (`child` before `overlay`/`background`/`corner`); empty for
  /// leaves and boxes.
  package var subelements: [LayoutElement] {
    switch kind {
    case .stack(let s): return s.children
    case .inset(let s): return [s.child]
    case .overlay(let s): return [s.child] + (s.overlay.map { [$0] } ?? [])
    case .background(let s): return [s.child] + (s.background.map { [$0] } ?? [])
    case .center(let s): return [s.child]
    case .ratio(let s): return [s.child]
    case .relative(let s): return [s.child]
    case .absolute(let s): return s.children
    case .wrapper(let s): return s.children
    case .corner(let s): return [s.child, s.corner]
    case .node, .text, .image, .box: return []
    }
  }

  /// The same element with its direct sub-elements replaced, in `subelements` order. Returns nil when the count
  /// does not match (a single-child spec needs exactly one, overlay/background one or two, corner two).
  package func withSubelements(_ new: [LayoutElement]) -> LayoutElement? {
    var copy = self
    switch kind {
    case .stack(var s):
      s.children = new
      copy.kind = .stack(s)
    case .absolute(var s):
      s.children = new
      copy.kind = .absolute(s)
    case .wrapper(var s):
      s.children = new
      copy.kind = .wrapper(s)
    case .inset(var s):
      guard new.count == 1 else { return nil }
      s.child = new[0]
      copy.kind = .inset(s)
    case .center(var s):
      guard new.count == 1 else { return nil }
      s.child = new[0]
      copy.kind = .center(s)
    case .ratio(var s):
      guard new.count == 1 else { return nil }
      s.child = new[0]
      copy.kind = .ratio(s)
    case .relative(var s):
      guard new.count == 1 else { return nil }
      s.child = new[0]
      copy.kind = .relative(s)
    case .overlay(var s):
      guard new.count == (s.overlay == nil ? 1 : 2) else { return nil }
      s.child = new[0]
      s.overlay = new.count == 2 ? new[1] : nil
      copy.kind = .overlay(s)
    case .background(var s):
      guard new.count == (s.background == nil ? 1 : 2) else { return nil }
      s.child = new[0]
      s.background = new.count == 2 ? new[1] : nil
      copy.kind = .background(s)
    case .corner(var s):
      guard new.count == 2 else { return nil }
      s.child = new[0]
      s.corner = new[1]
      copy.kind = .corner(s)
    case .node, .text, .image, .box:
      guard new.isEmpty else { return nil }
    }
    return copy
  }

  /// The first element (depth-first, self included) whose `id` is `id`.
  package func element(withID id: String) -> LayoutElement? {
    var pending = [self]
    while let e = pending.popLast() {
      if e.id == id { return e }
      pending.append(contentsOf: e.subelements.reversed())
    }
    return nil
  }

  /// A copy with the first element whose `id` is `id` replaced by `replacement` (patching one element of a cell);
  /// nil when no element has that id. Recursion depth is bounded by the decoder's nesting limit.
  package func replacingElement(withID id: String, by replacement: LayoutElement) -> LayoutElement? {
    if self.id == id { return replacement }
    var subs = subelements
    for i in subs.indices {
      if let patched = subs[i].replacingElement(withID: id, by: replacement) {
        subs[i] = patched
        return withSubelements(subs)
      }
    }
    return nil
  }
}
