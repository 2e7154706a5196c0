import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// The methods that set, replace or remove one section's header or footer on its own.
  static let supplementaryMethods: [MethodDescriptor] = [
    .session("table/setHeader") { session, params throws(ResponseError) in
      try session.setSupplementary(.header, params)
    },
    .session("table/setFooter") { session, params throws(ResponseError) in
      try session.setSupplementary(.footer, params)
    },
  ]
}

extension Session {
  /// `table/setHeader` {sessionId, section, header: HF | null} → {seq, rowId?} (and `table/setFooter` with
  /// `footer`): one change set that sets, replaces or removes the header (footer) of pending section `section`. A
  /// cell is laid out in the background and the change set commits when it is measured; `rowId` is the new cell's id
  /// (assigned "r<n>" when not given). Session-isolated.
  func setSupplementary(_ kind: SupplementaryKind, _ params: Params) throws(ResponseError) -> SessionOutcome {
    let section = try sectionIndex(params, "section")
    guard let spec = try decodeSupplementary(params, kind.rawValue) else {
      throw Params.invalid(params.path, "missing required member \"\(kind.rawValue)\"")
    }
    let result = try submit(BatchUpdate([], supplementaryUpdates: [SupplementaryUpdate(kind, section: section, spec)]))
    var answer = JSONObject([("seq", .int(seq(result.changeSet.seq)))])
    if let id = result.changeSet.insertedSupplementaries.first?.id { answer["rowId"] = .string(id.rawValue) }
    return .result(.object(answer))
  }

  /// A `setHeader` or `setFooter` batch operation {op, section, header | footer: HF | null}: its update of new-space
  /// section `section`.
  func decodeSupplementaryOperation(_ kind: SupplementaryKind, _ op: Params) throws(ResponseError)
    -> SupplementaryUpdate<LayoutElement>
  {
    try op.check(kind == .header ? RequestMembers.setHeaderOperation : RequestMembers.setFooterOperation)
    let section = try sectionIndex(op, "section")
    guard let spec = try decodeSupplementary(op, kind.rawValue) else {
      throw Params.invalid(op.path, "missing required member \"\(kind.rawValue)\"")
    }
    return SupplementaryUpdate(kind, section: section, spec)
  }
}
