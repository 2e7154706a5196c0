import Foundation
import JSONCodec
import JSONRPC
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// STYLE.md §8 "Framing" against the binary: a message arriving one byte per write, every split point of a
/// two-part write, and several messages in one write.
@Suite struct FramingSplitTests {
  @Test func messagesWrittenOneByteAtATimeAreAnswered() throws {
    let daemon = try Daemon()
    let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null}}"#
    daemon.writeBytewise(Array(frameText(initialize).utf8))
    #expect(
      daemon.take(until: { Daemon.isResponse($0, id: .int(1)) }).last?["result"]?["protocolVersion"] == .string("1.0"))
    let create = request(
      2, "session/create", #"{"sessionId":"é","viewport":{"width":320,"height":480},"interfaceStates":false}"#)
    let header =
      "content-type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: \(create.utf8.count)\r\n\r\n"
    daemon.writeBytewise(Array((header + create).utf8))
    #expect(
      daemon.take(until: { Daemon.isResponse($0, id: .int(2)) }) == [json(resultResponse("2", #"{"sessionId":"é"}"#))])
    daemon.expectAliveThenExit()
  }

  @Test func twoMessagesSplitAtEveryOffsetAreBothAnswered() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let probe = FrameWriter.frame(Array(request(1000, "table/contentSize", #"{"sessionId":"s1"}"#).utf8))
    var offset = 1
    var id = 1000
    // Ids keep four digits, so every pair has the same length and each offset is tried once.
    while offset < 2 * probe.count {
      let first = request(id, "table/contentSize", #"{"sessionId":"s1"}"#)
      let second = request(id + 1, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
      let bytes = FrameWriter.frame(Array(first.utf8)) + FrameWriter.frame(Array(second.utf8))
      guard offset < bytes.count else { break }
      daemon.write(Array(bytes[..<offset]))
      usleep(500)
      daemon.write(Array(bytes[offset...]))
      let answers = daemon.take(until: { Daemon.isResponse($0, id: .int(Int64(id + 1))) })
      let expected = [
        json(resultResponse("\(id)", #"{"width":320,"height":0}"#)),
        json(resultResponse("\(id + 1)", #"{"seq":0,"contentSize":{"width":320,"height":0}}"#)),
      ]
      #expect(answers == expected, "split at byte \(offset)")
      if answers != expected { break }
      offset += 1
      id += 2
    }
    daemon.expectAliveThenExit()
  }

  @Test func severalMessagesInOneWriteAreAnsweredInOrder() throws {
    let daemon = try Daemon()
    var bytes: [UInt8] = []
    bytes += FrameWriter.frame(Array(request(1, "initialize").utf8))
    bytes += FrameWriter.frame(Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8))
    bytes += FrameWriter.frame(
      Array(request(2, "session/create", #"{"viewport":{"width":320,"height":480},"interfaceStates":false}"#).utf8))
    for id in 3..<23 {
      bytes += FrameWriter.frame(Array(request(id, "table/contentSize", #"{"sessionId":"s1"}"#).utf8))
    }
    daemon.write(bytes)
    let answers = daemon.take(until: { Daemon.isResponse($0, id: .int(22)) })
    #expect(answers.count == 22)
    #expect(answers.first?["result"]?["serverInfo"]?["name"] == .string("layoutd"))
    #expect(answers.dropFirst().first == json(resultResponse("2", #"{"sessionId":"s1"}"#)))
    #expect(Array(answers.dropFirst(2)) == (3..<23).map { json(resultResponse("\($0)", #"{"width":320,"height":0}"#)) })
    daemon.expectAliveThenExit()
  }
}
