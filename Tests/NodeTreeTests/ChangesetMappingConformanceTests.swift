import JSONCodec
import Testing
@testable import NodeTree

/// Every case of changeset-mapping.json through `IntegerMap` (Texture's `ASIntegerMap`, texture.md §1.9).
@Suite struct ChangesetMappingConformanceTests {
  static let cases = TextureFixture.cases("changeset-mapping")

  @Test func fileHasAllCases() { #expect(Self.cases.count == 8) }

  @Test(arguments: cases)
  func mapping(_ fixture: TextureFixture.Case) {
    let map = IntegerMap(
      oldCount: fixture.input["oldCount"]?.intValue ?? 0, deleted: fixture.input["deleted"]?.ints ?? [],
      inserted: fixture.input["inserted"]?.ints ?? [])
    for (key, value) in fixture.expected["oldToNew"]?.objectValue?.members ?? [] {
      #expect(map.newIndex(forOld: Int(key) ?? -1) == value.intValue, "old \(key)")
    }
    switch fixture.expected["kind"]?.stringValue {
    case "identity": #expect(map.isIdentity)
    case "empty": #expect(map.isEmpty)
    default: #expect(!map.isIdentity && !map.isEmpty)
    }
  }

  /// The inverse map agrees with the forward map.
  @Test func inverse() {
    let map = IntegerMap(oldCount: 5, deleted: [0, 1, 3], inserted: [1, 2, 4])
    for old in 0..<5 {
      if let new = map.newIndex(forOld: old) { #expect(map.oldIndex(forNew: new) == old) }
    }
    #expect(map.oldIndex(forNew: 1) == nil)
    #expect(map.newCount == 5)
  }
}
