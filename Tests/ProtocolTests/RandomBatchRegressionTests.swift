import JSONCodec
import Testing

/// Minimal cases shrunk from `RandomBatchTests` failures, replayed deterministically over the wire.
///
/// Row edits inside a section that the same batch moves (found by the thrash test, seed 1, when it still generated them):
/// UIKit addresses them like any other row edit, and Texture ends up with UIKit's rows only because it rebuilds a
/// moved section from its data source. The daemon has no data source, and it used to keep the moved section's old
/// rows, dropping the edits — one case even left a row id in the table twice. It now refuses such a batch with
/// -32004 naming the first offending row, and the session is unchanged (Protocol.md, `table/performBatchUpdates`).
///
/// Each case also states UIKit's rows for the batch and checks them: sent as Protocol.md advises, the section move
/// in one batch and the row edits (addressed after the move) in a second, the daemon must end with UIKit's rows.
/// UIKit's rows are derived by hand with UIKit's batch rule (deletes, reloads and move sources name old index
/// paths, inserts and move targets new ones; a section moved from 0 to 1 lands at new index 1 and the other
/// section fills new index 0); each case's derivation is beside it. Rows are `id:height`, the row height being the
/// cell's `style.height` + 0.5 (the separator at scale 2).
@Suite struct RandomBatchRegressionTests {
  /// Table before every case: section 0 = a(10) b(20), section 1 = c(30) d(40).
  static let start =
    #"[{"rows":[{"id":"a","cell":{"type":"node","style":{"height":10}}},"#
    + #"{"id":"b","cell":{"type":"node","style":{"height":20}}}]},"#
    + #"{"rows":[{"id":"c","cell":{"type":"node","style":{"height":30}}},"#
    + #"{"id":"d","cell":{"type":"node","style":{"height":40}}}]}]"#

  /// One minimal case: operations JSON, optional rowCounts, UIKit's committed rows ("id:height"), the refusal
  /// and the same change as two batches.
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
    /// The same change as Protocol.md advises: the section move alone, then the row edits in the indexes after
    /// the move (each string is the `operations` array of one batch, optionally followed by `,"rowCounts":[…]`).
    var split: [String]

