import JSONCodec
import LayoutSpecs

/// `layoutd layout [--direction ltr|rtl|both] [FILE|-]`: lays out one JSON document and prints the frames.
///
/// Input shapes (see README and Protocol.md "Layout specs"): a FORMAT.md case file, a Texture case file, or a
/// single tree `{"available", "root"}`. It only lays out; it never compares with expectations.
enum LayoutCommand {
  /// Which directions to lay FORMAT.md trees out in.
  enum DirectionChoice: Equatable {
    case ltr, rtl, both

    /// The directions this choice stands for, in output order.
    var directions: [String] {
      switch self {
      case .ltr: return ["ltr"]
      case .rtl: return ["rtl"]
      case .both: return ["ltr", "rtl"]
      }
    }
  }

  /// Runs the command; returns the exit status (0 for readable input of a known shape, 2 otherwise).
  static func run(_ arguments: [String]) -> Int32 {
    var direction: DirectionChoice?
    var input: String?
    var i = 0
    while i < arguments.count {
      let a = arguments[i]
      switch a {
      case "--direction":
        guard i + 1 < arguments.count else { return usageError("--direction needs ltr, rtl or both") }
        switch arguments[i + 1] {
        case "ltr": direction = .ltr
        case "rtl": direction = .rtl
        case "both": direction = .both
        default: return usageError("--direction takes ltr, rtl or both, not '\(arguments[i + 1])'")
        }
        i += 2
      case "--help", "-h":
        print("usage: layoutd layout [--direction ltr|rtl|both] [FILE|-]")
        return 0
      default:
        if a.hasPrefix("--") && a != "-" { return usageError("unknown option '\(a)'") }
        if input != nil { return usageError("more than one input file") }
        input = a
        i += 1
      }
    }
    let bytes: [UInt8]
    do {
      bytes = try FileInput.readAll(path: input ?? "-")
    } catch {
      printError("layoutd layout: \(error)")
      return 2
    }
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      printError("layoutd layout: input is not valid JSON: \(error)")
      return 2
    }
    guard let output = layout(document: document, direction: direction) else {
      printError(
        "layoutd layout: input is none of the known shapes: a case file {\"cases\": [...]} or a tree "
          + "{\"available\": {...}, \"root\": {...}}")
      return 2
    }
    var out = JSONWriter.serialize(output)
    out.append(0x0A)
    printOut(out)
    return 0
  }

  /// Lays out a parsed document; nil when it is none of the known shapes.
  static func layout(document: JSONValue, direction: DirectionChoice?) -> JSONValue? {
    guard case .object(let object) = document else { return nil }
    if case .array(let cases)? = object["cases"] {
      var results: [JSONValue] = []
      results.reserveCapacity(cases.count)
      for (index, item) in cases.enumerated() {
        results.append(layoutCase(item, index: index, direction: direction))
      }
      return .object(JSONObject([("results", .array(results))]))
    }
    if object["root"] != nil {
      var result = JSONObject()
      do {
        var prepared = try FormatCaseLayout.prepareBenchTree(document)
        for d in (direction ?? .both).directions {
          prepared.layout(d == "rtl" ? .rtl : .ltr)
          result[d] = prepared.frames()
        }
      } catch {
        return .object(JSONObject([("error", .string(String(describing: error)))]))
      }
      return .object(result)
    }
    return nil
  }

  /// Lays out one case of a case file, in Texture or FORMAT.md shape; failures become `{"name", "error"}`.
  static func layoutCase(_ item: JSONValue, index: Int, direction: DirectionChoice?) -> JSONValue {
    let path = "cases[\(index)]"
    guard case .object(let c) = item else {
      return .object(JSONObject([("name", .null), ("error", .string("\(path): expected an object, got \(item.kindDescription)"))]))
    }
    let name = c["name"] ?? .null
    do {
      if case .object(let input)? = c["input"] {
        let result = try TextureCaseLayout.layout(caseInput: input, path: path + ".input")
        var out = JSONObject([("name", name)])
        if case .object(let r) = result {
          for m in r.storage { out[m.key] = m.value }
        }
        return .object(out)
      }
      guard c["root"] != nil else {
        throw SpecDecodingError(path: path, message: "a case needs either \"input\" (Texture) or \"root\" (FORMAT.md)")
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
      var out = JSONObject([("name", name)])
      var prepared = try FormatCaseLayout.prepareCase(item)
      for d in directions {
        prepared.layout(d == "rtl" ? .rtl : .ltr)
        out[d] = prepared.frames()
      }
      return .object(out)
    } catch {
      return .object(JSONObject([("name", name), ("error", .string(String(describing: error)))]))
    }
  }

  /// Prints a usage error and returns exit status 2.
  static func usageError(_ message: String) -> Int32 {
    printError("layoutd layout: \(message)\nusage: layoutd layout [--direction ltr|rtl|both] [FILE|-]")
    return 2
  }
}
