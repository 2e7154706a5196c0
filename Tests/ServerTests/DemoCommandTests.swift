import Foundation
import Testing

/// `layoutd demo` spawns a daemon and scrolls a photo feed through it; run as a process.
@Suite struct DemoCommandTests {
  @Test func demoRunsToCompletion() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let snapshot = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-demo-test-\(getpid()).svg")
    defer { try? FileManager.default.removeItem(at: snapshot) }
    let process = Process()
    process.executableURL = root.appendingPathComponent(".build/debug/layoutd")
    process.arguments = ["demo", "40", "--snapshot", snapshot.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    // The empty table asks for a page at once; the second page comes by batch fetching while scrolling.
    #expect(text.contains("table/willBeginBatchFetch (empty table) → page 1 inserted: 20 photos"))
    #expect(text.contains("done: 40 photos in 2 pages by batch fetching"))
    // Every row passes through the preload range on the way down, so every row's comments are loaded.
    #expect(text.contains("comments loaded on preload for 40 rows"))
    // The resize re-lays out every row (the photos all grow with the width: a height change each, plus any comment
    // load still running).
    #expect(text.contains("window resized 375 → 414 pt: 40 rows re-laid out in the background, 4"))
    #expect(text.contains("snapshot: \(snapshot.path)"))
    // Each page is a section under a "Day N" header cell; scrolled into the first section, its header is pinned at
    // the top (plain style).
    #expect(text.contains("sections: 2, one per page"))
    #expect(text.contains("header day1 pinned"))
    let svg = (try? String(contentsOf: snapshot, encoding: .utf8)) ?? ""
    #expect(svg.hasPrefix("<?xml") && svg.contains("<svg") && svg.contains(#"class="row""#))
    #expect(svg.contains(#"data-row-id="day"#))
  }
}
