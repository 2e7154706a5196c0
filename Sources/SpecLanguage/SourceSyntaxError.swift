/// JSON text that does not parse: what was wrong and the byte offset where the parser found it.
public struct SourceSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// UTF-8 byte offset of the offending byte (the text's length at an unexpected end).
  public var offset: Int
  /// What was expected or found, e.g. `expected ',' or '}' after an object member`.
  public var message: String

  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  public var description: String { "\(message) (byte \(offset))" }
}
