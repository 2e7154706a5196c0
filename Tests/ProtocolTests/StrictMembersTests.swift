import Foundation
import JSONCodec
import Testing

/// Protocol.md "Limits and errors" (issue 14, item 1): every member an element, a row or `session/create` does not
/// have is refused with -32602 naming its path and listing the valid members; a Texture name layoutd does not
/// support yet is "not supported", naming it. Nothing changes; the session answers as before.
@Suite struct StrictMembersTests {
  /// A hostile cell (or row), the path of the refused member and a piece of its message.
  static let cells: [(row: String, path: String, says: String)] = [
    (
      #"{"cell":{"type":"text","text":"hi","fontsize":17}}"#, "params.rows[0].cell.fontsize",
      #"unknown member of a text element (did you mean "fontSize"?); valid members: "type", "id", "name", "style", "text", "fontFamily""#
    ),
    (
      #"{"cell":{"type":"stack","childs":[{"type":"node"}]}}"#, "params.rows[0].cell.childs",
      "unknown member of a stack element; valid members:"
    ),
    (
      #"{"cell":{"type":"inset","paddings":{"top":4},"child":{"type":"node"}}}"#, "params.rows[0].cell.paddings",
      #"unknown member of an inset element; valid members: "type", "id", "name", "style", "insets", "child""#
    ),
    (
      #"{"cell":{"type":"inset","insets":{"top":4,"horizontal":2},"child":{"type":"node"}}}"#,
      "params.rows[0].cell.insets.horizontal", #""horizontal" is not supported on insets"#
    ),
    (
      #"{"cell":{"type":"text","text":"hi","colour":"red"}}"#, "params.rows[0].cell.colour",
      "unknown member of a text element; valid members:"
    ),
    (
      #"{"cell":{"type":"stack","children":[{"type":"node","bogus":1}]}}"#, "params.rows[0].cell.children[0].bogus",
      "unknown member of a node element; valid members:"
    ),
    (
      #"{"cell":{"type":"node"},"selectedBackgroundView":{}}"#, "params.rows[0].selectedBackgroundView",
      #""selectedBackgroundView" is not supported on a row"#
    ),
    (
      #"{"cell":{"type":"node","accessoryType":1}}"#, "params.rows[0].cell.accessoryType",
      #""accessoryType" is not supported on a node element"#
    ),
    (
      #"{"cell":{"type":"text","text":"hi","attributedText":"hi"}}"#, "params.rows[0].cell.attributedText",
      #""attributedText" is not supported on a text element"#
    ),
    (
      #"{"cell":{"type":"text","text":"hi","truncationAttributedText":"…"}}"#,
      "params.rows[0].cell.truncationAttributedText",
      #"not supported on a text element (Texture has it; layoutd does not yet); use "truncationString""#
    ),
    (
      #"{"cell":{"type":"stack","inverted":true}}"#, "params.rows[0].cell.inverted",
      #""inverted" is not supported on a stack element"#
    ),
    (
      #"{"cell":{"type":"box","children":[{"type":"box","colour":"red"}]}}"#, "params.rows[0].cell.children[0].colour",
      "unknown member of a box element; valid members:"
    ),
    (
      #"{"cell":{"type":"node","measure":{"kind":"fixed","size":[1,2],"bogus":true}}}"#,
      "params.rows[0].cell.measure.bogus", "unknown member of a node's measure"
    ),
    (
      #"{"cell":{"type":"box","measure":{"kind":"text","text":"a","font":"Ahem","fontSize":10,"colour":1}}}"#,
      "params.rows[0].cell.measure.colour", "unknown member of a box measure"
    ),
  ]

  /// The error a refused insert answers, or nil when it was not refused with -32602 at `path` saying `says`.
  static func refusal(_ answer: [JSONValue], path: String, says: String) -> String? {
    guard case .string(let message)? = answer.last?["error"]?["message"], answer.last?["error"]?["code"] == .int(-32602)
    else { return "not a -32602 error: \(answer)" }
    return message.hasPrefix(path + ": ") && message.contains(says) ? nil : "unexpected message: \(message)"
  }

