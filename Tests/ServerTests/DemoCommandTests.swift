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
    // The stories row: 72 × 96 items 12 apart from x 12 (item k at 12 + 84 k), content 12 + 30 × 72 + 29 × 12 + 12 =
    // 2532. At x 0 (Minimum, Right: preload [−93.75, 562.5)) story0…story4 are visible (k = 4 starts at 348 < 375),
    // story0…story6 preloaded. Two drags of 375: at x 750 (Full, Right: preload [750 − 1.5 × 375, 1125 + 2.5 × 375) =
    // [187.5, 2062.5)) story8 (684…756) to story13 (1104…1176) are visible and story2…story24 preloaded (23).
    #expect(
      text.contains(
        "of 30 stories 72 × 96 pt, content 2,532 pt wide; x 0 pt  visible story0…story4  preloaded 7  mode minimum"))
    #expect(text.contains("stories dragged right one screen: x 375 pt  visible story4…story8"))
    #expect(
      text.contains("stories dragged right one screen: x 750 pt  visible story8…story13  preloaded 23  mode full"))
    // The snapshot of x 0…1125 draws story0…story13 (12 + 84 × 13 = 1104 < 1125).
    let stories = snapshot.deletingPathExtension().path + "-stories.svg"
    defer { try? FileManager.default.removeItem(atPath: stories) }
    #expect(text.contains("stories: \(stories) (14 stories of the horizontal row"))
    let row = (try? String(contentsOfFile: stories, encoding: .utf8)) ?? ""
    #expect(row.contains(#"data-row-id="story13""#) && !row.contains(#"data-row-id="story14""#))
    #expect(row.contains(#"class="band preload""#))
  }
}
