import Foundation

/// Locates and reads the JSON corpus under `Tests/Fixtures/json`.
enum Fixtures {
  /// The corpus directory, found from this file's path.
  static let directory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/json")

  /// Names of corpus files starting with `prefix`, sorted.
  static func names(prefix: String) -> [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return all.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  /// The bytes of corpus file `name`.
  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
  }
}
