/// Why a document is not valid JSON, with the byte offset where reading stopped.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Byte offset into the input.
  public var offset: Int
  /// What is wrong, e.g. "unexpected character 'x'".
  public var reason: String

  public init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  public var description: String { "\(reason) at byte \(offset)" }
}
