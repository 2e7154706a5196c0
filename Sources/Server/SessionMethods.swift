import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// What a session method produced.
enum SessionOutcome: Sendable {
  /// Answer now with this result.
  case result(JSONValue)
  /// Answer with `{seq, contentSize}` once nothing is pending (at once when idle).
  case waitForCommit
  /// Answer with the scroll result once these rows are displayed; the session handles no other request
  /// meanwhile (Texture blocks the main thread for `neverShowPlaceholders`).
  case waitForDisplay(Set<RowID>)
  /// Answer with what `work` computes off the session (a layout query), so the session keeps handling requests.
  case compute(@Sendable () throws(ResponseError) -> JSONValue)
}

/// The session-scoped methods, each family's descriptors declared beside its handlers (see `MethodDescriptor`).
enum SessionMethods {
  /// Every method a session answers: the edits (rows, sections, batches) and the queries.
  static let all: [MethodDescriptor] = [
    editMethods, sectionMethods, supplementaryMethods, batchMethods, viewportMethods, queryMethods, geometryMethods,
    scrollMethods, batchFetchingMethods, rangeMethods, pagerMethods, displayMethods, snapshotMethods, selectionMethods,
    nestedMethods,
  ]
  .flatMap { $0 }
}