    var testDescription: String { name }
  }

  static let movedSectionCases: [Case] = [
    // UIKit: old section 0 (a b) moves to new 1 without old row [0, 0] = a; old section 1 fills new 0.
    Case(
      name: "delete a row of a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"deleteRows","rows":["a"]}]"#,
      expected: ["c:30.5 d:40.5", "b:20.5"],
      refusal:
        "deleteRows: row [0, 0] lies in section 0, which this batch moves; edit a moved section's rows in another batch",
      split: [#"[{"op":"moveSection","from":0,"to":1}]"#, #"[{"op":"deleteRows","rows":["a"]}]"#]
    ),
    // UIKit: as above; rowCounts [2, 1] are the new sections' counts. After the move alone, a is at [1, 0].
    Case(
      name: "delete a row of a moved section, rowCounts stated",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"deleteRows","rows":[[0,0]]}]"#, rowCounts: "[2,1]",
      expected: ["c:30.5 d:40.5", "b:20.5"],
      refusal:
        "deleteRows: row [0, 0] lies in section 0, which this batch moves; edit a moved section's rows in another batch",
      split: [#"[{"op":"moveSection","from":0,"to":1}]"#, #"[{"op":"deleteRows","rows":[[1,0]]}],"rowCounts":[2,1]"#]
    ),
    // UIKit: x goes to new [1, 0], the first row of the moved section (a b), in front of a.
    Case(
      name: "insert a row into a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},"#
        + #"{"op":"insertRows","rows":[{"at":[1,0],"id":"x","cell":{"type":"node","style":{"height":5}}}]}]"#,
      expected: ["c:30.5 d:40.5", "x:5.5 a:10.5 b:20.5"],
      refusal:
        "insertRows: row [1, 0] lies in section 1, which this batch moves; edit a moved section's rows in another batch",
      split: [
        #"[{"op":"moveSection","from":0,"to":1}]"#,
        #"[{"op":"insertRows","rows":[{"at":[1,0],"id":"x","cell":{"type":"node","style":{"height":5}}}]}]"#,
      ]
    ),
    // UIKit: a keeps its place in the moved section with its new cell (height 5 → 5.5).
    Case(
      name: "reload a row of a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},"#
        + #"{"op":"reloadRows","rows":[{"row":"a","cell":{"type":"node","style":{"height":5}}}]}]"#,
      expected: ["c:30.5 d:40.5", "a:5.5 b:20.5"],
      refusal:
        "reloadRows: row [0, 0] lies in section 0, which this batch moves; edit a moved section's rows in another batch",
      split: [
        #"[{"op":"moveSection","from":0,"to":1}]"#,
        #"[{"op":"reloadRows","rows":[{"row":"a","cell":{"type":"node","style":{"height":5}}}]}]"#,
      ]
    ),
    // UIKit: a leaves old [0, 0] and lands at new [0, 0], in front of c and d; the moved section keeps b.
    Case(
      name: "move a row out of a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"moveRow","from":"a","to":[0,0]}]"#,
      expected: ["a:10.5 c:30.5 d:40.5", "b:20.5"],
      refusal:
        "moveRow: row [0, 0] lies in section 0, which this batch moves; edit a moved section's rows in another batch",
      split: [#"[{"op":"moveSection","from":0,"to":1}]"#, #"[{"op":"moveRow","from":"a","to":[0,0]}]"#]),
    // UIKit: c leaves old [1, 0] (d stays, at new 0) and lands at new [1, 0], in front of the moved a b.
    Case(
      name: "move a row into a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"moveRow","from":"c","to":[1,0]}]"#,
      expected: ["d:40.5", "c:30.5 a:10.5 b:20.5"],
      refusal:
        "moveRow: row [1, 0] lies in section 1, which this batch moves; edit a moved section's rows in another batch",
      split: [#"[{"op":"moveSection","from":0,"to":1}]"#, #"[{"op":"moveRow","from":"c","to":[1,0]}]"#]),
    // UIKit: section 0 stays at 0 without old row [0, 1] = b.
    Case(
      name: "delete a row of a section moved onto itself",
      operations: #"[{"op":"moveSection","from":0,"to":0},{"op":"deleteRows","rows":["b"]}]"#,
      expected: ["a:10.5", "c:30.5 d:40.5"],
      refusal:
        "deleteRows: row [0, 1] lies in section 0, which this batch moves; edit a moved section's rows in another batch",
      split: [#"[{"op":"moveSection","from":0,"to":0}]"#, #"[{"op":"deleteRows","rows":["b"]}]"#]
    ),
  ]

  /// The committed rows after every update, one string per section.
  static func committedRows(_ daemon: Daemon, id: Int) -> [String] {
    _ = daemon.response(id, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let result = daemon.response(id + 1, "table/describe", #"{"sessionId":"s1"}"#)?["result"]
    return (describedSections(result) ?? []).map { $0.map(\.description).joined(separator: " ") }
  }

  /// The batch is refused and changes nothing; the same change as two batches gives UIKit's rows.
  @Test(arguments: movedSectionCases)
  func rowEditInsideAMovedSectionIsRefused(_ testCase: Case) throws {
    let daemon = try Daemon()
    daemon.startSession()
    _ = daemon.response(3, "table/reloadData", #"{"sessionId":"s1","sections":\#(Self.start)}"#)
    let counts = testCase.rowCounts.map { #","rowCounts":\#($0)"# } ?? ""
    let batch = daemon.response(
      4, "table/performBatchUpdates", #"{"sessionId":"s1","operations":\#(testCase.operations)\#(counts)}"#)
    #expect(batch?["error"] == .object(JSONObject([("code", .int(-32004)), ("message", .string(testCase.refusal))])))
    // Unchanged: the batch was refused as a whole.
    #expect(Self.committedRows(daemon, id: 5) == ["a:10.5 b:20.5", "c:30.5 d:40.5"])
    for (index, operations) in testCase.split.enumerated() {
      let id = 10 + index
      let answer = daemon.response(
        id, "table/performBatchUpdates", #"{"sessionId":"s1","operations":\#(operations)}"#)
      #expect(answer?["result"] != nil, "split batch \(index): \(answer.map(JSONWriter.string) ?? "no answer")")
    }
    // UIKit's rows for the original batch.
    #expect(Self.committedRows(daemon, id: 20) == testCase.expected)
    #expect(daemon.response(30, "shutdown", "{}")?["result"] == .null)
  }
}
