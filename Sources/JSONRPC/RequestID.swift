import JSONCodec

/// A request's id, echoed in its response with the same JSON type: Emacs never matches `1` answered as `"1"`.
/// Pure.
package enum RequestID: Sendable, Hashable, CustomStringConvertible {
  /// An integer id (Neovim, Emacs).
  case int(Int64)
  /// A string id (pygls and python-lsp-jsonrpc send UUIDs).
  case string(String)

  /// The id as JSON.
  package var json: JSONValue {
    switch self {
    case .int(let i): return .int(i)
    case .string(let s): return .string(s)
    }
  }

  /// The id read from JSON, or nil if `json` is neither an integer nor a string.
  package init?(json: JSONValue) {
    switch json {
    case .int(let i): self = .int(i)
    case .string(let s): self = .string(s)
    default: return nil
    }
  }

  /// The id as it appears in JSON, e.g. `7` or `"a1"`.
  package var description: String { JSONWriter.string(json) }
}
