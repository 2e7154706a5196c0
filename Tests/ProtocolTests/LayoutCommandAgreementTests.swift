import Foundation
import JSONCodec
import Testing

/// `layoutd layout` given a bare cell spec lays it out as the daemon lays out a row: the same spec gives the same
/// size and element frames (text measured with the same fonts) as `cell/elementFrames`, and the same errors.
@Suite struct LayoutCommandAgreementTests {
  /// A feed-like cell with real text (DejaVu Sans), wrapping lines, a ratio and a stack.
  static let spec =
    #"{"type":"inset","insets":{"top":8,"left":12,"bottom":8,"right":12},"child":{"type":"stack","#
    + #""direction":"vertical","spacing":6,"children":[{"type":"stack","direction":"horizontal","spacing":8,"#
    + #""alignItems":"center","children":[{"type":"ratio","id":"avatarBox","ratio":1,"child":{"type":"node","#
    + #""id":"avatar","style":{"width":36}}},{"type":"text","id":"user","text":"Ada Lovelace","#
    + #""fontFamily":"DejaVu Sans","fontSize":15,"fontWeight":700}]},{"type":"text","id":"caption","#
    + #""text":"The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and "#
    + #"leaves.","fontFamily":"DejaVu Sans","fontSize":14},{"type":"node","id":"photo","style":{"height":120}}]}}"#

  /// Runs the binary under test with `arguments` and `stdin`; returns exit status, stdout and stderr.
  static func run(_ arguments: [String], stdin: String) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = Daemon.binary
    process.arguments = arguments
    process.environment = Daemon.environment
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try ProcessLaunch.run(process)
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }

  /// The daemon's `cell/elementFrames` answer for `cell` in a session `width` wide at `scale` (initialize, create,
  /// insert, wait), then shut down.
  static func daemonFrames(_ cell: String, width: Int, scale: Int) throws -> JSONValue {
    let daemon = try Daemon()
    daemon.initialize()
    _ = daemon.call(
      2, "session/create",
      #"{"sessionId":"s1","viewport":{"width":\#(width),"height":480},"scale":\#(scale),"interfaceStates":false}"#)
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"c","cell":\#(cell)}]}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let frames = daemon.result(5, "cell/elementFrames", #"{"sessionId":"s1","row":"c"}"#)
    daemon.expectAliveThenExit()
    return frames
  }

  @Test(arguments: [(320, 2), (375, 3), (200, 1)])
  func bareSpecGivesTheDaemonsFrames(_ width: Int, _ scale: Int) throws {
    let expected = try Self.daemonFrames(Self.spec, width: width, scale: scale)
    #expect(expected["elements"]?.arrayValue?.count == 5)
    let cli = try Self.run(["layout", "--width", "\(width)", "--scale", "\(scale)", "-"], stdin: Self.spec)
    #expect(cli.status == 0, "\(cli.err)")
    let printed = try JSONParser.parse(Array(cli.out.utf8))
    #expect(printed["size"] == expected["size"])
    #expect(printed["elements"] == expected["elements"])
    // The same spec as a document with a Texture size range: the same answer.
    let document =
      #"{"sizeRange":{"min":[\#(width),0],"max":[\#(width),"inf"]},"scale":\#(scale),"root":\#(Self.spec)}"#
    let viaDocument = try Self.run(["layout"], stdin: document)
    #expect(viaDocument.status == 0, "\(viaDocument.err)")
    #expect(try JSONParser.parse(Array(viaDocument.out.utf8)) == printed)
  }

  @Test func aBareSpecIsRefusedAsTheDaemonRefusesIt() throws {
    let cell =
      #"{"type":"stack","children":[{"type":"text","text":"x"},{"type":"text","text":"y","fontFamily":"NoSuchFont"}]}"#
    let daemon = try Daemon()
    daemon.initialize()
    _ = daemon.call(2, "session/create", #"{"sessionId":"s1","viewport":{"width":320,"height":480}}"#)
    let refused = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"c","cell":\#(cell)}]}"#)
    let message = refused.last?["error"]?["message"]?.stringValue ?? ""
    daemon.expectAliveThenExit()
    let refusal = #"params.rows[0].cell.children[1].fontFamily: font family "NoSuchFont" is not installed"#
    #expect(message.hasPrefix(refusal))
    let cli = try Self.run(["layout", "--width", "320"], stdin: cell)
    #expect(cli.status == 1)
    #expect(cli.out.isEmpty)
    let sameMessage = message.replacingOccurrences(of: "params.rows[0].cell", with: "root")
    #expect(cli.err == "layoutd layout: " + sameMessage + "\n")
    // Without --width a bare spec is a usage error.
    let noWidth = try Self.run(["layout"], stdin: Self.spec)
    #expect(noWidth.status == 2)
    #expect(noWidth.err.hasPrefix("layoutd layout: a bare cell spec needs --width W"))
  }
}
