/// One value behind a single reference: copying the box retains one buffer however many the value holds, and
/// writing to a shared box copies the value first (an array's copy-on-write). For rarely written state of a value
/// that is copied often, such as `ElementMap`'s headers and footers. Pure value.
struct CopyOnWriteBox<Value: Sendable>: Sendable {
  /// Exactly one element.
  private var storage: [Value]

  /// Boxes `value`.
  init(_ value: Value) { storage = [value] }

  /// The boxed value; modified in place when the box is not shared.
  var value: Value {
    get { storage[0] }
    _modify { yield &storage[0] }
  }
}
