import Testing
@testable import NodeTree

/// `HeightsIndex` against a plain array on random operations.
@Suite struct HeightsIndexTests {
  /// Random inserts, removes, height changes and range edits agree with an array, and queries agree.
  @Test(arguments: [UInt64(1), 7, 42, 2024])
  func matchesNaiveArray(seed: UInt64) {
    print("HeightsIndex random seed \(seed)")
    var random = SplitMix64(seed: seed)
    var index = HeightsIndex()
    var naive: [Double] = []
    var handles: [HeightsIndex.Handle] = []
    let separator = 0.5
    for step in 0..<3000 {
      let choice = Int.random(in: 0..<10, using: &random)
      if choice < 4 || naive.isEmpty {
        let position = Int.random(in: 0...naive.count, using: &random)
        let height = Double(Int.random(in: 0...80, using: &random))
        handles.insert(index.insert(height, at: position), at: position)
        naive.insert(height, at: position)
      } else if choice < 6 {
        let position = Int.random(in: 0..<naive.count, using: &random)
        let removed = index.remove(at: position)
        #expect(removed?.height == naive[position])
        naive.remove(at: position)
        handles.remove(at: position)
      } else if choice < 8 {
        let position = Int.random(in: 0..<naive.count, using: &random)
        let height = Double(Int.random(in: 0...80, using: &random))
        index.setHeight(height, of: handles[position])
        naive[position] = height
      } else if choice == 8 {
        let position = Int.random(in: 0...naive.count, using: &random)
        let run = (0..<Int.random(in: 0...5, using: &random)).map { _ in Double(Int.random(in: 1...9, using: &random)) }
        handles.insert(contentsOf: index.insert(contentsOf: run, at: position), at: position)
        naive.insert(contentsOf: run, at: position)
      } else {
        let position = Int.random(in: 0..<naive.count, using: &random)
        let length = Int.random(in: 0...4, using: &random)
        let end = min(naive.count, position + length)
        let removed = index.removeSubrange(from: position, length: length)
        #expect(removed == Array(handles[position..<end]))
        naive.removeSubrange(position..<end)
        handles.removeSubrange(position..<end)
      }
      #expect(index.count == naive.count)
      if step % 50 == 0 || naive.count < 20 { check(index, naive, handles, separator) }
    }
    check(index, naive, handles, separator)
  }

  /// Full comparison of every query.
  private func check(_ index: HeightsIndex, _ naive: [Double], _ handles: [HeightsIndex.Handle], _ separator: Double) {
    var offset = 0.0
    for (position, height) in naive.enumerated() {
      #expect(index.offset(ofIndex: position, separator: separator) == offset)
      #expect(index.height(at: position) == height)
      #expect(index.index(of: handles[position]) == position)
      if height + separator > 0 {
        #expect(index.index(containingOffset: offset, separator: separator) == position)
        #expect(index.index(containingOffset: offset + (height + separator) / 2, separator: separator) == position)
      }
      offset += height + separator
    }
    #expect(index.totalHeight(separator: separator) == offset)
    #expect(index.index(containingOffset: offset, separator: separator) == nil)
    #expect(index.index(containingOffset: -1, separator: separator) == nil)
  }

  /// Zero-height rows are skipped by row-at-offset and never returned for an offset.
  @Test func zeroHeightRows() {
    let index = HeightsIndex(heights: [0, 10, 0, 0, 5])
    #expect(index.index(containingOffset: 0) == 1)
    #expect(index.index(containingOffset: 9.99) == 1)
    #expect(index.index(containingOffset: 10) == 4)
    #expect(index.totalHeight() == 15)
  }

  /// The benchmark runs and reports positive figures (timing itself is not asserted).
  @Test func benchmarkRuns() {
    let result = HeightsIndex.benchmark(rowCount: 10_000, operations: 1_000)
    #expect(result.rowCount == 10_000)
    #expect(result.insertNanoseconds > 0)
    #expect(result.finalCount == 10_000)
  }
}

