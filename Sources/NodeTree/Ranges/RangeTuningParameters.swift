/// How far a range extends past the viewport, in screenfuls (Texture's `ASRangeTuningParameters`). Pure value.
package struct RangeTuningParameters: Sendable, Hashable {
  /// Screenfuls ahead, in the scroll direction.
  package var leadingBufferScreenfuls: Double
  /// Screenfuls behind.
  package var trailingBufferScreenfuls: Double

  /// Creates tuning parameters.
  package init(leadingBufferScreenfuls: Double, trailingBufferScreenfuls: Double) {
    self.leadingBufferScreenfuls = leadingBufferScreenfuls
    self.trailingBufferScreenfuls = trailingBufferScreenfuls
  }

  /// (0, 0): the range is the viewport.
  package static let zero = RangeTuningParameters(leadingBufferScreenfuls: 0, trailingBufferScreenfuls: 0)
}

/// Which container a tuning table belongs to: tables and collections share defaults; pagers override some.
package enum RangeContainerKind: Sendable, Hashable {
  /// `ASTableNode`.
  case table
  /// `ASCollectionNode`.
  case collection
  /// `ASPagerNode`.
  case pager
}

/// Tuning for every (mode, range type) pair, with Texture's defaults (texture.md §3.5). Pure value.
package struct RangeTuningTable: Sendable, Hashable {
  /// Tuning by mode and type.
  private var values: [RangeMode: [RangeType: RangeTuningParameters]]

  /// Texture's defaults for `kind` (`+[ASAbstractLayoutController defaultTuningParameters]`, `ASPagerNode`).
  package init(defaultsFor kind: RangeContainerKind = .table) {
    func tuning(_ leading: Double, _ trailing: Double) -> RangeTuningParameters {
      RangeTuningParameters(leadingBufferScreenfuls: leading, trailingBufferScreenfuls: trailing)
    }
    values = [
      .full: [.display: tuning(1.0, 0.5), .preload: tuning(2.5, 1.5)],
      .minimum: [.display: tuning(0.25, 0.25), .preload: tuning(0.5, 0.25)],
      .visibleOnly: [.display: .zero, .preload: .zero],
      .lowMemory: [.display: .zero, .preload: .zero],
    ]
    if kind == .pager {
      values[.minimum] = [.display: .zero, .preload: tuning(1, 1)]
      values[.full] = [.display: tuning(1, 1), .preload: tuning(2, 2)]
    }
  }

  /// Tuning for `type` in `mode`; `.unspecified` reads Full (Texture's mode-less getters address Full).
  package subscript(mode: RangeMode, type: RangeType) -> RangeTuningParameters {
    get { values[mode == .unspecified ? .full : mode]?[type] ?? .zero }
    set { values[mode == .unspecified ? .full : mode, default: [:]][type] = newValue }
  }
}
