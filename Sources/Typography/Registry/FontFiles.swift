import Foundation

/// The file-system edge of the module: finding font files in directories and reading their bytes.
/// Blocking I/O; called by `FontRegistry` under its lock.
enum FontFiles {
  /// File extensions scanned (compared case-insensitively).
  static let extensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

  /// Descriptors of every readable face in the font files below `directories` (recursively, symlinks followed,
  /// in path order). Files that cannot be read or parsed are skipped: they can match no family.
  static func scan(_ directories: [String]) -> [FontDescriptor] {
    var paths: [String] = []
    let manager = FileManager.default
    for directory in directories {
      let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath()
      guard
        let walker = manager.enumerator(
          at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
      else { continue }
      for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
        paths.append(url.path)
      }
    }
    var descriptors: [FontDescriptor] = []
    for path in paths.sorted() {
      guard let bytes = try? read(path: path), let count = try? TableDirectory.fontCount(bytes: bytes) else {
        continue
      }
      for index in 0..<min(count, 256) {
        if let descriptor = try? FontDescriptor(bytes: bytes, path: path, fontIndex: index) {
          descriptors.append(descriptor)
        }
      }
    }
    return descriptors
  }

  /// The bytes of the file at `path`.
  /// - Throws: `TypographyError.unreadableFile` when it cannot be read.
  static func read(path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TypographyError.unreadableFile(path: path, reason: "no such file or not readable")
    }
    return [UInt8](data)
  }
}
