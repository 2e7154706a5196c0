/// Old-index → new-index mapping along one axis for a batch of deletes (old space) and inserts (new space).
/// Texture's `ASIntegerMap mapForUpdateWithOldCount:deleted:inserted:` (texture.md §1.9).
///
/// Pure value. Take old indexes 0…n−1, drop the deleted ones and close the gaps, then for each inserted index in
/// ascending order shift every surviving position ≥ it up by one. O(k) per lookup for k inserts.
package struct IntegerMap: Sendable, Equatable {
  /// Number of indexes before the update.
  package let oldCount: Int
  /// Deleted old indexes, ascending, without duplicates.
  package let deleted: [Int]
  /// Inserted new indexes, ascending, without duplicates.
  package let inserted: [Int]

  /// Creates the map for `oldCount` indexes with the given deletes (old space) and inserts (new space).
  package init(oldCount: Int, deleted: some Sequence<Int>, inserted: some Sequence<Int>) {
    self.oldCount = oldCount
    self.deleted = Array(Set(deleted)).sorted()
    self.inserted = Array(Set(inserted)).sorted()
  }

  /// The identity map over `count` indexes.
  package static func identity(count: Int) -> IntegerMap { IntegerMap(oldCount: count, deleted: [], inserted: []) }

  /// True when nothing moves (Texture's identity map).
  package var isIdentity: Bool { oldCount > 0 && deleted.isEmpty && inserted.isEmpty }

  /// True when there is nothing to map (Texture's empty map: no old indexes).
  package var isEmpty: Bool { oldCount == 0 }

  /// Number of indexes after the update.
  package var newCount: Int { oldCount - deleted.count + inserted.count }

  /// New index of old index `old`, nil when it was deleted or is out of range.
  package func newIndex(forOld old: Int) -> Int? {
    guard old >= 0, old < oldCount else { return nil }
    let deletedBefore = countLess(than: old, in: deleted)
    if deletedBefore < deleted.count, deleted[deletedBefore] == old { return nil }
    var position = old - deletedBefore
    for index in inserted {
      if index <= position { position += 1 } else { break }
    }
    return position
  }

  /// Old index that maps to new index `new`, nil when `new` was inserted or is out of range.
  package func oldIndex(forNew new: Int) -> Int? {
    guard new >= 0, new < newCount else { return nil }
    let insertedBefore = countLess(than: new, in: inserted)
    if insertedBefore < inserted.count, inserted[insertedBefore] == new { return nil }
    var position = new - insertedBefore
    for index in deleted {
      if index <= position { position += 1 } else { break }
    }
    return position
  }

  /// Number of elements of the ascending array `values` that are < `value` (binary search).
  private func countLess(than value: Int, in values: [Int]) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let mid = (low + high) / 2
      if values[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
