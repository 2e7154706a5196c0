import JSONCodec
import LayoutSpecs

/// `layoutd layout`: lays out one JSON document and prints the frames (Protocol.md, "`layoutd layout`").
///
/// Input shapes: a cell spec (with `--width`), a cell spec document `{"sizeRange", "scale"?, "root"}`, a case file
/// `{"cases": […]}` (Texture or FORMAT.md cases), or a FORMAT.md tree `{"available", "root"}`. Cell specs and
/// Texture cases are decoded and laid out as the daemon lays out a row (`CellFrames`: the same decoder, engine and
/// fonts); only a case file declaring `"textMeasurement": "fixedAdvance"` measures text with fixed advances. It only
/// lays out; it never compares with expectations. Runs on the calling thread.
enum LayoutCommand {
  /// The usage `--help` prints.
  static let usage = Usage(
    command: "layoutd layout",
    text: """
      usage: layoutd layout [--direction ltr|rtl|both] [--font-dir DIR]... [FILE|-]
             layoutd layout --width W [--height H] [--scale S] [--font-dir DIR]... [FILE|-]
             layoutd layout --jsonl [--jobs N] [any of the above] [FILE|-]
        Lays out one JSON document (FILE, or stdin) as the daemon does and prints JSON to stdout:
          a cell spec {"type": …}           needs --width W (points); --height H bounds its height (default: as tall
                                            as it needs, like a table row), --scale S in [1, 4] (default 2) rounds;
                                            prints {"size", "elements"}: every element's frame, as cell/elementFrames
          {"sizeRange", "scale"?, "root"}   a cell spec in a Texture size range; the same answer
          {"cases": [...]}                  a Texture or FORMAT.md case file: {"results": [...]}, one per case
          {"available", "root"}             a FORMAT.md tree: {"ltr": FRAME, "rtl": FRAME} (or --direction's)
        --jsonl: one document per input line, one result per output line in input order, N threads (default: one
        per core); a line that cannot be laid out yields {"line": N, "error": message} and the rest go on.
        Exit status: 0 laid out, 1 a cell spec that cannot be decoded or laid out (--jsonl: any line), 2 a usage
        error or unreadable input. See Protocol.md, "layoutd layout".
      """)

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

  /// Why a document was not laid out: the message and the exit status.
  struct Refusal: Error {
    /// One line for stderr (after `layoutd layout: `).
    var message: String
    /// 1: the input's content cannot be laid out; 2: a usage error or input of no known shape.
    var status: Int32
  }

  /// Runs the command; returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    do throws(UsageError) {
      options = try parse(arguments)
    } catch {
      return usage.error(error.message)
    }
    if options.jsonLines { return runLines(options: options) }
    let input = options.input ?? "-"
    let bytes: [UInt8]
    do {
      bytes = try FileInput.readAll(path: input)
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
    do throws(Refusal) {
      var out = JSONWriter.serialize(try layout(document: document, options: options))
      out.append(0x0A)
      printOut(out)
      return 0
    } catch {
      if error.status == 2 { return usage.error(error.message) }
      printError("layoutd layout: \(error.message)")
      return error.status
    }
  }

  /// Lays out a parsed document of any known shape.
  static func layout(document: JSONValue, options: Options) throws(Refusal) -> JSONValue {
    guard case .object(let object) = document else {
      throw Refusal(message: "expected a JSON object, got \(document.kindDescription)", status: 2)
    }
    let isCellSpec = object["type"] != nil
    if options.hasCellFlags && !isCellSpec {
      throw Refusal(message: "--width, --height and --scale apply to a bare cell spec {\"type\": …} only", status: 2)
    }
    if isCellSpec { return try layoutCellSpec(document, options: options) }
    if object["sizeRange"] != nil { return try layoutCellDocument(object, options: options) }
    if case .array(let cases)? = object["cases"] {
      return try layoutCaseFile(object, cases: cases, options: options)
    }
    if object["root"] != nil { return layoutTree(document, direction: options.direction) }
    throw Refusal(
      message: "input is none of the known shapes: a cell spec {\"type\": …} (with --width), "
        + "{\"sizeRange\", \"root\"}, a case file {\"cases\": [...]} or a tree {\"available\", \"root\"}",
      status: 2)
  }

  /// Lays out a FORMAT.md tree `{"available", "root"}` in `direction` (default both); a tree that cannot be laid
  /// out yields `{"error": message}`.
  static func layoutTree(_ document: JSONValue, direction: DirectionChoice?) -> JSONValue {
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
}
