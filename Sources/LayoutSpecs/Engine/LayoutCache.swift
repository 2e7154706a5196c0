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
struct ElementLayoutCache: Sendable {
  /// One remembered answer. A class, so an element whose cache is empty (every cell a session holds once it is
  /// measured, see `releaseCachedLayouts`) pays two pointers for it, not two inline entries (about 300 bytes).
  private final class Entry: Sendable {
    /// The request.
    let key: LayoutCacheKey
    /// `layoutThatFits`' answer to it.
    let layout: Layout

    /// An entry from its parts.
    init(key: LayoutCacheKey, layout: Layout) {
      self.key = key
      self.layout = layout
    }
  }

  /// First entry.
  private var first: Entry?
  /// Second entry.
  private var second: Entry?
  /// True when the next store goes to `second`.
  private var replaceSecond = false

  /// An empty cache.
  init() {}

  /// The layout cached for `key`, if any.
  func layout(for key: LayoutCacheKey) -> Layout? {
    if let e = first, e.key.matches(key) { return e.layout }
    if let e = second, e.key.matches(key) { return e.layout }
    return nil
  }

  /// Remembers `layout` as the answer to `key`, replacing the older entry.
  mutating func store(_ layout: Layout, for key: LayoutCacheKey) {
    let entry = Entry(key: key, layout: layout)
    if replaceSecond { second = entry } else { first = entry }
    replaceSecond.toggle()
  }
}
