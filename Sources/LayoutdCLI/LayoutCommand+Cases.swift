import JSONCodec
import JSONRPC
import LayoutSpecs
import Server

extension LayoutCommand {
  /// How a case file's Texture cases measure text: `"textMeasurement"` at the top of the file.
  enum TextMeasurement: String {
    /// Real font files, as the daemon measures (the default).
    case fonts
    /// `FixedAdvanceTextMeasurer`: 0.6 em per character, 1.2 em lines, font families ignored.
    case fixedAdvance
  }

  /// Lays out every case of a case file: `{"results": [...]}`, one per case in order. A file's
  /// `"textMeasurement"` other than `"fonts"` or `"fixedAdvance"` is refused (status 2).
  static func layoutCaseFile(_ file: JSONObject, cases: [JSONValue], options: Options) throws(Refusal) -> JSONValue {
    var measurement = TextMeasurement.fonts
    if let value = file["textMeasurement"] {
      guard let name = value.stringValue, let chosen = TextMeasurement(rawValue: name) else {
        throw Refusal(
          message: "textMeasurement: expected \"fonts\" or \"fixedAdvance\", got \(JSONWriter.string(value))",
          status: 2)
      }
      measurement = chosen
    }
    var layouts = CaseLayouts(measurement: measurement, server: options.server)
    var results: [JSONValue] = []
    results.reserveCapacity(cases.count)
    for (index, item) in cases.enumerated() {
      results.append(layouts.layoutCase(item, index: index, direction: options.direction))
    }
    return .object(JSONObject([("results", .array(results))]))
  }

  /// Lays out the cases of one file, keeping one daemon layout (`CellFrames`) per scale the cases use.
  struct CaseLayouts {
    /// How Texture cases measure text.
    let measurement: TextMeasurement
    /// Font directories and cell limits.
    let server: ServerOptions
    /// The layouts made so far, by scale.
    private var cells: [Double: CellFrames] = [:]

    /// Layouts for a file measuring text by `measurement`.
    init(measurement: TextMeasurement, server: ServerOptions) {
      self.measurement = measurement
      self.server = server
    }

    /// Lays out one case, in Texture or FORMAT.md shape; failures become `{"name", "error"}`.
    mutating func layoutCase(_ item: JSONValue, index: Int, direction: DirectionChoice?) -> JSONValue {
      let path = "cases[\(index)]"
      guard case .object(let c) = item else {
        return .object(
          JSONObject([("name", .null), ("error", .string("\(path): expected an object, got \(item.kindDescription)"))]))
      }
      let name = c["name"] ?? .null
      do {
        var out = JSONObject([("name", name)])
        if case .object(let input)? = c["input"] {
          if case .object(let r) = try layoutTexture(input, path: path + ".input") {
            for m in r.storage { out[m.key] = m.value }
          }
          return .object(out)
        }
        guard c["root"] != nil else {
          throw SpecDecodingError(
            path: path, message: "a case needs either \"input\" (Texture) or \"root\" (FORMAT.md)")
        }
        var directions: [String]
        if let direction {
          directions = direction.directions
        } else if case .object(let expected)? = c["expected"] {
          directions = ["ltr", "rtl"].filter { expected[$0] != nil }
          if directions.isEmpty { directions = ["ltr", "rtl"] }
        } else {
          directions = ["ltr", "rtl"]
        }
        var prepared = try FormatCaseLayout.prepareCase(item)
        for d in directions {
          prepared.layout(d == "rtl" ? .rtl : .ltr)
          out[d] = prepared.frames()
        }
        return .object(out)
      } catch let error as ResponseError {
        return .object(JSONObject([("name", name), ("error", .string(error.message))]))
      } catch {
        return .object(JSONObject([("name", name), ("error", .string(String(describing: error)))]))
      }
    }

    /// Lays out a Texture case's `input` at `path`: with the daemon's decoder, engine and fonts, or with fixed
    /// advances when the file declares them.
    mutating func layoutTexture(_ input: JSONObject, path: String) throws -> JSONValue {
      if measurement == .fixedAdvance { return try TextureCaseLayout.layout(caseInput: input, path: path) }
      let read = try TextureCaseLayout.input(input, path: path)
      let cell = cells[read.scale] ?? CellFrames(scale: read.scale, options: server)
      cells[read.scale] = cell
      let element = try cell.decode(read.root, path: read.rootPath)
      let flat = try cell.flattened(element, in: read.range) { "\(read.rootPath): \($0)" }
      return TextureCaseLayout.result(flat)
    }
  }
}
