/// An open document as the client last sent it (LSP text synchronisation): its URI, version and text.
public struct TextDocument: Sendable {
  /// One entry of `textDocument/didChange`'s `contentChanges`: the whole new text, or a range replaced by text.
  public struct Change: Sendable, Equatable {
    /// The replaced range, in the session's position encoding; nil replaces the whole document.
    public var range: TextRange?
    /// The new text.
    public var text: String

    public init(range: TextRange?, text: String) {
      self.range = range
      self.text = text
    }
  }

  /// The document's URI, as the client names it.
  public let uri: String
  /// The version the client gave with the text (increasing with each change).
  public private(set) var version: Int
  /// The current text.
  public private(set) var text: String

  public init(uri: String, version: Int, text: String) {
    self.uri = uri
    self.version = version
    self.text = text
  }

  /// Applies `changes` in order (each against the text the previous one left, as LSP specifies), then takes
  /// `version`. Positions count in `encoding`.
  public mutating func apply(_ changes: [Change], version: Int, encoding: PositionEncoding) {
    for change in changes {
      guard let range = change.range else {
        text = change.text
        continue
      }
      var bytes = Array(text.utf8)
      let index = LineIndex(bytes: bytes, encoding: encoding)
      let start = index.offset(of: range.start)
      let end = max(start, index.offset(of: range.end))
      bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
      text = String(decoding: bytes, as: UTF8.self)
    }
    self.version = version
  }
}
