/// Converts between UTF-8 byte offsets in a document and LSP positions. Lines end at `\n`, `\r\n` or `\r`
/// (LSP's three line terminators).
public struct LineIndex: Sendable {
  /// The text's bytes.
  let bytes: [UInt8]
  /// The byte offset where each line starts.
  public let lineStarts: [Int]
  /// How positions count characters.
  public let encoding: PositionEncoding

  /// The index of `text` for positions in `encoding`.
  public init(_ text: String, encoding: PositionEncoding) {
    self.init(bytes: Array(text.utf8), encoding: encoding)
  }

  /// The index of UTF-8 `bytes` (valid UTF-8) for positions in `encoding`.
  public init(bytes: [UInt8], encoding: PositionEncoding) {
    self.bytes = bytes
    self.encoding = encoding
    var starts = [0]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == 0x0A {
        starts.append(index)
      } else if byte == 0x0D {
        if index < bytes.count, bytes[index] == 0x0A { index += 1 }
        starts.append(index)
      }
    }
    lineStarts = starts
  }

  /// The byte offset where `line`'s text ends (before its terminator).
  func lineEnd(_ line: Int) -> Int {
    guard line + 1 < lineStarts.count else { return bytes.count }
    var end = lineStarts[line + 1]
    if end > lineStarts[line], bytes[end - 1] == 0x0A { end -= 1 }
    if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
    return end
  }

  /// The position of byte `offset` (clamped to the text; an offset inside a character counts from its start).
  public func position(of offset: Int) -> Position {
    let offset = min(max(offset, 0), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let line = low
    let end = min(offset, lineEnd(line))
    var character = 0
    var index = lineStarts[line]
    while index < end {
      let (scalar, length) = scalarAt(index)
      guard index + length <= end else { break }
      character += encoding.width(scalar)
      index += length
    }
    return Position(line: line, character: character)
  }

  /// The byte offset of `position`. A line past the last is the end of the text; a character past the line's end is
  /// the line's end (LSP: it defaults back to the line length); one inside a character counts as its start.
  public func offset(of position: Position) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return bytes.count }
    let end = lineEnd(position.line)
    var index = lineStarts[position.line]
    var character = 0
    while index < end {
      let (scalar, length) = scalarAt(index)
      let width = encoding.width(scalar)
      if character + width > position.character { break }
      character += width
      index += length
    }
    return index
  }

  /// The range of bytes `range`.
  public func range(of range: Range<Int>) -> TextRange {
    TextRange(start: position(of: range.lowerBound), end: position(of: range.upperBound))
  }

  /// The scalar starting at byte `index` and its length in bytes.
  func scalarAt(_ index: Int) -> (Unicode.Scalar, Int) {
    let lead = bytes[index]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    let end = min(index + length, bytes.count)
    var value = UInt32(length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07)
    for i in (index + 1)..<max(index + 1, end) { value = value << 6 | UInt32(bytes[i] & 0x3F) }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", end - index)
  }
}
