/// Sorting the keys of the batch plan's dictionaries, whose values depend on the generic cell content.
///
/// `dictionary.keys.sorted()` on such a dictionary is not specialized (its type depends on `Content`), so it ran
/// the standard library's generic sort, which allocates on every element access: about 65 allocations per inserted
/// row for each of the three sorts an insert made (DHAT, 1,000-row inserts). Collecting the keys into a concrete
/// array first sorts with the specialized, allocation-free sort. One function per element type on purpose: a
/// generic one, called from generic code, would run the unspecialized sort again.
extension Sequence where Element == TableIndexPath {
  /// The index paths in UIKit's order (section, then row).
  func sortedPaths() -> [TableIndexPath] {
    var paths: [TableIndexPath] = []
    paths.reserveCapacity(underestimatedCount)
    for path in self { paths.append(path) }
    paths.sort()
    return paths
  }
}

extension Sequence where Element == Int {
  /// The section indexes in increasing order.
  func sortedSections() -> [Int] {
    var sections: [Int] = []
    sections.reserveCapacity(underestimatedCount)
    for section in self { sections.append(section) }
    sections.sort()
    return sections
  }
}
