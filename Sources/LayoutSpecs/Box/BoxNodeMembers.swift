import JSONCodec

/// The members of a FORMAT.md node object that the box decoder reads, found in one pass over its members (the last
/// of duplicates, as `JSONObject` lookups give). Holds where each member is, not copies of the values, so that
/// reading a node costs no reference counting for the members it never reads. Pure value.
struct BoxNodeMembers {
  /// The node's members.
  private let storage: [JSONObject.Member]
  /// Index in `storage` of `type`, `style`, `measure`, `children`, `id` and `name`, -1 when absent.
  private var at: (type: Int32, style: Int32, measure: Int32, children: Int32, id: Int32, name: Int32) =
    (-1, -1, -1, -1, -1, -1)

  /// The members of `object`.
  init(_ object: JSONObject) {
    storage = object.storage
    for i in storage.indices {
      switch storage[i].key {
      case "type": at.type = Int32(i)
      case "style": at.style = Int32(i)
      case "measure": at.measure = Int32(i)
      case "children": at.children = Int32(i)
      case "id": at.id = Int32(i)
      case "name": at.name = Int32(i)
      default: continue
      }
    }
  }

  /// The value at `index`, nil for -1.
  @inline(__always) private func value(_ index: Int32) -> JSONValue? { index < 0 ? nil : storage[Int(index)].value }

  /// `type`.
  var type: JSONValue? { value(at.type) }
  /// `style`.
  var style: JSONValue? { value(at.style) }
  /// `measure`.
  var measure: JSONValue? { value(at.measure) }
  /// `children`.
  var children: JSONValue? { value(at.children) }
  /// `id`.
  var id: JSONValue? { value(at.id) }
  /// `name`.
  var name: JSONValue? { value(at.name) }
}
