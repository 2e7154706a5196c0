import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension Session {
  /// The answer `{seq, rowId, indexPath, before, after, inserted, removed}` of a transition: `answer` with the row
  /// and both layouts of its cell (`before` and `after` content at the current width), computed off the session as
  /// `cell/elementFrames` is. A side whose layout fails is empty with its `error` (the edit itself stands).
  func transitionOutcome(
    _ answer: JSONObject, id: RowID, path: TableIndexPath, before: LayoutElement, after: LayoutElement
  ) -> SessionOutcome {
    let layout = CellFrames(engine: engine, decoding: cellDecoding)
    let range = table.flow != nil ? cellRange : CellFrames.range(width: width)
    let width = width
    return .compute { () throws(ResponseError) -> JSONValue in
      /// One side's layout, or an empty one (the failed cell's height is 0, as the table has it) with the reason.
      func side(_ content: LayoutElement) -> LayoutTransition.Side {
        do throws(ResponseError) {
          let flat = try layout.flattened(content, in: range) { "row \"\(id)\" failed to lay out: \($0)" }
          return LayoutTransition.Side(size: flat.size, frames: flat.frames)
        } catch {
          return LayoutTransition.Side(size: Size(width, 0), frames: [], failure: error.message)
        }
      }
      let transition = LayoutTransition(before: side(before), after: side(after))
      var result = answer
      result["rowId"] = .string(id.rawValue)
      result["indexPath"] = .array([.int(Int64(path.section)), .int(Int64(path.row))])
      for member in transition.json.storage { result[member.key] = member.value }
      return .object(result)
    }
  }
}
