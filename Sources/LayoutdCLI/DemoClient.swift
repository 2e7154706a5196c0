import Foundation
import JSONCodec
import JSONRPC

/// A minimal blocking JSON-RPC client over a spawned daemon's pipes, for the demo and `layoutd snapshot`.
/// Notifications that arrive while a call waits for its response are kept in an inbox for the caller to handle
/// (as a node controller would) and counted by method. Not thread-safe: one caller.
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
  /// Notifications received and not yet taken, in arrival order.
  private var inbox: [JSONValue] = []
  /// Notifications received so far.
  private(set) var notificationCount = 0
  /// Notifications received so far, by method.
  private(set) var countsByMethod: [String: Int] = [:]
  /// Requests sent so far.
  private(set) var requestCount = 0
  /// `table/heightChanged` notifications received so far.
  var heightChanges: Int { countsByMethod["table/heightChanged", default: 0] }

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
    try call(method, .object(JSONObject(params.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })))
  }

  /// Sends a request with `params` as given and reads messages until its response.
  func call(_ method: String, _ params: JSONValue) throws -> JSONValue {
    let id = nextID
    nextID += 1
    requestCount += 1
    write(Message.request(id: .int(id), method: method, params: params).body)
    while true {
      let value = try readMessage()
      if case .int(id)? = value["id"] {
        if let error = value["error"] {
          throw Failure(description: "\(method): \(error["message"]?.stringValue ?? JSONWriter.string(error))")
        }
        return value["result"] ?? .null
      }
      if let name = value["method"]?.stringValue {
        notificationCount += 1
        countsByMethod[name, default: 0] += 1
        inbox.append(value)
      }
    }
  }

  /// Takes every notification received so far (oldest first) and empties the inbox.
  func takeNotifications() -> [JSONValue] {
    defer { inbox.removeAll(keepingCapacity: true) }
    return inbox
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

/// `{key: value, …}` in the order written: a shorthand for building request params and specs.
func obj(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
  .object(JSONObject(members.map { ($0.key, $0.value) }))
}
