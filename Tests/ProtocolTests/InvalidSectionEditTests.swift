import JSONCodec
import Testing

/// Protocol.md "Table" and "Errors": an invalid section edit or reloadData answers -32004 (invalid as a whole) or
/// -32602 (malformed) with the exact text, and nothing changes: `table/describe` in both states still shows the
/// seeded table and the next edit gets seq 2.
@Suite struct InvalidSectionEditTests {
  /// Method, params, code and exact message, on s1 holding one section with rows "a" (10) and "b" (20).
  static let cases: [(method: String, params: String, code: Int, message: String)] = [
    (
      "table/insertSections", #"{"sessionId":"s1","at":5,"sections":[{"rows":[]}]}"#, -32004,
      "cannot insert section 5: only 2 sections after the update"
    ),
    (
      "table/insertSections", #"{"sessionId":"s1","sections":[{"rows":[{"id":"a","cell":\#(nodeCell(1))}]}]}"#,
      -32004, #"duplicate row id "a""#
    ),
    (
      "table/insertSections", #"{"sessionId":"s1","at":-1,"sections":[]}"#, -32602,
      "params.at: expected a non-negative integer, got -1"
    ),
    (
      "table/insertSections", #"{"sessionId":"s1","sections":[{}]}"#, -32602,
      #"params.sections[0]: missing required member "rows""#
    ),
    (
      "table/insertSections",
      #"{"sessionId":"s1","sections":[{"rows":[{"cell":{"type":"node","style":{"height":"x"}}}]}]}"#,
      -32602,
      #"params.sections[0].rows[0].cell.style.height: expected a number or a dimension string ("auto", "12pt", "50%"), got "x""#
    ),
    (
      "table/deleteSections", #"{"sessionId":"s1","sections":[1]}"#, -32004,
      "cannot delete section 1: only 1 sections before the update"
    ),
    (
      "table/deleteSections", #"{"sessionId":"s1","sections":[0,0]}"#, -32004,
      "deleteSections: section 0 appears more than once"
    ),
    (
      "table/deleteSections", #"{"sessionId":"s1","sections":[-1]}"#, -32602,
      "params.sections[0]: expected a non-negative integer, got -1"
    ),
    (
      "table/deleteSections", #"{"sessionId":"s1","sections":[1.5]}"#, -32602,
      "params.sections[0]: expected a non-negative integer, got 1.5"
    ),
    (
      "table/reloadSections", #"{"sessionId":"s1","sections":[{"section":0,"rows":[]},{"section":0,"rows":[]}]}"#,
      -32004, "reloadSections: section 0 appears more than once"
    ),
    (
      "table/reloadSections", #"{"sessionId":"s1","sections":[{"rows":[]}]}"#, -32602,
      #"params.sections[0]: missing required member "section""#
    ),
    (
      "table/moveSection", #"{"sessionId":"s1","from":0,"to":1}"#, -32004,
      "cannot insert section 1: only 1 sections after the update"
    ),
    (
      "table/moveSection", #"{"sessionId":"s1","from":1,"to":0}"#, -32004,
      "cannot delete section 1: only 1 sections before the update"
    ),
    (
      "table/moveSection", #"{"sessionId":"s1","from":-1,"to":0}"#, -32602,
      "params.from: expected a non-negative integer, got -1"
    ),
    ("table/moveSection", #"{"sessionId":"s1","from":0}"#, -32602, #"params: missing required member "to""#),
    (
      "table/reloadData",
      #"{"sessionId":"s1","sections":[{"rows":[{"id":"x","cell":\#(nodeCell(1))}]},{"rows":[{"id":"x","cell":\#(nodeCell(1))}]}]}"#,
      -32004, #"duplicate row id "x""#
    ),
    (
      "table/reloadData", #"{"sessionId":"s1","sections":[{"rows":[{"id":"x"}]}]}"#, -32602,
      #"params.sections[0].rows[0]: missing required member "cell""#
    ),
    ("table/reloadData", #"{"sessionId":"s1"}"#, -32602, #"params: missing required member "sections""#),
  ]

  @Test(arguments: cases.indices)
  func invalidSectionEditChangesNothing(_ index: Int) throws {
    let (method, params, code, message) = Self.cases[index]
    let daemon = try Daemon()
    daemon.startSession()
    daemon.seedRows([("a", 10), ("b", 20)])
    #expect(daemon.call(5, method, params) == [json(errorResponse("5", code, message))], "\(method) \(params)")
    Self.expectUnchanged(daemon)
    daemon.expectAliveThenExit()
  }

  /// A reload of a section that does not exist. Protocol.md gives no text; the binary's text contradicts itself
  /// (0 sections after, but the sum it prints is 1). Texture's rule 2 (a reload is a delete of the old section
  /// plus an insert) would give the delete-out-of-range text.
  @Test func reloadingAMissingSectionNamesIt() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.seedRows([("a", 10), ("b", 20)])
    let answer = daemon.call(5, "table/reloadSections", #"{"sessionId":"s1","sections":[{"section":1,"rows":[]}]}"#)
    #expect(answer.last?["error"]?["code"] == .int(-32004))
    #expect(
      answer == [json(errorResponse("5", -32004, "cannot delete section 1: only 1 sections before the update"))])
    Self.expectUnchanged(daemon)
    daemon.expectAliveThenExit()
  }

  /// Both states still show [a, b] at seq 1, nothing commits, and the next edit is seq 2.
  static func expectUnchanged(_ daemon: Daemon) {
    let sections = #"[{"rows":[{"id":"a","height":10.5},{"id":"b","height":20.5}]}]"#
    #expect(daemon.describe(6) == [json(resultResponse("6", describeResult(seq: 1, height: 31, sections: sections)))])
    #expect(
      daemon.describe(7, state: "pending") == [
        json(resultResponse("7", describeResult(seq: 1, height: 31, sections: sections)))
      ])
    #expect(
      daemon.call(8, "table/moveSection", #"{"sessionId":"s1","from":0,"to":0}"#) == [
        didCommit(seq: 2, height: 31), json(resultResponse("8", #"{"seq":2}"#)),
      ])
  }
}
