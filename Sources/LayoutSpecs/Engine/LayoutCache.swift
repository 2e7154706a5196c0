import Synchronization

/// The identity of a set of measurers for the layout cache: two environments share cached layouts only when they
/// share a domain (copies of one environment do; changing a measurer starts a new domain). Immutable.
package final class LayoutCacheDomain: Sendable {
  /// A new, unique domain.
  package init() {}
}

/// What a cached layout was computed for: the environment (measurers, scale, depth limit), the size range after
/// the caller's intersection and the parent size (percentages resolve against it). Pure value.
struct LayoutCacheKey: Sendable {
  /// The environment's measurers.
  var domain: LayoutCacheDomain
  /// The environment's screen scale.
  var scale: Double
  /// The environment's nesting limit (a deeper limit may accept what a shallower one refuses).
  var maxDepth: Int
  /// The environment's inherited box direction.
  var rightToLeft: Bool
  /// The range passed to `layoutThatFits`, points.
  var range: SizeRange
  /// The parent size passed to `layoutThatFits`, points (NaN = undefined).
  var parentSize: Size

  /// True when a layout computed for `other` answers this request: same domain, and every number equal (NaN
  /// equal to NaN).
  func matches(_ other: LayoutCacheKey) -> Bool {
    domain === other.domain && maxDepth == other.maxDepth && rightToLeft == other.rightToLeft
      && Self.same(scale, other.scale)
      && Self.same(range.min, other.range.min) && Self.same(range.max, other.range.max)
      && Self.same(parentSize, other.parentSize)
  }

  /// Equal sizes, NaN components equal to NaN.
  private static func same(_ a: Size, _ b: Size) -> Bool { same(a.width, b.width) && same(a.height, b.height) }

  /// Equal numbers, NaN equal to NaN.
  private static func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
}

/// An element's calculated layouts, in the spirit of Texture's `_calculatedDisplayNodeLayout`: the last two
/// (request, layout) pairs, so a relayout with nothing changed is answered without descending into the element.
///
/// Elements are immutable, so an entry never goes stale; a changed element is a new element with an empty cache.
/// Two entries because a parent often asks the same child twice per pass (measure, then final size). The element's
/// storage keeps it inline behind a lock (`Mutex<ElementLayoutCache>`: the same element may be laid out on several
/// layout queues at once): a session holds every element of every cell, and a separate cache object cost each one
/// an allocation and about 64 bytes, most of them never used (only roots, stacks, text and boxes cache).
///
/// One pointer wide: both entries live in one immutable object, so an element whose cache is empty (every cell a
/// session holds once it is measured, see `releaseCachedLayouts`) pays 8 bytes for it (two entry pointers and a
/// flag took 17, and with the lock made every element's storage 112 bytes of heap instead of 64).
struct ElementLayoutCache: Sendable {
  /// The two latest answers: the newest, and the one stored before it.
  private final class Entries: Sendable {
    /// The newest request.
    let key: LayoutCacheKey
    /// `layoutThatFits`' answer to it.
    let layout: Layout
    /// The request stored before it, if any.
    let olderKey: LayoutCacheKey?
    /// The answer to `olderKey`.
    let olderLayout: Layout?

    /// Entries from their parts.
    init(key: LayoutCacheKey, layout: Layout, olderKey: LayoutCacheKey?, olderLayout: Layout?) {
      self.key = key
      self.layout = layout
      self.olderKey = olderKey
      self.olderLayout = olderLayout
    }
  }

  /// The entries (nil: none).
  private var entries: Entries?

  /// An empty cache.
  init() {}

  /// The layout cached for `key`, if any.
  func layout(for key: LayoutCacheKey) -> Layout? {
    guard let entries else { return nil }
    if entries.key.matches(key) { return entries.layout }
    if let older = entries.olderKey, older.matches(key) { return entries.olderLayout }
    return nil
  }

  /// Remembers `layout` as the answer to `key`; the entry stored before the newest is dropped.
  mutating func store(_ layout: Layout, for key: LayoutCacheKey) {
    entries = Entries(key: key, layout: layout, olderKey: entries?.key, olderLayout: entries?.layout)
  }
}
