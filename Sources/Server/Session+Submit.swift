import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension Session {
  /// Decodes a cell's layout spec from `value` (at JSON path `path`) within the session's limits; a bad spec is
  /// -32602 naming the offending field. Every method that takes a SPEC decodes it here. Session-isolated.
  func decodeCell(_ value: JSONValue, path: String) throws(ResponseError) -> LayoutElement {
    do throws(SpecDecodingError) {
      return try SpecDecoder.decode(value, path: path)
    } catch {
      throw ResponseError(code: .invalidParams, message: error.description)
    }
  }

  /// Validates `update` as a whole and applies it to the pending model (nothing changes on error: -32004 naming
  /// what is wrong), schedules its cells' layout and publishes what committed at once. Every table edit goes
  /// through here. Session-isolated.
  func submit(_ update: BatchUpdate<LayoutElement>) throws(ResponseError) -> BatchResult<LayoutElement> {
    let result: BatchResult<LayoutElement>
    do throws(NodeTreeError) {
      result = try table.performBatch(update)
    } catch {
      throw ResponseError(code: ServerError.invalidBatchCode, message: error.message)
    }
    schedule(result.layoutRequests)
    publish(result.commits)
    return result
  }

  /// Replaces every section and row (`reloadData`): row ids must be unique (-32004 otherwise, nothing changes);
  /// every cell is laid out again and the change set commits in order. Session-isolated.
  func submitReload(_ sections: [[RowSpec<LayoutElement>]]) throws(ResponseError) -> BatchResult<LayoutElement> {
    let result: BatchResult<LayoutElement>
    do throws(NodeTreeError) {
      result = try table.reloadData(sections)
    } catch {
      throw ResponseError(code: ServerError.invalidBatchCode, message: error.message)
    }
    schedule(result.layoutRequests)
    publish(result.commits)
    return result
  }
}
