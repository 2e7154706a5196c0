import JSONCodec
import Testing

/// Protocol.md "Table", `table/rowAtPoint` and `table/rowsInRect`: committed rows under a point or intersecting a
/// rect, whole ROWFRAMEs, the edges, and the errors. Rows a (10.5 at 0), b (20.5 at 10.5), c (30.5 at 31), end 61.5.
@Suite struct RowGeometryTests {
  /// A ROWFRAME of section 0 as JSON text.
  static func rowFrame(_ id: String, _ row: Int, y: Double, height: Double) -> String {
    TableEditTests.frame(id, row, y: y, height: height)
  }

  static let a = rowFrame("a", 0, y: 0, height: 10.5)
  static let b = rowFrame("b", 1, y: 10.5, height: 20.5)
  static let c = rowFrame("c", 2, y: 31, height: 30.5)

  /// Points and the exact result.
  static let points: [(point: String, result: String)] = [
    (#"{"x":5,"y":10.5}"#, b),  // Protocol.md's example: a row's top belongs to it
    (#"{"x":0,"y":0}"#, a),
    (#"{"x":319.5,"y":61}"#, c),
    (#"{"x":5,"y":61.5}"#, "null"),  // below the last row
    (#"{"x":5,"y":-1}"#, "null"),  // above the first
    (#"{"x":320,"y":5}"#, "null"),  // outside the width
    (#"{"x":-0.5,"y":5}"#, "null"),
  ]

  @Test(arguments: points.indices)
  func rowAtPoint(_ index: Int) throws {
    let (point, result) = Self.points[index]
    let daemon = try Daemon()
    daemon.startSession()
    daemon.seedRows([("a", 10), ("b", 20), ("c", 30)])
    #expect(
      daemon.call(9, "table/rowAtPoint", #"{"sessionId":"s1","point":\#(point)}"#) == [
        json(resultResponse("9", result))
      ], "\(point)")
    daemon.expectAliveThenExit()
  }

  /// Rects and the exact rows.
  static let rects: [(rect: String, rows: [String])] = [
    (#"{"x":0,"y":5,"width":10,"height":10}"#, [a, b]),  // Protocol.md's example
    (#"{"x":-5,"y":-100,"width":10,"height":1000}"#, [a, b, c]),
    (#"{"x":0,"y":10.5,"width":1,"height":20.5}"#, [b]),  // edges touching a and c do not intersect
    (#"{"x":0,"y":0,"width":0,"height":10}"#, []),
    (#"{"x":0,"y":5,"width":10,"height":0}"#, []),
    (#"{"x":400,"y":0,"width":10,"height":10}"#, []),
    (#"{"x":0,"y":61.5,"width":10,"height":10}"#, []),
  ]

  @Test(arguments: rects.indices)
  func rowsInRect(_ index: Int) throws {
    let (rect, rows) = Self.rects[index]
    let daemon = try Daemon()
    daemon.startSession()
    daemon.seedRows([("a", 10), ("b", 20), ("c", 30)])
    #expect(
      daemon.call(9, "table/rowsInRect", #"{"sessionId":"s1","rect":\#(rect)}"#) == [
        json(resultResponse("9", #"{"rows":[\#(rows.joined(separator: ","))]}"#))
      ], "\(rect)")
    daemon.expectAliveThenExit()
  }

  @Test func rowsNotYetCommittedAreNotFound() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let slow = SetNeedsLayoutTests.slowCell(count: 4000, height: 0.5)
    // The geometry queries may overtake the insert queued before them (Protocol.md "Order"); either way they see
    // the committed state without row "p".
    let answers = daemon.exchange([
      request(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"p","cell":\#(slow)}]}"#),
      request(4, "table/rowAtPoint", #"{"sessionId":"s1","point":{"x":1,"y":1}}"#),
      request(5, "table/rowsInRect", #"{"sessionId":"s1","rect":{"x":0,"y":0,"width":320,"height":480}}"#),
    ])
    #expect(answers.count == 3)
    #expect(answers.contains(json(resultResponse("3", #"{"seq":1,"rowIds":["p"]}"#))))
    #expect(answers.contains(json(resultResponse("4", "null"))))
    #expect(answers.contains(json(resultResponse("5", #"{"rows":[]}"#))))
    #expect(daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#).count == 2)
    #expect(
      daemon.call(7, "table/rowAtPoint", #"{"sessionId":"s1","point":{"x":1,"y":1}}"#) == [
        json(resultResponse("7", Self.rowFrame("p", 0, y: 0, height: 2000.5)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func indexPathsAndFramesRunAcrossSections() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.seedRows([("a", 10), ("b", 20), ("c", 30)])
    let sections = #"{"sessionId":"s1","sections":[{"rows":[]},{"rows":[{"id":"e","cell":\#(nodeCell(1))}]}]}"#
    _ = daemon.call(5, "table/insertSections", sections)
    _ = daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let e = #"{"rowId":"e","indexPath":[2,0],"frame":{"x":0,"y":61.5,"width":320,"height":1.5}}"#
    #expect(
      daemon.call(7, "table/rowAtPoint", #"{"sessionId":"s1","point":{"x":1,"y":62}}"#) == [
        json(resultResponse("7", e))
      ])
    #expect(
      daemon.call(8, "table/rowsInRect", #"{"sessionId":"s1","rect":{"x":0,"y":40,"width":1,"height":100}}"#) == [
        json(resultResponse("8", #"{"rows":[\#(Self.c),\#(e)]}"#))
      ])
    daemon.expectAliveThenExit()
  }

  /// Method, params and the exact -32602 message.
  static let errors: [(method: String, params: String, message: String)] = [
    ("table/rowAtPoint", #"{"sessionId":"s1","point":{"x":1}}"#, #"params.point: missing required member "y""#),
    ("table/rowAtPoint", #"{"sessionId":"s1"}"#, #"params: missing required member "point""#),
    (
      "table/rowAtPoint", #"{"sessionId":"s1","point":{"x":"1","y":1}}"#,
      "params.point.x: expected a number, got a string"
    ),
    (
      "table/rowsInRect", #"{"sessionId":"s1","rect":{"x":0,"y":0,"width":-1,"height":1}}"#,
      "params.rect.width: expected a number ≥ 0, got -1"
    ),
    (
      "table/rowsInRect", #"{"sessionId":"s1","rect":{"x":0,"y":0,"width":1,"height":-2}}"#,
      "params.rect.height: expected a number ≥ 0, got -2"
    ),
    (
      "table/rowsInRect", #"{"sessionId":"s1","rect":{"x":0,"y":0,"width":1}}"#,
      #"params.rect: missing required member "height""#
    ),
  ]

  @Test(arguments: errors.indices)
  func badGeometryIsAParamsError(_ index: Int) throws {
    let (method, params, message) = Self.errors[index]
    let daemon = try Daemon()
    daemon.startSession()
    #expect(daemon.call(3, method, params) == [json(errorResponse("3", -32602, message))], "\(params)")
    #expect(
      daemon.call(4, method, #"{"sessionId":"s7","point":{"x":0,"y":0},"rect":{"x":0,"y":0,"width":1,"height":1}}"#)
        == [json(errorResponse("4", -32003, #"unknown session "s7""#))])
    daemon.expectAliveThenExit()
  }
}
