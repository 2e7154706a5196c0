import Foundation
import Testing

/// `layoutd demo` spawns a daemon and drives a feed session through it; run as a process.
@Suite struct DemoCommandTests {
  @Test func demoRunsToCompletion() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let process = Process()
    process.executableURL = root.appendingPathComponent(".build/debug/layoutd")
    process.arguments = ["demo", "40"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.contains("page 2: 40 rows committed"))
    // Rows 0, 10, 20, 30 get three more comments each, so each of the four grows: four height notifications.
    #expect(text.contains("comments arrived for 4 rows → 4 table/heightChanged notifications"))
    #expect(text.contains("done: 40 cells laid out by the daemon"))
  }
}
