import Foundation
import JSONCodec

/// Drives one session of a spawned daemon for the differential test: each phase of a step is written at once
/// followed by `table/waitUntilAllUpdatesAreProcessed`, then `table/ranges` and `table/describe` are written together
/// (nothing is pending any more), and everything read is turned into a `LiveTableObservation`.
final class LiveTableDriver {
  /// The daemon (initialized).
  let daemon: Daemon
  /// The session id.
  let session: String
  /// The last request id used.
  private var requestID = 100
  /// True once a call went unanswered (the daemon should be replaced).
  private(set) var lost = false

  /// Drives `session` of `daemon` (not created yet).
  init(daemon: Daemon, session: String) {
    self.daemon = daemon
    self.session = session
  }

  /// Writes `calls` framed at once and reads until each is answered; the answers in call order (nil: none) and
  /// every message read.
  func exchange(_ calls: [(method: String, params: String)]) -> (answers: [JSONValue?], messages: [JSONValue]) {
    var ids: [Int] = []
    var text = ""
    for call in calls {
      requestID += 1
      ids.append(requestID)
      text += frameText(
        LiveTableWire.request(id: requestID, method: call.method, params: call.params, session: session))
    }
    daemon.write(Array(text.utf8))
    var pending = Set(ids)
    var answers: [Int: JSONValue] = [:]
    var messages: [JSONValue] = []
    while !pending.isEmpty, !lost {
      let more = daemon.take(until: { message in
        message.objectValue != nil && message["method"] == nil && message["id"]?.intValue.map(pending.contains) == true
      })
      messages += more
      guard let last = more.last, last["method"] == nil, let id = last["id"]?.intValue, pending.remove(id) != nil else {
        lost = true
        break
      }
      answers[id] = last
    }
    daemon.rawOutput.withLock { $0.removeAll(keepingCapacity: true) }
    return (ids.map { answers[$0] }, messages)
  }

  /// Performs a step given as phases and reads the daemon's side of it; `sections` (the model's
  /// `sectionQueries` and how many of them are frames) reads the sections fields too.
  func perform(
    _ phases: [[(method: String, params: String)]],
    sections: (queries: [(method: String, params: String)], frames: Int)? = nil
  ) -> LiveTableObservation {
    var answers: [JSONValue?] = []
    var messages: [JSONValue] = []
    for phase in phases {
      let (got, read) = exchange(phase + [("table/waitUntilAllUpdatesAreProcessed", "{}")])
      answers += got.dropLast()
      messages += read
    }
    let (queries, read) = exchange([("table/ranges", "{}"), ("table/describe", "{}")] + (sections?.queries ?? []))
    messages += read
    var observation = LiveTableObservation(
      session: session, answers: answers, messages: messages, ranges: queries[0]?["result"],
      describe: queries[1]?["result"])
    if let sections {
      observation.readSections(
        session: session, describe: queries[1]?["result"], ranges: queries[0]?["result"],
        answers: Array(queries.dropFirst(2)), frames: sections.frames, messages: messages)
    }
    return observation
  }

  /// Disposes the session and reads up to the answer.
  func dispose() {
    _ = exchange([("session/dispose", "{}")])
  }
}
