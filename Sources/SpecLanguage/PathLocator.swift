/// Finds the text a JSON path names, such as `root.children[2].style.width` (the paths of `SpecDecodingError`
/// and of the protocol's -32602 messages), in a parsed document.
public enum PathLocator {
  /// Where the path points: the value it names, or for a member that is not there (an unknown or misspelt
  /// member is named by its own key, a missing one by its object) the nearest node on the way.
  public struct Target: Sendable, Equatable {
    /// The bytes to underline.
    public var range: Range<Int>
    /// Whether the whole path was found (false: `range` is the deepest node reached).
    public var exact: Bool
  }

  /// Locates `path` below `root`, whose own path is `rootName` (e.g. `root`; empty when paths start at the
  /// document's first member). For the last component of a member path the key's text is underlined when
  /// `keyOfLastMember` is true (an unknown member), else its value.
  public static func locate(_ path: String, in root: SourceNode, rootName: String, keyOfLastMember: Bool = false)
    -> Target
  {
    var rest = Substring(path)
    if !rootName.isEmpty {
      guard rest.hasPrefix(rootName) else { return Target(range: root.range, exact: false) }
      rest = rest.dropFirst(rootName.count)
    }
    var node = root
    while !rest.isEmpty {
      if rest.first == "[" {
        guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
          node.elements.indices.contains(index)
        else { return Target(range: node.range, exact: false) }
        node = node.elements[index]
        rest = rest[rest.index(after: close)...]
        continue
      }
      if rest.first == "." { rest = rest.dropFirst() }
      // The longest key that the rest of the path starts with, followed by the end, '.' or '['.
      let candidates = node.members.filter { member in
        guard rest.hasPrefix(member.key) else { return false }
        let after = rest.dropFirst(member.key.count)
        return after.isEmpty || after.first == "." || after.first == "["
      }
      guard let member = candidates.reversed().max(by: { $0.key.count < $1.key.count }) else {
        return Target(range: node.range, exact: false)
      }
      rest = rest.dropFirst(member.key.count)
      if rest.isEmpty && keyOfLastMember { return Target(range: member.keyRange, exact: true) }
      node = member.value
    }
    return Target(range: node.range, exact: true)
  }
}
