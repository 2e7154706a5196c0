/// Iterative teardown of deeply nested values.
extension JSONValue {
  /// How deep a value may nest and still be dropped implicitly (by Swift's recursive destructor) on a thread
  /// with a 512 KiB stack, such as a Dispatch worker thread on Linux.
  ///
  /// Measured on x86_64 Linux, Swift 6.3.1, by dropping chains of one-element arrays and of
  /// `{"children":[...]}` objects on a 512 KiB pthread: overflow from 2,390 levels in a debug build and from
  /// 3,593 in a release build. 2,048 leaves room for the frames beneath the teardown and admits
  /// `deep-1000.json` (2,001 levels) inside a JSON-RPC envelope. Deeper values: use `dismantle()`.
  public static let implicitTeardownSafeDepth = 2_048

  /// Replaces this value with `.null` and releases the old one without recursion: containers are emptied onto
  /// an explicit stack before they die, so no destructor runs more than one level deep. Safe for any depth on
  /// any thread, provided no other copy of the value is alive (a copy would be torn down implicitly later).
  public mutating func dismantle() {
    var values: [JSONValue] = [.null]
    swap(&values[0], &self)
    JSONValue.dismantle(&values)
  }

  /// Releases every value in `values` (leaving it empty) without recursion.
  public static func dismantle(_ values: inout [JSONValue]) {
    var pending: [JSONValue] = []
    swap(&pending, &values)
    while let value = pending.popLast() {
      switch consume value {
      case .array(let items):
        // The stack now also holds the children, so freeing `items` only drops references.
        pending.append(contentsOf: items)
      case .object(let object):
        for member in object.storage { pending.append(member.value) }
      default:
        break
      }
    }
  }
}
