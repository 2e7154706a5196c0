/// Strings kept from a JSON document after it is dropped. Pure.
package enum JSONStrings {
  /// A copy of `string` in storage of its own (strings of up to 15 UTF-8 bytes are stored inline and returned as
  /// they are). A string read from a JSON document shares its buffer with the document's other allocations; a
  /// decoded spec that outlives the document would pin their memory pages (the allocator cannot return a page
  /// holding a live string), so long-lived decoded values keep copies.
  package static func detached(_ string: String) -> String {
    guard string.utf8.count > 15 else { return string }
    var source = string
    return source.withUTF8 { String(decoding: $0, as: UTF8.self) }
  }
}
