/// Every error the Typography module throws; each case carries the offending values. Pure.
public enum TypographyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No font of this family is installed in the registry's directories (and it is not the built-in `ahem`).
  case fontNotFound(family: String)
  /// A read of `length` bytes at `offset` ran past the end of the data (`size` bytes) while reading `table`.
  case truncatedFont(table: String, offset: Int, length: Int, size: Int)
  /// The font lacks a table it needs (`head`, `hhea`, `hmtx`, `maxp` or `cmap`).
  case missingTable(String)
  /// A table holds a value the format does not allow.
  case invalidTable(table: String, reason: String)
  /// The bytes are not an sfnt font (TrueType, OpenType or a collection); `tag` is what the file starts with.
  case unsupportedFormat(tag: UInt32)
  /// A font file could not be read.
  case unreadableFile(path: String, reason: String)

  /// The human-readable message; part of the contract (tests assert it in full).
  public var description: String {
    switch self {
    case .fontNotFound(let family):
      return "font family \"\(family)\" not found"
    case .truncatedFont(let table, let offset, let length, let size):
      return "truncated font: reading \(length) bytes at offset \(offset) of table '\(table)' "
        + "runs past the end (\(size) bytes)"
    case .missingTable(let tag):
      return "font has no '\(tag)' table"
    case .invalidTable(let table, let reason):
      return "invalid '\(table)' table: \(reason)"
    case .unsupportedFormat(let tag):
      return "not a TrueType/OpenType font (starts with 0x\(String(tag, radix: 16)))"
    case .unreadableFile(let path, let reason):
      return "cannot read font file \(path): \(reason)"
    }
  }
}
