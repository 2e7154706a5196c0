/// A row's stable identity within one table: chosen by the client or assigned by the model ("r17").
///
/// Pure value; row ids never change when a row moves, and a reload keeps the id while bumping the generation.
package struct RowID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The id text as the client sees it.
  package var rawValue: String

  /// Wraps an id string.
  package init(_ rawValue: String) { self.rawValue = rawValue }

  /// The id text.
  package var description: String { rawValue }

  /// Orders ids by their text (used only to make outputs deterministic).
  package static func < (lhs: RowID, rhs: RowID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A row position: section index and row index inside that section (UIKit's `NSIndexPath`).
///
/// Which index space it addresses (old, new, pending, visible) is stated by whoever takes or returns it.
package struct TableIndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Section index.
  package var section: Int
  /// Row index inside the section.
  package var row: Int

  /// Creates an index path.
  package init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }

  /// Orders by section, then row (UIKit's `compare:`).
  package static func < (lhs: TableIndexPath, rhs: TableIndexPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
  }

  /// Renders as `[section, row]`, the form error messages use.
  package var description: String { "[\(section), \(row)]" }
}