  @Test func everyUnknownOrUnsupportedMemberIsRefusedAndNothingChanges() throws {
    let daemon = try Daemon()
    daemon.startSession()
    for (index, hostile) in Self.cells.enumerated() {
      let answer = daemon.call(10 + index, "table/insertRows", #"{"sessionId":"s1","rows":[\#(hostile.row)]}"#)
      #expect(Self.refusal(answer, path: hostile.path, says: hostile.says) == nil, "\(hostile.row)")
    }
    // The session is unchanged: no row was inserted, and a valid insert commits as the first change.
    #expect(
      daemon.call(90, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("90", #"{"width":320,"height":0}"#))
      ])
    #expect(
      daemon.call(91, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"a","cell":\#(nodeCell(10))}]}"#) == [
        json(resultResponse("91", #"{"seq":1,"rowIds":["a"]}"#))
      ])
    _ = daemon.call(92, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    daemon.expectAliveThenExit()
  }

  @Test func aLargeInsertRefusesAnUnknownMemberOfABoxNodeOnTheFastPath() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let good = #"{"cell":{"type":"box","style":{"height":10},"children":[{"style":{"flexGrow":1}}]}}"#
    let bad = #"{"cell":{"type":"box","style":{"height":10},"children":[{"style":{"flexGrow":1},"colour":"red"}]}}"#
    let rows = Array(repeating: good, count: 70).enumerated().map { $0.offset == 65 ? bad : $0.element }
    let answer = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[\#(rows.joined(separator: ","))]}"#)
    #expect(
      Self.refusal(answer, path: "params.rows[65].cell.children[0].colour", says: "unknown member of a box element")
        == nil)
    #expect(
      daemon.call(4, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("4", #"{"width":320,"height":0}"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func sessionCreateRefusesUnknownStyleAndLeadingScreens() throws {
    let daemon = try Daemon()
    daemon.initialize()
    let viewport = #""viewport":{"width":320,"height":480}"#
    let refusals = [
      (#""style":"insetGrouped""#, #"expected "plain" or "grouped", got "insetGrouped""#),
      (#""leadingScreensForBatching":1"#, "is not supported on session/create"), (#""bogus":1"#, "unknown"),
    ]
    for (index, (member, says)) in refusals.enumerated() {
      let answer = daemon.call(3 + index, "session/create", "{\(viewport),\(member)}")
      let key = member.split(separator: "\"")[0]
      #expect(Self.refusal(answer, path: "params.\(key)", says: says) == nil, "\(answer)")
    }
    let answer = daemon.call(7, "session/create", #"{"viewport":{"width":320,"height":480,"depth":3}}"#)
    #expect(Self.refusal(answer, path: "params.viewport.depth", says: "unknown member of a viewport") == nil)
    // No session was created: the first one made now is "s1".
    #expect(daemon.call(8, "session/create", "{\(viewport)}") == [json(resultResponse("8", #"{"sessionId":"s1"}"#))])
    daemon.expectAliveThenExit()
  }

  @Test func layoutCommandRefusesUnknownMembersOfTextureCases() throws {
    let input = #"""
      {"cases":[{"name":"typo","input":{"sizeRange":{"min":[0,0],"max":[100,100]},"scale":1,
      "root":{"type":"stack","children":[{"type":"text","text":"a","fontsize":17}]}}}]}
      """#
    let (status, output) = try Self.runLayout(input)
    #expect(status == 0)
    let error = output["results"]?.arrayValue?.first?["error"]?.stringValue ?? ""
    #expect(error.hasPrefix("cases[0].input.root.children[0].fontsize: unknown member of a text element"), "\(output)")
  }

  /// Runs `layoutd layout -` on `input`: its exit status and its stdout as JSON.
  static func runLayout(_ input: String) throws -> (Int32, JSONValue) {
    let process = Process()
    process.executableURL = Daemon.binary
    process.arguments = ["layout", "-"]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = Pipe()
    try ProcessLaunch.run(process)
    try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, (try? JSONParser.parse(Array(data))) ?? .null)
  }
}