/// Range scans by successor agree with indexed access.
@Suite struct HeightsIndexScanTests {
  @Test func handlesInRangeMatchIndexedAccess() {
    var random = SplitMix64(seed: 5)
    var index = HeightsIndex(heights: (0..<300).map(Double.init))
    for _ in 0..<200 { index.insert(1, at: Int.random(in: 0...index.count, using: &random)) }
    for _ in 0..<100 { index.remove(at: Int.random(in: 0..<index.count, using: &random)) }
    for (lower, upper) in [(0, index.count), (17, 123), (index.count - 1, index.count + 5), (5, 5), (-3, 2)] {
      let expected = (max(0, lower)..<min(index.count, upper)).compactMap { index.handle(at: $0) }
      #expect(index.handles(in: lower..<max(lower, upper)) == expected)
    }
  }
}

/// Deep trees: growth far past one branch (leaf and branch splits, new roots), then shrinking to empty
/// (empty leaves and branches removed, roots collapsed), compared with an array throughout.
@Suite struct HeightsIndexDeepTests {
  @Test func growAndShrink() {
    var random = SplitMix64(seed: 77)
    print("HeightsIndex deep seed 77")
    var index = HeightsIndex()
    var naive: [Double] = []
    var handles: [HeightsIndex.Handle] = []
    func verify() {
      #expect(index.count == naive.count)
      var offset = 0.0
      for position in stride(from: 0, to: naive.count, by: max(1, naive.count / 300)) {
        offset = naive[0..<position].reduce(0) { $0 + $1 + 0.25 }
        #expect(index.offset(ofIndex: position, separator: 0.25) == offset)
        #expect(index.handle(at: position) == handles[position])
        #expect(index.index(of: handles[position]) == position)
        #expect(index.height(of: handles[position]) == naive[position])
        #expect(index.index(containingOffset: offset + 0.1, separator: 0.25) == position)
      }
      #expect(index.handles(in: 0..<naive.count) == handles)
      #expect(index.totalHeight(separator: 0.25) == naive.reduce(0) { $0 + $1 + 0.25 })
    }
    for step in 0..<60_000 {
      let position = Int.random(in: 0...naive.count, using: &random)
      let height = Double(Int.random(in: 1...40, using: &random))
      handles.insert(index.insert(height, at: position), at: position)
      naive.insert(height, at: position)
      if step % 7 == 0, !naive.isEmpty {
        let target = Int.random(in: 0..<naive.count, using: &random)
        index.setHeight(height + 1, of: handles[target])
        naive[target] = height + 1
      }
      if step % 10_000 == 0 { verify() }
    }
    verify()
    #expect(index.levels >= 2)
    while !naive.isEmpty {
      let position = Int.random(in: 0..<naive.count, using: &random)
      let length = Int.random(in: 1...3, using: &random)
      let end = min(naive.count, position + length)
      #expect(index.removeSubrange(from: position, length: length) == Array(handles[position..<end]))
      naive.removeSubrange(position..<end)
      handles.removeSubrange(position..<end)
      if naive.count % 9_000 == 0 { verify() }
    }
    #expect(index.count == 0 && index.totalHeight() == 0)
    index.insert(5, at: 0)
    #expect(index.count == 1 && index.offset(ofIndex: 1) == 5)
  }

  @Test func bulkBuildThenEdit() {
    var random = SplitMix64(seed: 78)
    let heights = (0..<100_000).map { Double($0 % 13) }
    var index = HeightsIndex(heights: heights)
    var naive = heights
    for _ in 0..<2_000 {
      let position = Int.random(in: 0..<naive.count, using: &random)
      if Bool.random(using: &random) {
        index.insert(3, at: position)
        naive.insert(3, at: position)
      } else {
        #expect(index.remove(at: position)?.height == naive[position])
        naive.remove(at: position)
      }
    }
    var offset = 0.0
    for (position, height) in naive.enumerated() where position % 97 == 0 || position == naive.count - 1 {
      offset = naive[0..<position].reduce(0, +)
      #expect(index.offset(ofIndex: position) == offset)
      #expect(index.height(at: position) == height)
    }
    #expect(index.totalHeight() == naive.reduce(0, +))
  }
}
