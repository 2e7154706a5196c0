import JSONCodec

/// A call queued on a session's ordered stream: its method's descriptor, its params, where its answer goes, its
/// claim on the session call gate and its place in the query lane's order. Sendable value.
struct SessionCall: Sendable {
  /// The method (session-scoped).
  let method: MethodDescriptor
  /// The raw params.
  let params: JSONValue
  /// The method's `unbuiltMember` (an insert's rows) as dispatch decided it, decoded ahead by the run loop before
  /// the call is performed; nil for every other call.
  var rows: InsertedRows?
  /// Where the answer goes; nil for a notification.
  let reply: Reply?
  /// Released once the call is performed (or dropped).
  let ticket: SessionCallGate.Ticket
  /// Geometry queries may not overtake it (see `QueryLane`).
  let barrier: Bool

  /// True when the call reads the committed state: a geometry query answered from a `CommittedView`, or a call that
  /// acts on the committed rows (`MethodDescriptor.readsCommittedRows`). Such a call is held behind a wait.
  var isCommittedQuery: Bool { method.readsCommittedRows || method.committedQuery(for: params) != nil }
}
