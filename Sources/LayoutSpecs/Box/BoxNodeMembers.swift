import JSONCodec

/// The members of a FORMAT.md NODE object that the box decoder reads, found in one pass over the object (a later
/// duplicate of a key wins, as with `JSONObject`'s subscript); the first other member is kept for the decoder to
/// refuse. Pure.
struct BoxNodeMembers {
  /// `type`.
  var type: JSONValue?
  /// `style`.
  var style: JSONValue?
  /// `measure`.
  var measure: JSONValue?
  /// `children`.
  var children: JSONValue?
  /// `id`.
  var id: JSONValue?
  /// `name`.
  var name: JSONValue?
  /// The first member that is none of these (a box node has no other members).
  var other: String?

  /// The members of `object`.
  init(_ object: JSONObject) {
    let storage = object.storage
    for i in storage.indices {
      switch storage[i].key {
      case "type": type = storage[i].value
      case "style": style = storage[i].value
      case "measure": measure = storage[i].value
      case "children": children = storage[i].value
      case "id": id = storage[i].value
      case "name": name = storage[i].value
      default: if other == nil { other = storage[i].key }
      }
    }
  }
}
