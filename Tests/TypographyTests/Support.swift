import Foundation
import Testing

@testable import Typography

/// Shared helpers: the DejaVu fonts of the test machines and the browser fixture under Tests/Fixtures/text.
enum Support {
  /// Directory of the installed DejaVu fonts (Debian package fonts-dejavu-core).
  static let dejaVuDirectory = "/usr/share/fonts/truetype/dejavu"

  /// The bytes of a DejaVu font file.
  static func bytes(_ file: String) throws -> [UInt8] {
    let path = "\(dejaVuDirectory)/\(file)"
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TypographyError.unreadableFile(path: path, reason: "missing (install fonts-dejavu-core)")
    }
    return [UInt8](data)
  }

  /// DejaVu Sans Book, parsed once.
  static let dejaVuSans: Result<Font, any Error> = Result {
    try Font(bytes: bytes("DejaVuSans.ttf"), identifier: "sans")
  }
  /// DejaVu Sans Bold, parsed once.
  static let dejaVuSansBold: Result<Font, any Error> = Result {
    try Font(bytes: bytes("DejaVuSans-Bold.ttf"), identifier: "bold")
  }

  /// Tests/Fixtures/text, located from this file.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/text")

  /// The browser fixture as JSON objects.
  static func browserData() throws -> [String: Any] {
    let data = try Data(contentsOf: fixtures.appendingPathComponent("dejavu-browser.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// Lays `text` out in ahem at `size` (kerning is irrelevant for ahem).
  static func ahem(
    _ text: String, size: Double = 10, width: SizeConstraint, options: TextOptions = TextOptions()
  ) -> TextLayout {
    TextLayout(text: text, font: .ahem, size: size, options: options, width: width)
  }
}
