/// How much room a measured leaf is offered along one axis, in points (before pixel-grid rounding).
public enum SizeConstraint: Sendable, Equatable, Hashable {
  /// The leaf must take exactly this size.
  case exactly(Double)
  /// The leaf may take up to this size.
  case atMost(Double)
  /// No limit (CSS max-content).
  case unbounded
}
