import JSONCodec
import JSONRPC
import Testing

/// `IncomingMessage.decode(body:deferring:)`: which messages come back `.deferred`, and that each one is the
/// message the plain decode gives, split in two: its params without the member, and the member's elements.
@Suite struct DeferralTests {
  let rule = DeferralRule(method: "table/insertRows", member: "rows", minimumBodyBytes: 80)

  func body(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// Checks that `message` and `deferred` are `text`'s plain decode split in two.
  func expectSplit(_ text: String, _ message: Message, _ deferred: DeferredParams) throws {
    guard case .message(let plain) = IncomingMessage.decode(body: body(text)),
      case .object(var params)? = plain.params
    else {
      Issue.record("the plain decode is not a message with params")
      return
    }
    #expect(params[deferred.member] == .array(try deferred.elements.elements()))
    params[deferred.member] = nil
    #expect(message.params == .object(params))
    #expect(message.id == plain.id && message.method == plain.method)
  }

  /// A request of the rule's method whose rows make the body `rows` elements long.
  func insert(rows: Int, id: String = "7") -> String {
    let items = (0..<rows).map { #"{"id":"r\#($0)","cell":{"type":"node","style":{"height":\#($0)}}}"# }
    return #"{"jsonrpc":"2.0","id":\#(id),"method":"table/insertRows","params":{"sessionId":"s1","rows":["#
      + items.joined(separator: ",") + "]}}"
  }

  @Test func largeInsertIsDeferredAndSplitsThePlainMessage() throws {
    let text = insert(rows: 5)
    guard case .deferred(let message, let deferred) = IncomingMessage.decode(body: body(text), deferring: rule) else {
      Issue.record("not deferred")
      return
    }
    #expect(deferred.member == "rows")
    #expect(deferred.elements.count == 5)
    guard case .request(.int(7), "table/insertRows", let params) = message else {
      Issue.record("\(message)")
      return
    }
    #expect(params["rows"] == nil)
    #expect(params["sessionId"] == .string("s1"))
    try expectSplit(text, message, deferred)
  }

  @Test func notificationsAreDeferredToo() throws {
    let text =
      #"{"jsonrpc":"2.0","method":"table/insertRows","params":{"rows":[1,2,3],"pad":"# + "\""
      + String(repeating: "x", count: 80) + "\"}}"
    guard case .deferred(let message, let deferred) = IncomingMessage.decode(body: body(text), deferring: rule) else {
      Issue.record("not deferred")
      return
    }
    try expectSplit(text, message, deferred)
  }

  @Test(
    arguments: [
      // Small: below minimumBodyBytes.
      #"{"jsonrpc":"2.0","id":1,"method":"table/insertRows","params":{"rows":[1]}}"#,
      // Another method with the same member.
      #"{"jsonrpc":"2.0","id":1,"method":"table/reloadRows","params":{"rows":[1,2,3,4,5,6,7,8,9,10,11,12,13]}}"#,
      // Duplicate params: the last one counts; both have rows.
      #"{"jsonrpc":"2.0","id":1,"method":"table/insertRows","params":{"rows":[1,2,3,4]},"params":{"rows":[5]}}"#,
      // Duplicate params, only the first with rows.
      #"{"jsonrpc":"2.0","id":1,"method":"table/insertRows","params":{"rows":[1,2,3,4,5,6,7]},"params":{"a":1}}"#,
      // A duplicate rows member that is not an array.
      #"{"jsonrpc":"2.0","id":1,"method":"table/insertRows","params":{"rows":[1,2,3,4,5,6,7],"rows":9}}"#,
      // An invalid envelope around valid rows.
      #"{"jsonrpc":"1.0","id":1,"method":"table/insertRows","params":{"rows":[1,2,3,4,5,6,7,8,9,10,11]}}"#,
      #"{"jsonrpc":"2.0","id":[1],"method":"table/insertRows","params":{"rows":[1,2,3,4,5,6,7,8,9,10,11]}}"#,
      // A response.
      #"{"jsonrpc":"2.0","id":1,"result":{"params":{"rows":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18]}}}"#,
      // Invalid JSON inside the rows, and after them.
      #"{"jsonrpc":"2.0","id":1,"method":"table/insertRows","params":{"rows":[1,2,3,4,5,6,7,8,9,10,11,]}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"table/insertRows","params":{"rows":[1,2,3,4,5,6,7,8,9,10,11]}} x"#,
      // A batch.
      #"[{"jsonrpc":"2.0","id":1,"method":"table/insertRows","params":{"rows":[1,2,3,4,5,6,7,8,9,10,11,12]}}]"#,
    ])
  func decodedAsWithoutTheRule(_ text: String) {
    #expect(IncomingMessage.decode(body: body(text), deferring: rule) == IncomingMessage.decode(body: body(text)))
  }

  @Test func stringIdsAndOrderOfMembersDoNotMatter() throws {
    let text =
      #"{"params":{"rows":[{"cell":1},{"cell":2}],"sessionId":"s9","pad":"0123456789"},"method":"table/insertRows","id":"abc","jsonrpc":"2.0"}"#
    guard case .deferred(let message, let deferred) = IncomingMessage.decode(body: body(text), deferring: rule) else {
      Issue.record("not deferred")
      return
    }
    #expect(message.id == .string("abc"))
    try expectSplit(text, message, deferred)
  }
}
