import Foundation
import JSONCodec
import JSONRPC

/// A minimal blocking JSON-RPC client over a spawned daemon's pipes, for the demo. Not thread-safe: one caller.
final class DemoClient {
  /// Why a call failed.
  struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var reader = FrameReader()
  private var nextID: Int64 = 1
  /// Notifications received so far.
  private(set) var notificationCount = 0
  /// `table/heightChanged` notifications received so far.
  private(set) var heightChanges = 0

  /// Spawns `executable --stdio` with its stdin and stdout on pipes (stderr is inherited).
  init(executable: String) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--stdio"]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  /// Sends a request and reads messages until its response; returns the result or throws the error message.
  func call(_ method: String, _ params: [String: JSONValue]) throws -> JSONValue {
    let id = nextID
    nextID += 1
    let object = JSONObject(params.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    write(Message.request(id: .int(id), method: method, params: .object(object)).body)
    while true {
      let value = try readMessage()
      if case .int(id)? = value["id"] {
        if let error = value["error"] {
          throw Failure(description: "\(method): \(error["message"]?.stringValue ?? JSONWriter.string(error))")
        }
        return value["result"] ?? .null
      }
      if value["method"] != nil {
        notificationCount += 1
        if value["method"]?.stringValue == "table/heightChanged" { heightChanges += 1 }
      }
    }
  }

  /// Sends a notification.
  func notify(_ method: String) {
    write(Message.notification(method: method, params: .object(JSONObject())).body)
  }

  /// Closes the daemon's stdin and waits for it to exit.
  func close() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  private func write(_ body: [UInt8]) {
    input.fileHandleForWriting.write(Data(FrameWriter.frame(body)))
  }

  private func readMessage() throws -> JSONValue {
    while true {
      if let event = reader.next() {
        switch event {
        case .message(let body): return try JSONParser.parse(body)
        case .error(let error): throw Failure(description: "bad frame from the daemon: \(error)")
        }
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { throw Failure(description: "the daemon closed its output") }
      reader.feed(Array(chunk))
    }
  }
}
