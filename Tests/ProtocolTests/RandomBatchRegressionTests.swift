import JSONCodec
import Testing

/// Minimal cases shrunk from `RandomBatchTests` failures, replayed deterministically over the wire.
///
/// Row edits inside a section that the same batch moves (found by the thrash test, seed 1, when it still generated them):
/// UIKit addresses them like any other row edit, and Texture ends up with UIKit's rows only because it rebuilds a
/// moved section from its data source. The daemon has no data source, and it used to keep the moved section's old
/// rows, dropping the edits — one case even left a row id in the table twice. It now refuses such a batch with
/// -32004 naming the first offending row, and the session is unchanged (Protocol.md, `table/performBatchUpdates`).
@Suite struct RandomBatchRegressionTests {
  /// Table before every case: section 0 = a(10) b(20), section 1 = c(30) d(40).
  static let start =
    #"[{"rows":[{"id":"a","cell":{"type":"node","style":{"height":10}}},"#
    + #"{"id":"b","cell":{"type":"node","style":{"height":20}}}]},"#
    + #"{"rows":[{"id":"c","cell":{"type":"node","style":{"height":30}}},"#
    + #"{"id":"d","cell":{"type":"node","style":{"height":40}}}]}]"#

  /// One minimal case: operations JSON, optional rowCounts, and UIKit's committed rows ("id:height").
  struct Case: Sendable, CustomTestStringConvertible {
    /// What the case shows.
    var name: String
    /// The `operations` array.
    var operations: String
    /// `rowCounts`, if stated.
    var rowCounts: String?
    /// UIKit's result, one string per section (what the daemon would have to produce to accept the batch).
    var expected: [String]
    /// The daemon's refusal text.
    var refusal: String

    var testDescription: String { name }
  }

  static let movedSectionCases: [Case] = [
    Case(
      name: "delete a row of a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"deleteRows","rows":["a"]}]"#,
      expected: ["c:30.5 d:40.5", "b:20.5"],
      refusal:
        "deleteRows: row [0, 0] lies in section 0, which this batch moves; edit a moved section's rows in another batch"
    ),
    Case(
      name: "delete a row of a moved section, rowCounts stated",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"deleteRows","rows":[[0,0]]}]"#, rowCounts: "[2,1]",
      expected: ["c:30.5 d:40.5", "b:20.5"],
      refusal:
        "deleteRows: row [0, 0] lies in section 0, which this batch moves; edit a moved section's rows in another batch"
    ),
    Case(
      name: "insert a row into a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},"#
        + #"{"op":"insertRows","rows":[{"at":[1,0],"id":"x","cell":{"type":"node","style":{"height":5}}}]}]"#,
      expected: ["c:30.5 d:40.5", "x:5.5 a:10.5 b:20.5"],
      refusal:
        "insertRows: row [1, 0] lies in section 1, which this batch moves; edit a moved section's rows in another batch"
    ),
    Case(
      name: "reload a row of a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},"#
        + #"{"op":"reloadRows","rows":[{"row":"a","cell":{"type":"node","style":{"height":5}}}]}]"#,
      expected: ["c:30.5 d:40.5", "a:5.5 b:20.5"],
      refusal:
        "reloadRows: row [0, 0] lies in section 0, which this batch moves; edit a moved section's rows in another batch"
    ),
    Case(
      name: "move a row out of a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"moveRow","from":"a","to":[0,0]}]"#,
      expected: ["a:10.5 c:30.5 d:40.5", "b:20.5"],
      refusal:
        "moveRow: row [0, 0] lies in section 0, which this batch moves; edit a moved section's rows in another batch"),
    Case(
      name: "move a row into a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"moveRow","from":"c","to":[1,0]}]"#,
      expected: ["d:40.5", "c:30.5 a:10.5 b:20.5"],
      refusal:
        "moveRow: row [1, 0] lies in section 1, which this batch moves; edit a moved section's rows in another batch"),
    Case(
      name: "delete a row of a section moved onto itself",
      operations: #"[{"op":"moveSection","from":0,"to":0},{"op":"deleteRows","rows":["b"]}]"#,
      expected: ["a:10.5", "c:30.5 d:40.5"],
      refusal:
        "deleteRows: row [0, 1] lies in section 0, which this batch moves; edit a moved section's rows in another batch"
    ),
  ]

  @Test(arguments: movedSectionCases)
  func rowEditInsideAMovedSectionIsRefused(_ testCase: Case) throws {
    let daemon = try Daemon()
    daemon.startSession()
    _ = daemon.response(3, "table/reloadData", #"{"sessionId":"s1","sections":\#(Self.start)}"#)
    let counts = testCase.rowCounts.map { #","rowCounts":\#($0)"# } ?? ""
    let batch = daemon.response(
      4, "table/performBatchUpdates", #"{"sessionId":"s1","operations":\#(testCase.operations)\#(counts)}"#)
    #expect(batch?["error"] == .object(JSONObject([("code", .int(-32004)), ("message", .string(testCase.refusal))])))
    _ = daemon.response(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let sections = describedSections(daemon.response(6, "table/describe", #"{"sessionId":"s1"}"#)?["result"]) ?? []
    // Unchanged: the batch was refused as a whole.
    #expect(sections.map { $0.map(\.description).joined(separator: " ") } == ["a:10.5 b:20.5", "c:30.5 d:40.5"])
    #expect(daemon.response(7, "shutdown", "{}")?["result"] == .null)
  }
}
