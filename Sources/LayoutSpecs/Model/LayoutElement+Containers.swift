extension LayoutElement {
  /// The nested container this element is (a `collection` or `pager` element), nil for any other element.
  package var container: ContainerElement? {
    guard case .node(let leaf) = kind else { return nil }
    return leaf.container
  }

  /// The nested containers of this element's tree with their element ids, in document order (a box's inside is
  /// not searched: containers are refused there).
  package var containers: [(id: String, container: ContainerElement)] {
    var found: [(id: String, container: ContainerElement)] = []
    var pending = [self]
    while let element = pending.popLast() {
      if let container = element.container, let id = element.id { found.append((id, container)) }
      pending.append(contentsOf: element.subelements.reversed())
    }
    return found
  }

  /// True when this element or one below it (outside boxes) is a nested container.
  package var holdsContainer: Bool {
    var pending = [self]
    while let element = pending.popLast() {
      if element.container != nil { return true }
      pending.append(contentsOf: element.subelements)
    }
    return false
  }
}
