import Foundation
import JSONCodec
import JSONRPC
import Testing

/// Issue "Hostile input": the daemon's parser over the JSON corpus (`Tests/Fixtures/json`): every invalid document
/// gets -32700 (`id: null`) and the daemon stays up; every valid document that is not a request gets -32600 (an
/// array: one -32600 per element, an empty array: one -32600). Documents nested deeper than the transport's limit
/// (2,048) get -32700 by that documented limit. After each document a query shows the daemon still answers.
@Suite struct JSONCorpusTests {
  /// The corpus directory.
  static let directory = Daemon.root.appendingPathComponent("Tests/Fixtures/json")

  /// The corpus files whose names start with `prefix`, sorted.
  static func files(_ prefix: String) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().map {
      directory.appendingPathComponent($0)
    }
  }

  /// The messages the daemon sent for one document, then whether the probe after it was answered.
  static func answers(_ daemon: Daemon, _ body: [UInt8], probe: Int) -> (answers: [JSONValue], alive: Bool) {
    let query = #"{"jsonrpc":"2.0","id":"probe-\#(probe)","method":"table/contentSize","params":{"sessionId":"s1"}}"#
    let taken = daemon.exchange(
      bytes: FrameWriter.frame(body) + FrameWriter.frame(Array(query.utf8)), answering: .string("probe-\(probe)"))
    guard let last = taken.last, Daemon.isResponse(last, id: .string("probe-\(probe)")) else { return (taken, false) }
    return (Array(taken.dropLast()), last["result"] != nil)
  }

  @Test func everyInvalidDocumentIsAParseErrorAndTheDaemonStaysUp() throws {
    let files = Self.files("n_")
    #expect(files.count >= 90)
    let daemon = try Daemon()
    daemon.startSession()
    for (index, file) in files.enumerated() {
      let body = Array((try? Data(contentsOf: file)) ?? Data())
      let (answers, alive) = Self.answers(daemon, body, probe: index)
      #expect(alive, "\(file.lastPathComponent): the daemon stopped answering")
      #expect(answers.count == 1, "\(file.lastPathComponent): \(answers)")
      #expect(
        answers.first?["id"] == .null && answers.first?["error"]?["code"] == .int(-32700), "\(file.lastPathComponent)")
    }
    daemon.expectAliveThenExit()
  }

  @Test func everyValidDocumentThatIsNotARequestIsAnInvalidRequest() throws {
    let files = Self.files("y_")
    #expect(files.count >= 75)
    let daemon = try Daemon()
    daemon.startSession()
    for (index, file) in files.enumerated() {
      let body = Array((try? Data(contentsOf: file)) ?? Data())
      let (answers, alive) = Self.answers(daemon, body, probe: index)
      #expect(alive, "\(file.lastPathComponent): the daemon stopped answering")
      let codes: [JSONValue?] = answers.flatMap { answer -> [JSONValue?] in
        if let batch = answer.arrayValue { return batch.map { $0["error"]?["code"] } }
        return [answer["error"]?["code"]]
      }
      let deep = (try? JSONParser.parse(body, maxDepth: 2_048)) == nil
      let expected: JSONValue = deep ? .int(-32700) : .int(-32600)
      #expect(!codes.isEmpty && codes.allSatisfy { $0 == expected }, "\(file.lastPathComponent): \(answers)")
    }
    daemon.expectAliveThenExit(allowArrays: true)  // batches of non-requests are answered with arrays
  }
}
