/// Why bytes on the input could not be cut into a message (LSP base protocol). Pure.
///
/// After each of these the `FrameReader` resynchronises on the next header line that starts with
/// `Content-Length` (or, for `messageTooLarge` and `unsupportedCharset`, skips the body by its length).
package enum FramingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A header block without a `Content-Length` header.
  case missingContentLength
  /// A `Content-Length` whose value is not a non-negative decimal integer (the value as sent).
  case invalidContentLength(String)
  /// Two `Content-Length` headers with different values.
  case conflictingContentLength
  /// A header line that is not `Name: value` (the line as sent, at most 80 bytes).
  case malformedHeader(String)
  /// A header block longer than the reader accepts (bytes seen without finding its end).
  case headerTooLong(limit: Int)
  /// A message longer than the configured maximum; its body was skipped.
  case messageTooLarge(length: Int, limit: Int)
  /// A `Content-Type` naming a charset other than UTF-8; the body was skipped.
  case unsupportedCharset(String)

  /// The error text sent to the client (after "parse error: " or "invalid request: ").
  package var description: String {
    switch self {
    case .missingContentLength: return "missing Content-Length header"
    case .invalidContentLength(let value): return "invalid Content-Length '\(value)'"
    case .conflictingContentLength: return "conflicting Content-Length headers"
    case .malformedHeader(let line): return "malformed header line '\(line)'"
    case .headerTooLong(let limit): return "header block longer than \(limit) bytes"
    case .messageTooLarge(let length, let limit):
      return "message of \(length) bytes exceeds the limit of \(limit) bytes"
    case .unsupportedCharset(let charset): return "unsupported charset '\(charset)' (only utf-8)"
    }
  }
}
