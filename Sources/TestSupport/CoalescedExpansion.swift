import JSONCodec

/// Expands coalesced notifications (`table/heightsChanged`, `cell/interfaceStatesChanged`) into the per-row
/// notifications they stand for, as Protocol.md "Coalesced notifications" says a client does; every other message is
/// kept as it is. Written from the document, not from the server's code.
package func expandCoalesced(_ messages: [JSONValue]) -> [JSONValue] {
  var out: [JSONValue] = []
  for message in messages {
    guard let method = message["method"]?.stringValue, let params = message["params"],
      let sessionId = params["sessionId"], let changes = params["changes"]?.arrayValue,
      method == "table/heightsChanged" || method == "cell/interfaceStatesChanged"
    else {
      out.append(message)
      continue
    }
    for entry in changes {
      let members = entry.objectValue?.storage ?? []
      var expanded: [(String, JSONValue)] = [("sessionId", sessionId)]
      let name: String
      if method == "table/heightsChanged" {
        name = entry["indexPath"] != nil ? "table/heightChanged" : "table/supplementaryHeightChanged"
        expanded += members.map { ($0.key, $0.value) }
        expanded += [("contentSize", params["contentSize"] ?? .null), ("seq", params["seq"] ?? .null)]
      } else if entry["released"] != nil {
        name = "cell/nodeReleased"
        expanded += [("rowId", entry["rowId"] ?? .null), ("state", entry["state"] ?? .null)]
      } else {
        name = "cell/interfaceStateChanged"
        expanded += members.map { ($0.key, $0.value) }
      }
      out.append(
        .object(
          JSONObject([
            ("jsonrpc", .string("2.0")), ("method", .string(name)), ("params", .object(JSONObject(expanded))),
          ])))
    }
  }
  return out
}
