import JSONCodec
import Testing
@testable import NodeTree

/// Every case of update-validation.json through `TableNode.performBatch` (texture.md §1.8, §1.9).
@Suite struct UpdateValidationConformanceTests {
  static let cases = TextureFixture.cases("update-validation")

  @Test func fileHasAllCases() { #expect(Self.cases.count == 20) }

  @Test(arguments: cases)
  func validation(_ fixture: TextureFixture.Case) throws {
    let input = fixture.input
    let oldCounts = input["oldItemCounts"]?.ints ?? []
    let newCounts = input["newItemCounts"]?.ints ?? []
    let expectedValid = fixture.expected["valid"]?.boolValue ?? false
    var table: TableNode<Int>
    if input["initialReloadDataHasBeenCalled"]?.boolValue == false {
      table = TableNode<Int>()
    } else {
      table = try makeTable(oldCounts)
    }
    let operations = (input["operations"]?.arrayValue ?? []).map { operation(from: $0, newCounts: newCounts) }
    let before = snapshot(table)
    do {
      let result = try table.performBatch(BatchUpdate(operations, expectedRowCounts: newCounts))
      #expect(expectedValid, "expected failure \(fixture.expected["reason"]?.stringValue ?? "")")
      if fixture.expected["reason"]?.stringValue == "ignoredBeforeInitialReload" {
        #expect(result.ignoredBeforeInitialReload)
        #expect(snapshot(table) == before)
      }
      if let map = fixture.expected["oldToNew"]?.objectValue {
        for (key, value) in map.members {
          let parts = key.split(separator: ",").compactMap { Int($0) }
          let old = TableIndexPath(section: parts[0], row: parts[1])
          #expect(result.changeSet.newIndexPath(forOld: old) == value.indexPath, "old \(key)")
        }
        // The pending map holds the new counts at once; the visible map still the old ones.
        #expect(table.pendingMap.sectionCounts == newCounts)
        if !result.layoutRequests.isEmpty { #expect(table.visibleMap.sectionCounts == oldCounts) }
      }
    } catch {
      #expect(!expectedValid, "unexpected error: \(error.message)")
      #expect(reason(of: error) == fixture.expected["reason"]?.stringValue)
      #expect(snapshot(table) == before, "an invalid batch must change nothing")
    }
  }

  /// Builds a batch operation from a fixture operation; inserted sections take their rows from `newCounts`.
  private func operation(from json: JSONValue, newCounts: [Int]) -> BatchOperation<Int> {
    let paths = (json["indexPaths"]?.arrayValue ?? []).compactMap(\.indexPath)
    let sections = json["sections"]?.ints ?? []
    func rows(_ section: Int) -> [RowSpec<Int>] {
      let count = newCounts.indices.contains(section) ? newCounts[section] : 0
      return (0..<count).map { RowSpec(content: $0) }
    }
    switch json["op"]?.stringValue {
    case "insertItems": return .insertRows(paths.map { ($0, RowSpec(content: 0)) })
    case "deleteItems": return .deleteRows(paths.map { .indexPath($0) })
    case "reloadItems": return .reloadRows(paths.map { (.indexPath($0), nil) })
    case "moveItem":
      let from = json["from"]?.indexPath ?? TableIndexPath(section: 0, row: 0)
      return .moveRow(from: .indexPath(from), to: json["to"]?.indexPath ?? from)
    case "insertSections": return .insertSections(sections.map { ($0, rows($0)) })
    case "deleteSections": return .deleteSections(sections)
    case "reloadSections": return .reloadSections(sections.map { ($0, rows($0)) })
    case "moveSection": return .moveSection(from: json["from"]?.intValue ?? 0, to: json["to"]?.intValue ?? 0)
    default: return .deleteSections([])
    }
  }
}

/// The fixture's reason name for an error.
func reason(of error: NodeTreeError) -> String {
  switch error {
  case .reloadAndDeleteSameSection: return "reloadAndDeleteSameSection"
  case .invalidNumberOfSections: return "invalidNumberOfSections"
  case .deleteSectionOutOfBounds: return "deleteSectionOutOfBounds"
  case .deleteRowSectionOutOfBounds: return "deleteItemSectionOutOfBounds"
  case .deleteRowOutOfBounds: return "deleteItemOutOfBounds"
  case .insertRowSectionOutOfBounds: return "insertItemSectionOutOfBounds"
  case .insertRowOutOfBounds: return "insertItemOutOfBounds"
  case .insertSectionOutOfBounds: return "insertSectionOutOfBounds"
  case .deleteAndReloadSameRow: return "deleteAndReloadSameItem"
  case .invalidNumberOfRows: return "invalidNumberOfItems"
  default: return "daemon:\(error.message)"
  }
}

/// Everything observable about a table, for "nothing changed" checks.
struct TableSnapshot: Equatable {
  let pending: [[RowID]]
  let visible: [[RowID]]
  let visibleHeights: [Double?]
  let generations: [UInt64?]
  let submitted: Int
  let committed: Int
  let processing: Bool
}

/// Captures a table's observable state.
func snapshot<C>(_ table: TableNode<C>) -> TableSnapshot {
  let pending = table.pendingMap.allRowIDs
  let visible = table.visibleMap.allRowIDs
  return TableSnapshot(
    pending: pending, visible: visible, visibleHeights: visible.joined().map { table.visibleMap.height(of: $0) },
    generations: pending.joined().map { table.cell($0)?.generation }, submitted: table.lastSubmittedSeq,
    committed: table.lastCommittedSeq, processing: table.isProcessingUpdates)
}
