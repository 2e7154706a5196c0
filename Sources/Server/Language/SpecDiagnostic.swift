import SpecLanguage

/// One problem found in a layout-spec document: where (UTF-8 byte offsets), how bad, and the message (the text
/// of the protocol's -32602 message for decoding errors, path included). Pure value.
struct SpecDiagnostic: Sendable, Equatable {
  /// LSP's DiagnosticSeverity.
  enum Severity: Int, Sendable {
    /// The document cannot be laid out as written.
    case error = 1
    /// It can, but probably not as its author meant.
    case warning = 2
  }

  /// The bytes the problem concerns.
  var range: Range<Int>
  /// How bad it is.
  var severity: Severity
  /// What is wrong.
  var message: String
}
