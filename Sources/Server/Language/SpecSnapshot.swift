import Foundation
import JSONRPC
import LayoutSpecs
import NodeTree

/// The SVG picture of a layout-spec document at one table width: its rows one under the other, each cell laid out as
/// a session of that width and the document's scale lays a row out (exactly the width, as tall as it needs, a
/// 1/scale separator under it), drawn by the snapshot renderer without range bands. A row whose cell cannot be laid
/// out is drawn as a failure placeholder 44 pt tall (UIKit's default row height). Pure apart from reading fonts.
struct SpecSnapshot: Sendable {
  /// The SVG text.
  let svg: String
  /// How many rows it draws.
  let rows: Int
  /// Its height in points.
  let height: Double

  /// The height a row takes when its cell fails (UITableView's default `rowHeight`).
  static let failedRowHeight = 44.0

  /// Draws `document` at `width` with `checker`'s options and fonts.
  init(_ document: SpecDocument, width: Double, checker: SpecChecker) {
    let frames = checker.cellFrames(scale: document.scale)
    let separator = 1 / document.scale
    var drawn: [DrawnRow] = []
    var y = 0.0
    for (index, cell) in document.cells.enumerated() {
      let path = TableIndexPath(section: 0, row: index)
      do throws(ResponseError) {
        let element = try frames.decode(cell.spec, path: cell.path)
        let layout: Layout
        do throws(LayoutFailure) {
          layout = try frames.engine.layout(element, in: CellFrames.range(width: width))
        } catch {
          throw ResponseError(code: .internalError, message: error.description)
        }
        let height = layout.size.height + separator
        let row = SnapshotRow(id: RowID(cell.id), indexPath: path, y: y, height: height, state: [])
        let list = DisplayList.build(content: element, layout: layout, grid: frames.engine.grid)
        drawn.append(DrawnRow(row: row, list: list, failure: nil))
        y += height
      } catch {
        let height = Self.failedRowHeight
        let row = SnapshotRow(id: RowID(cell.id), indexPath: path, y: y, height: height, state: [])
        drawn.append(DrawnRow(row: row, list: nil, failure: error.message))
        y += height
      }
    }
    let total = max(y, 1)
    let scene = SnapshotScene(
      x: 0, y: 0, width: width, height: total, margin: 0, viewport: (0, width, total), separator: separator)
    svg = SnapshotRenderer.render(scene, rows: drawn)
    rows = drawn.count
    height = y
  }

  /// Where the picture of `uri` at `width` is written: `layoutd-snapshots/NAME-WIDTH.svg` in the temporary
  /// directory, NAME the last path component of the URI without its extension (letters, digits, `-`, `_` and `.`
  /// kept, others `_`), `document` when it has none.
  static func fileURL(for uri: String, width: Double) -> URL {
    let last = uri.split(separator: "/").last.map(String.init) ?? ""
    let stem = last.split(separator: ".").dropLast().joined(separator: ".")
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    let cleaned = String((stem.isEmpty ? last : stem).map { allowed.contains($0) ? $0 : "_" })
    let name = cleaned.isEmpty ? "document" : cleaned
    return FileManager.default.temporaryDirectory
      .appendingPathComponent("layoutd-snapshots", isDirectory: true)
      .appendingPathComponent("\(name)-\(SpecChecker.number(width)).svg")
  }
}
