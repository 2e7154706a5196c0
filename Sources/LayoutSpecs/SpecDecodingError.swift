/// A layout-spec JSON document that cannot be decoded: names the JSON path of the offending field.
///
/// Paths are written from the document root, e.g. `root.children[2].style.width`, so the protocol layer can
/// prefix them with `params.`.
public struct SpecDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// JSON path of the offending field, e.g. `root.children[2].style.width`.
  public var path: String
  /// What was expected and what was found, e.g. `expected a number, got a string`.
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`, the form used in JSON-RPC error messages.
  public var description: String { "\(path): \(message)" }

  /// This error of a decoder given the empty path (members' paths are then `a.b`), with its path under `base`.
  package func rooted(at base: String) -> SpecDecodingError {
    SpecDecodingError(path: path.isEmpty ? base : JSONPath.member(base, path), message: message)
  }
}

/// Appends path components in the `a.b[3]` form used by `SpecDecodingError`.
package enum JSONPath {
  /// `base.key` (or `key` when base is empty).
  package static func member(_ base: String, _ key: String) -> String { base.isEmpty ? key : base + "." + key }
  /// `base[index]`.
  package static func index(_ base: String, _ index: Int) -> String { base + "[\(index)]" }
}
