import JSONCodec
import Testing

/// Minimal cases shrunk from `RandomBatchTests` failures, replayed deterministically over the wire.
///
/// Row edits inside a section that the same batch moves (found with `LAYOUTD_THRASH_MOVED_SECTION_EDITS=1`, seed 1):
/// UIKit addresses them like any other row edit (old section index for deletes, reloads and move sources, the
/// section's new index for inserts and move targets), and Texture ends up with the same rows because it rebuilds a
/// moved section from the data source. The daemon instead keeps the moved section's old rows and drops the row
/// edits; Protocol.md documents dropping only for sections the batch inserts or reloads. Recorded as known issues
/// until the Server/NodeTree owner decides; the expectations are UIKit's.
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
    /// UIKit's result, one string per section.
    var expected: [String]

    var testDescription: String { name }
  }

  static let movedSectionCases: [Case] = [
    Case(
      name: "delete a row of a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"deleteRows","rows":["a"]}]"#,
      expected: ["c:30.5 d:40.5", "b:20.5"]),
    Case(
      name: "delete a row of a moved section, rowCounts stated",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"deleteRows","rows":[[0,0]]}]"#, rowCounts: "[2,1]",
      expected: ["c:30.5 d:40.5", "b:20.5"]),
    Case(
      name: "insert a row into a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},"#
        + #"{"op":"insertRows","rows":[{"at":[1,0],"id":"x","cell":{"type":"node","style":{"height":5}}}]}]"#,
      expected: ["c:30.5 d:40.5", "x:5.5 a:10.5 b:20.5"]),
    Case(
      name: "reload a row of a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},"#
        + #"{"op":"reloadRows","rows":[{"row":"a","cell":{"type":"node","style":{"height":5}}}]}]"#,
      expected: ["c:30.5 d:40.5", "a:5.5 b:20.5"]),
    Case(
      name: "move a row out of a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"moveRow","from":"a","to":[0,0]}]"#,
      expected: ["a:10.5 c:30.5 d:40.5", "b:20.5"]),
    Case(
      name: "move a row into a moved section",
      operations: #"[{"op":"moveSection","from":0,"to":1},{"op":"moveRow","from":"c","to":[1,0]}]"#,
      expected: ["d:40.5", "c:30.5 a:10.5 b:20.5"]),
    Case(
      name: "delete a row of a section moved onto itself",
      operations: #"[{"op":"moveSection","from":0,"to":0},{"op":"deleteRows","rows":["b"]}]"#,
      expected: ["a:10.5", "c:30.5 d:40.5"]),
  ]

  @Test(arguments: movedSectionCases)
  func rowEditInsideAMovedSection(_ testCase: Case) throws {
    let daemon = try Daemon()
    daemon.startSession()
    _ = daemon.response(3, "table/reloadData", #"{"sessionId":"s1","sections":\#(Self.start)}"#)
    let counts = testCase.rowCounts.map { #","rowCounts":\#($0)"# } ?? ""
    let batch = daemon.response(
      4, "table/performBatchUpdates", #"{"sessionId":"s1","operations":\#(testCase.operations)\#(counts)}"#)
    _ = daemon.response(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let sections = describedSections(daemon.response(6, "table/describe", #"{"sessionId":"s1"}"#)?["result"]) ?? []
    let actual = sections.map { $0.map(\.description).joined(separator: " ") }
    print("\(testCase.name): batch → \(batch.map(JSONWriter.string) ?? "nothing"); committed → \(actual)")
    withKnownIssue("daemon keeps a moved section's old rows and drops row edits inside it") {
      #expect(batch?["result"] != nil, "\(testCase.name): \(batch.map(JSONWriter.string) ?? "nothing")")
      #expect(actual == testCase.expected, "\(testCase.name)")
    }
    #expect(daemon.response(7, "shutdown", "{}")?["result"] == .null)
  }
}
