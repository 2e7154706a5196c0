import JSONCodec

extension SpecDecoder {
  /// Largest length of a nested collection's layout (sizes, spacings, insets): a session viewport's limit.
  static let maxContainerLength = 100_000.0

  /// A nested container (`collection` with `layout`, or `pager`) with its `items` (Protocol.md "Nested
  /// containers"): laid out as a plain node; its `id` is required (it addresses the container), and its items may
  /// not hold containers themselves.
  @inline(never) mutating func container(_ type: String, _ f: Fields, depth: Int) throws(SpecDecodingError)
    -> LayoutElement.Kind
  {
    guard f.value("id") != nil else {
      throw SpecDecodingError(path: f.path, message: "missing required member \"id\" (it addresses the \(type))")
    }
    let kind: ContainerElement.Kind = type == "pager" ? .pager : .collection
    var layout = ContainerFlow.pager
    if kind == .collection {
      guard let value = f.value("layout") else {
        throw SpecDecodingError(path: f.path, message: "missing required member \"layout\"")
      }
      layout = try Self.containerLayout(Fields(try Fields.object(value, f.at("layout")), f.at("layout")))
    }
    let items = try containerItems(f, depth: depth)
    return .node(NodeLeaf(container: ContainerElement(kind: kind, layout: layout, items: items)))
  }

  /// `items`: [{id, cell}] (missing = none); ids are unique within the container.
  private mutating func containerItems(_ f: Fields, depth: Int) throws(SpecDecodingError) -> [ContainerItem] {
    guard let value = f.value("items") else { return [] }
    let path = f.at("items")
    guard case .array(let array) = value else {
      throw SpecDecodingError(path: path, message: "expected an array of items, got \(value.kindDescription)")
    }
    var items: [ContainerItem] = []
    var seen: [String: Int] = [:]
    for (index, entry) in array.enumerated() {
      let item = Fields(try Fields.object(entry, JSONPath.index(path, index)), JSONPath.index(path, index))
      try ElementMembers.containerItem.check(item.obj, path: item.path)
      let id = try item.requiredString("id")
      if let first = seen[id] {
        throw SpecDecodingError(
          path: item.at("id"), message: "duplicate item id \"\(id)\" (already used at \(JSONPath.index(path, first)))")
      }
      seen[id] = index
      guard let cellValue = item.value("cell") else {
        throw SpecDecodingError(path: item.path, message: "missing required member \"cell\"")
      }
      let cell = try element(cellValue, path: item.at("cell"), depth: depth + 1)
      if cell.holdsContainer {
        throw SpecDecodingError(
          path: item.at("cell"), message: "a container's items cannot hold a collection or pager (one level of nesting)"
        )
      }
      items.append(ContainerItem(id: id, cell: cell))
    }
    return items
  }

  /// A nested collection's `layout` (`session/create`'s members and defaults): `scrollDirection` ("vertical"),
  /// `itemSize` {width, height} in (0, 100000] (absent: self-sizing), `minimumLineSpacing` and
  /// `minimumInteritemSpacing` (10) and the `sectionInset` members (0) and reference sizes ((0, 0)) in [0, 100000].
  @inline(never) static func containerLayout(_ f: Fields) throws(SpecDecodingError) -> ContainerFlow {
    try ElementMembers.containerLayout.check(f.obj, path: f.path)
    var flow = ContainerFlow()
    if let direction = try f.string("scrollDirection") {
      guard direction == "vertical" || direction == "horizontal" else {
        throw SpecDecodingError(
          path: f.at("scrollDirection"),
          message: "unknown value \"\(direction)\" (expected one of \"vertical\", \"horizontal\")")
      }
      flow.horizontal = direction == "horizontal"
    }
    if let value = f.value("itemSize") {
      let size = Fields(try Fields.object(value, f.at("itemSize")), f.at("itemSize"))
      try ElementMembers.containerSize.check(size.obj, path: size.path)
      flow.itemSize = Size(try positiveLength(size, "width"), try positiveLength(size, "height"))
    }
    flow.minimumLineSpacing = try length(f, "minimumLineSpacing") ?? flow.minimumLineSpacing
    flow.minimumInteritemSpacing = try length(f, "minimumInteritemSpacing") ?? flow.minimumInteritemSpacing
    if let value = f.value("sectionInset") {
      let inset = Fields(try Fields.object(value, f.at("sectionInset")), f.at("sectionInset"))
      try ElementMembers.insets.check(inset.obj, path: inset.path)
      flow.sectionInset = EdgeInsets(
        top: try length(inset, "top") ?? 0, left: try length(inset, "left") ?? 0,
        bottom: try length(inset, "bottom") ?? 0, right: try length(inset, "right") ?? 0)
    }
    flow.headerReferenceSize = try referenceSize(f, "headerReferenceSize")
    flow.footerReferenceSize = try referenceSize(f, "footerReferenceSize")
    return flow
  }

  /// A header or footer reference size {width? = 0, height? = 0} in [0, 100000], (0, 0) when absent.
  private static func referenceSize(_ f: Fields, _ key: String) throws(SpecDecodingError) -> Size {
    guard let value = f.value(key) else { return .zero }
    let size = Fields(try Fields.object(value, f.at(key)), f.at(key))
    try ElementMembers.containerSize.check(size.obj, path: size.path)
    return Size(try length(size, "width") ?? 0, try length(size, "height") ?? 0)
  }

  /// An optional length in [0, 100000].
  private static func length(_ f: Fields, _ key: String) throws(SpecDecodingError) -> Double? {
    guard let d = try f.number(key) else { return nil }
    guard d >= 0, d <= maxContainerLength else {
      throw SpecDecodingError(path: f.at(key), message: "expected a number in [0, 100000], got \(Fields.format(d))")
    }
    return d
  }

  /// A required length in (0, 100000].
  private static func positiveLength(_ f: Fields, _ key: String) throws(SpecDecodingError) -> Double {
    guard let d = try f.number(key) else {
      throw SpecDecodingError(path: f.path, message: "missing required member \"\(key)\"")
    }
    guard d > 0, d <= maxContainerLength else {
      throw SpecDecodingError(path: f.at(key), message: "expected a number in (0, 100000], got \(Fields.format(d))")
    }
    return d
  }
}
