import Server
import Synchronization

/// The daemon's cell layouts (`CellFrames`) of one `layoutd layout` run, one per screen scale, made when first
/// asked for: making one scans the font directories, which a run of a million lines must do once, not per line.
/// Thread-safe: the JSON Lines workers share it.
final class CellFramesCache: Sendable {
  /// Layouts made so far, by scale.
  private let byScale = Mutex<[Double: CellFrames]>([:])

  /// The layout at `scale` with `options`' font directories and limits (the same `options` on every call of a run).
  func frames(scale: Double, options: ServerOptions) -> CellFrames {
    if let cached = byScale.withLock({ $0[scale] }) { return cached }
    let made = CellFrames(scale: scale, options: options)
    return byScale.withLock { cache in
      if let raced = cache[scale] { return raced }
      cache[scale] = made
      return made
    }
  }
}
