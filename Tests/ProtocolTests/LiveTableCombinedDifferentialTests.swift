import Foundation
import Testing

/// Issue 15's combined random differential test: the live-semantics sequences of `LiveTableDifferentialTests`
/// (edits, drags and programmatic scrolls, viewport and inset changes, range modes and tuning, visibility,
/// application events, batch fetching; inverted for odd seeds) on a table of sections with fixed and cell headers
/// and footers (plain for two seeds in three, grouped with random spacing for the rest), mixed with the sections
/// steps of `LiveTableStepGenerator+Sections` (setHeader/setFooter alone and as batch ops, section inserts,
/// deletes, reloads and moves carrying theirs, reloadData, header and footer cells re-laid out, scrolls through
/// sticky headers and footers). After every step the daemon and `LiveTableModel` are compared on everything the
/// live test compares (the states and pushes now include header and footer cells) plus every header and footer
/// (`table/describe`, `table/supplementaryFrame`), `table/elementAtPoint` at three points, `table/elementsInRect`
/// of the viewport and the `table/supplementaryHeightChanged` pushes. Failures print their seed and are shrunk.
///
/// It is a test of `LiveTableDifferentialTests`, whose tests run one after the other (`.serialized`), so the suite
/// never drives more daemons at once than `LAYOUTD_DIFF_WORKERS`.
///
/// Environment: `LAYOUTD_COMBINED_SEQUENCES` (default 300), `LAYOUTD_COMBINED_STEPS` (40), `LAYOUTD_COMBINED_SEED`
/// (replay that one sequence); workers, shrinking and triage as in `LiveTableDifferentialTests` (`LAYOUTD_DIFF_*`).
extension LiveTableDifferentialTests {
  @Test func randomCombinedSequencesMatchTheModel() async throws {
    let replaySeed = ProcessInfo.processInfo.environment["LAYOUTD_COMBINED_SEED"].flatMap { UInt64($0) }
    let count = replaySeed == nil ? Self.setting("LAYOUTD_COMBINED_SEQUENCES", 300) : 1
    await Self.runSequences(
      label: "LiveTableCombinedDifferential", replaySeed: replaySeed, count: count,
      steps: Self.setting("LAYOUTD_COMBINED_STEPS", 40), sections: true)
  }
}
