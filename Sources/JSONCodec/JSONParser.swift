/// RFC 8259 JSON reader over UTF-8 bytes. Pure; safe to call from any thread.
///
/// The reader is iterative (an explicit stack, no recursion), so nesting is bounded by `maxDepth`
/// (default 10,000), never by the thread's stack. What it accepts is exactly RFC 8259's grammar:
/// - a document is one value with optional whitespace (space, tab, LF, CR) around it;
/// - a leading byte order mark is rejected (RFC 8259 §8.1 forbids adding one; we treat it as an error);
/// - strings must be valid UTF-8 (no overlong forms, no encoded surrogates, nothing past U+10FFFF), control
///   characters must be escaped, and `\u` escapes must not leave a surrogate unpaired;
/// - numbers follow the grammar exactly (no leading zeros, `+`, `.5`, `NaN` or `Infinity`);
/// - duplicate object keys are kept in document order (lookups return the last).
///
/// Depth and teardown: a returned value nested deeper than `JSONValue.implicitTeardownSafeDepth` must be
/// released with `JSONValue.dismantle(_:)` (or on a thread with a large stack), because Swift destroys
/// nested enums recursively. The parser itself never tears down a deep value recursively, also on errors.
public struct JSONParser {
  /// Default bound on nesting of arrays and objects (`[]` is depth 1).
  public static let defaultMaxDepth = 10_000

  /// Parses one complete document; trailing non-whitespace is an error.
  public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
    let result = bytes.withUnsafeBufferPointer { buffer in parseResult(buffer, maxDepth: maxDepth) }
    return try result.get()
  }

  /// Parses bytes from a slice (for example a frame body inside a larger buffer).
  public static func parse(_ bytes: ArraySlice<UInt8>, maxDepth: Int = defaultMaxDepth) throws(JSONParseError)
    -> JSONValue
  {
    let result = bytes.withUnsafeBufferPointer { buffer in parseResult(buffer, maxDepth: maxDepth) }
    return try result.get()
  }

  /// Parses bytes in memory that the caller keeps alive for the duration of the call.
  public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth)
    throws(JSONParseError) -> JSONValue
  {
    try parseResult(buffer, maxDepth: maxDepth).get()
  }

  /// Parses a String's UTF-8 bytes.
  public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
    var text = text
    return try text.withUTF8 { buffer in parseResult(buffer, maxDepth: maxDepth) }.get()
  }

  /// Runs the reader and captures its outcome, so closures need not rethrow typed errors.
  private static func parseResult(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> Result<
    JSONValue, JSONParseError
  > {
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      return .failure(JSONParseError(offset: 0, reason: "empty document"))
    }
    var reader = JSONReader(base: base, count: buffer.count, maxDepth: maxDepth)
    return reader.parseDocument()
  }
}
