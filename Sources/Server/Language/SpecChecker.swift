import JSONCodec
import JSONRPC
import LayoutSpecs
import SpecLanguage
import Synchronization
import Typography

/// Checks a layout-spec document's text: JSON syntax, the document's members, every cell's spec decoded exactly as
/// `table/insertRows` decodes a row's cell (same messages, paths from the document), then each cell laid out at
/// each of the document's widths, warning where the result is probably not what its author meant. One per server:
/// it keeps the font registry, an engine per scale and each cell's problems by its path, widths, scale and text,
/// so a change re-checks only the cells it touched. Thread-safe.
final class SpecChecker: Sendable {
  /// The server's options (font directories, cell limits).
  let options: ServerOptions
  /// Where text leaves find their fonts.
  let registry: FontRegistry
  /// The decoder and engine of each scale used so far.
  private let frames = Mutex<[Double: CellFrames]>([:])
  /// Each cell's problems, offsets relative to the cell's first byte, by `cacheKey`.
  private let cells = Mutex<[String: [SpecDiagnostic]]>([:])
  /// Most cells remembered (the cache starts over past it).
  static let maxCachedCells = 50_000

  /// A checker with the server's `options`.
  init(options: ServerOptions) {
    self.options = options
    registry = options.makeRegistry()
  }

  /// The decoder and engine of `scale`, as a session of that scale has them.
  func cellFrames(scale: Double) -> CellFrames {
    frames.withLock { frames in
      if let found = frames[scale] { return found }
      let made = CellFrames(
        engine: CellFrames.engine(scale: scale, registry: registry, limits: options.cellLimits),
        decoding: CellDecoding(limits: options.cellLimits, fonts: FontCheck(registry: registry)))
      frames[scale] = made
      return made
    }
  }

  /// Every problem of `text`, in document order.
  func diagnostics(_ text: String) -> [SpecDiagnostic] {
    let node: SourceNode
    let value: JSONValue
    do throws(SourceSyntaxError) {
      (node, value) = try SourceParser.parseDocument(text)
    } catch {
      let length = text.utf8.count
      let start = min(error.offset, length)
      return [
        SpecDiagnostic(
          range: start..<min(start + 1, length), severity: .error, message: "invalid JSON: \(error.message)")
      ]
    }
    let document = SpecDocument(value, node: node)
    let bytes = Array(text.utf8)
    let frames = cellFrames(scale: document.scale)
    var found = document.problems
    for cell in document.cells {
      let key =
        "\(cell.path)\u{0}\(document.widths)\u{0}\(document.scale)\u{0}"
        + String(decoding: bytes[cell.node.range], as: UTF8.self)
      let start = cell.node.range.lowerBound
      let relative =
        cells.withLock { $0[key] }
        ?? {
          let made = check(cell, widths: document.widths, in: frames).map { problem in
            var moved = problem
            moved.range = (problem.range.lowerBound - start)..<(problem.range.upperBound - start)
            return moved
          }
          cells.withLock { cache in
            if cache.count >= Self.maxCachedCells { cache.removeAll() }
            cache[key] = made
          }
          return made
        }()
      found += relative.map { problem in
        var placed = problem
        placed.range = (problem.range.lowerBound + start)..<(problem.range.upperBound + start)
        return placed
      }
    }
    return found.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
  }

  /// The problems of one cell: its decoding error, else the warnings of its layouts.
  func check(_ cell: SpecDocument.Cell, widths: [Double], in frames: CellFrames) -> [SpecDiagnostic] {
    let element: LayoutElement
    do throws(ResponseError) {
      element = try frames.decode(cell.spec, path: cell.path)
    } catch {
      return [located(error.message, in: cell)]
    }
    var warnings: [SpecDiagnostic] = []
    for width in widths {
      do throws(LayoutFailure) {
        let layout = try frames.engine.layout(element, in: CellFrames.range(width: width))
        let flat = layout.flattened(grid: frames.engine.grid)
        for finding in SpecWarnings.findings(layout, flat: flat, width: width) {
          warnings.append(
            SpecDiagnostic(
              range: range(ofElementWithID: finding.id, in: cell), severity: .warning, message: finding.message))
        }
      } catch {
        warnings.append(SpecDiagnostic(range: cell.node.range, severity: .error, message: error.description))
      }
    }
    var seen = Set<String>()
    return warnings.filter { seen.insert($0.message.components(separatedBy: " at width ").first ?? "").inserted }
  }

  /// A decoding message `path: detail` underlined where its path points (an unknown or unsupported member at its
  /// key).
  func located(_ message: String, in cell: SpecDocument.Cell) -> SpecDiagnostic {
    guard let separator = message.range(of: ": ") else {
      return SpecDiagnostic(range: cell.node.range, severity: .error, message: message)
    }
    let path = String(message[..<separator.lowerBound])
    let detail = message[separator.upperBound...]
    let atKey = detail.hasPrefix("unknown member") || detail.contains("is not supported on")
    let target = PathLocator.locate(path, in: cell.node, rootName: cell.path, keyOfLastMember: atKey)
    return SpecDiagnostic(range: target.range, severity: .error, message: message)
  }

  /// The text of the element whose `id` member is `id` (the cell's whole spec when there is none).
  func range(ofElementWithID id: String?, in cell: SpecDocument.Cell) -> Range<Int> {
    guard let id else { return cell.node.range }
    var pending = [(cell.spec, cell.node)]
    while let (value, node) = pending.popLast() {
      if let object = value.objectValue {
        if object["type"] != nil, object["id"]?.stringValue == id { return node.range }
        for member in node.members.reversed() {
          if let child = object[member.key] { pending.append((child, member.value)) }
        }
      } else if let array = value.arrayValue {
        for (child, childNode) in zip(array, node.elements).reversed() { pending.append((child, childNode)) }
      }
    }
    return cell.node.range
  }

  /// `width` without a fraction when it has none.
  static func number(_ value: Double) -> String {
    Int(exactly: value).map { String($0) } ?? String(value)
  }
}
