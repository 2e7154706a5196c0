import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// Decodes a new row `{id?, neverShowPlaceholders?, cell: SPEC, heightRange?, accessoryType?, selectionStyle?,
/// separatorInset?, sizeRange?}` from any `SpecSource`: the parsed row
/// (`Session.decodeRow`), or the validated bytes of an unbuilt row of a large insert, without building its JSON
/// (`CellPredecoder`). One decoder for both. Pure.
enum RowDecoder {
  /// The members of a row.
  enum Key: Int, SpecKey {
    /// `id`.
    case id
    /// `neverShowPlaceholders`.
    case neverShowPlaceholders
    /// `cell`.
    case cell
    /// `heightRange`.
    case heightRange
    /// `accessoryType`.
    case accessoryType
    /// `selectionStyle`.
    case selectionStyle
    /// `separatorInset`.
    case separatorInset
    /// `sizeRange` (a collection item's).
    case sizeRange

    /// Eight keys (the common three first: a key's spelling is matched in `rawValue` order).
    static let count = 8

    /// The key's name in JSON.
    var spelling: StaticString {
      switch self {
      case .id: "id"
      case .neverShowPlaceholders: "neverShowPlaceholders"
      case .cell: "cell"
      case .heightRange: "heightRange"
      case .accessoryType: "accessoryType"
      case .selectionStyle: "selectionStyle"
      case .separatorInset: "separatorInset"
      case .sizeRange: "sizeRange"
      }
    }

    /// The order members are checked in: any other member (refused), `id`, `neverShowPlaceholders`, `cell`, then
    /// the row members beside the cell.
    static let order: [Key?] = [
      nil, .id, .neverShowPlaceholders, .cell, .heightRange, .accessoryType, .selectionStyle, .separatorInset,
      .sizeRange,
    ]
  }

  /// The row that comes next in `source`, whose JSON path `path` makes, with cells decoded within `limits`.
  /// Members a row does not have are refused; `null` and `[]` read as an empty row (whose cell is missing), as
  /// `Params` reads them.
  static func decode<Source: SpecSource & ~Copyable>(
    _ source: inout Source, path: () -> String, limits: SpecDecoder.Limits
  ) throws(ResponseError) -> RowSpec<LayoutElement> {
    guard source.enterObject(Key.order) else {
      let value: JSONValue
      do throws(SpecDecodingError) { value = try source.value() } catch { throw invalid(error) }
      _ = try Params(value, path: path())
      throw Params.invalid(path(), "missing required member \"cell\"")
    }
    do throws(SpecDecodingError) { return try members(&source, path: path, limits: limits) } catch {
      throw invalid(error)
    }
  }

  /// `error` as -32602 (`path: message`, as `Params.invalid` writes it).
  private static func invalid(_ error: SpecDecodingError) -> ResponseError {
    ResponseError(code: .invalidParams, message: error.description)
  }

  /// The members of the row object entered in `source`, and its end.
  private static func members<Source: SpecSource & ~Copyable>(
    _ source: inout Source, path: () -> String, limits: SpecDecoder.Limits
  ) throws(SpecDecodingError) -> RowSpec<LayoutElement> {
    var id: RowID?
    var never = false
    var content: LayoutElement?
    var heightRange: RowHeightRange?
    var accessories = CellAccessories.standard
    var sizeRange: CellSizeRange?
    while let member = try source.nextMember(Key.self) {
      switch member {
      case .other(let key):
        throw SpecDecodingError(path: path() + "." + key, message: RequestMembers.row.problem(key) ?? "unknown")
      case .known(.id):
        if source.consumeNull() { continue }
        guard let text = try source.string() else {
          let kind = try source.value().kindDescription
          throw SpecDecodingError(path: path() + ".id", message: "expected a string, got \(kind)")
        }
        id = RowID(text)
      case .known(.neverShowPlaceholders):
        if source.consumeNull() { continue }
        guard let flag = try source.bool() else {
          let kind = try source.value().kindDescription
          throw SpecDecodingError(path: path() + ".neverShowPlaceholders", message: "expected a boolean, got \(kind)")
        }
        never = flag
      case .known(.cell):
        if source.consumeNull() { continue }
        content = try source.decodeElement(path: { path() + ".cell" }, depth: 1, limits: limits)
      case .known(.heightRange):
        heightRange = try RowMembers.heightRange(source.value(), path: path() + ".heightRange")
      case .known(.accessoryType):
        accessories.accessoryType = try RowMembers.accessoryType(source.value(), path: path() + ".accessoryType")
      case .known(.selectionStyle):
        accessories.selectionStyle = try RowMembers.selectionStyle(source.value(), path: path() + ".selectionStyle")
      case .known(.separatorInset):
        accessories.separatorInset = try RowMembers.separatorInset(source.value(), path: path() + ".separatorInset")
      case .known(.sizeRange):
        sizeRange = try RowMembers.sizeRange(source.value(), path: path() + ".sizeRange")
      }
    }
    guard let content else { throw SpecDecodingError(path: path(), message: "missing required member \"cell\"") }
    return RowSpec(
      id: id, content: content, neverShowPlaceholders: never, heightRange: heightRange,
      accessories: accessories == .standard ? nil : accessories, sizeRange: sizeRange)
  }

  /// The built row `item` found at `path`, decoded with `decoding`: its cell's unknown font families are refused
  /// (unless the session is lenient), naming the member.
  static func decode(_ item: JSONValue, path: String, using decoding: CellDecoding) throws(ResponseError)
    -> RowSpec<LayoutElement>
  {
    var source = JSONValueSource(item)
    let row = try decode(&source, path: { path }, limits: decoding.limits)
    if let fonts = decoding.fonts, let cell = item["cell"] {
      try fonts.check(row.content, json: cell, path: path + ".cell")
    }
    return row
  }

  /// Row `index` of the unbuilt `rows` (found at `rowsPath`) decoded straight from its bytes with `decoding`, or
  /// nil wherever decoding the built row (`Session.decodeRow`) may answer otherwise: an error (whose precedence
  /// depends on the member order only the built row keeps), a row the bytes cannot be read for in one pass, and a
  /// cell naming a font family that is not installed (the built row names the member).
  static func decode(_ rows: DeferredArray, _ index: Int, rowsPath: String, using decoding: CellDecoding)
    -> RowSpec<LayoutElement>?
  {
    guard rows.ranges.indices.contains(index) else { return nil }
    let range = rows.ranges[index]
    return rows.document.withUnsafeBufferPointer { bytes -> RowSpec<LayoutElement>? in
      guard var source = JSONBytesSource(bytes, at: range.lowerBound),
        let row = try? decode(&source, path: { "\(rowsPath)[\(index)]" }, limits: decoding.limits),
        source.offset == range.upperBound, decoding.fonts?.accepts(row.content) ?? true
      else { return nil }
      return row
    }
  }
}
