import JSONCodec
import JSONRPC
import LayoutSpecs
import Server

extension LayoutCommand {
  /// Members of a cell spec document.
  static let cellDocumentMembers = ["sizeRange", "scale", "root"]

  /// Lays out a bare cell spec at `--width` (and `--height`, `--scale`) as a table row of a session that wide:
  /// `{"size", "elements"}`, as `cell/elementFrames` answers. Error paths start at `root`.
  static func layoutCellSpec(_ spec: JSONValue, options: Options) throws(Refusal) -> JSONValue {
    guard let width = options.width else {
      throw Refusal(message: "a bare cell spec needs --width W (the width of the table it is a row of)", status: 2)
    }
    let range = CellFrames.range(width: width, maxHeight: options.height)
    return try layoutCell(spec, path: "root", in: range, scale: options.scale ?? 2, options: options)
  }

  /// Lays out a cell spec document `{"sizeRange": {"min", "max"}, "scale"?, "root": SPEC}` (scale in [1, 4],
  /// default 2): `{"size", "elements"}`. Members it does not have are refused.
  static func layoutCellDocument(_ object: JSONObject, options: Options) throws(Refusal) -> JSONValue {
    if let unknown = object.storage.first(where: { !cellDocumentMembers.contains($0.key) }) {
      let valid = cellDocumentMembers.map { "\"\($0)\"" }.joined(separator: ", ")
      throw Refusal(
        message: "\(unknown.key): unknown member of a cell spec document; valid members: \(valid)", status: 1)
    }
    let range: SizeRange
    do throws(SpecDecodingError) {
      range = try TextureCaseLayout.sizeRange(object["sizeRange"] ?? .null, path: "sizeRange")
    } catch {
      throw Refusal(message: error.description, status: 1)
    }
    var scale = 2.0
    if let value = object["scale"] {
      guard let number = value.doubleValue, CellFrames.scales.contains(number) else {
        throw Refusal(message: "scale: expected a number in [1, 4], got \(JSONWriter.string(value))", status: 1)
      }
      scale = number
    }
    guard let root = object["root"] else {
      throw Refusal(message: "missing required member \"root\"", status: 1)
    }
    return try layoutCell(root, path: "root", in: range, scale: scale, options: options)
  }

  /// Decodes `spec` (found at `path`) and lays it out in `range` at `scale` with the daemon's decoder and engine.
  static func layoutCell(
    _ spec: JSONValue, path: String, in range: SizeRange, scale: Double, options: Options
  ) throws(Refusal) -> JSONValue {
    let cell = options.cells.frames(scale: scale, options: options.server)
    do throws(ResponseError) {
      let element = try cell.decode(spec, path: path)
      return .object(try cell.frames(of: element, in: range) { "\(path): failed to lay out: \($0)" })
    } catch {
      throw Refusal(message: error.message, status: 1)
    }
  }
}
