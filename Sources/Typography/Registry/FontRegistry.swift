import Synchronization

/// Finds fonts by family name, weight and style in font directories, and caches the parsed faces.
/// Thread-safe (`Sendable`; its state is guarded by a mutex), so one registry serves every layout queue.
///
/// The directories are scanned once, on the first lookup; each face is parsed once, when first asked for. The
/// built-in family `ahem` (FORMAT.md's test font) is always available. A family that is not installed is an error,
/// never a silent fallback to another family.
public final class FontRegistry: Sendable {
  /// Where fonts are looked for by default: the system's font directories.
  public static let defaultDirectories = ["/usr/share/fonts", "/usr/local/share/fonts"]
  /// A registry over `defaultDirectories`, shared by the process.
  public static let system = FontRegistry()

  /// The directories scanned (recursively) for .ttf, .otf, .ttc and .otc files.
  public let directories: [String]
  /// Scanned descriptors and parsed fonts.
  private let state = Mutex(State())

  /// The registry's mutable state.
  private struct State {
    /// Lower-cased family name → faces; nil until the directories are scanned.
    var index: [String: [FontDescriptor]]?
    /// Parsed faces by "path#index".
    var loaded: [String: Font] = [:]
    /// Faces added with `register(_:)`, by lower-cased family.
    var registered: [String: [FontDescriptor]] = [:]
    /// Answers already given, by (lower-cased family, weight, italic); cleared by `register(_:)`.
    var resolved: [Query: Font] = [:]
    /// Fallbacks already built, by (weight, italic) (family empty); cleared by `register(_:)`.
    var fallbacks: [Query: FontFallback] = [:]
  }

  /// One lookup's key.
  private struct Query: Hashable {
    /// Lower-cased family.
    var family: String
    /// Requested weight.
    var weight: Int
    /// Requested style.
    var italic: Bool
  }

  /// A registry over `directories` (default: the system's font directories); nothing is read until a lookup.
  public init(directories: [String] = FontRegistry.defaultDirectories) {
    self.directories = directories
  }

  /// Adds a face parsed by the caller (for example from bytes shipped with a client); it is matched like an
  /// installed face of its family and legacy family, ahead of installed faces with the same description.
  public func register(_ font: Font) {
    let key = "memory:\(font.identifier)"
    let descriptor = FontDescriptor(
      families: [font.family, font.legacyFamily], weight: font.weight, isItalic: font.isItalic,
      widthClass: font.widthClass, path: key, fontIndex: 0)
    state.withLock { state in
      state.resolved = [:]
      state.fallbacks = [:]
      state.loaded[key + "#0"] = font
      for family in Set([font.family.lowercased(), font.legacyFamily.lowercased()]) {
        state.registered[family, default: []].append(descriptor)
      }
    }
  }

  /// The face of `family` (case-insensitive) that best matches `weight` (CSS 1…1000) and `italic`, by the CSS
  /// font-matching rules (normal width first, then style, then nearest weight).
  /// - Throws: `TypographyError.fontNotFound(family:)` when no installed or registered face has that family;
  ///   a `TypographyError` when the chosen file cannot be read or parsed.
  public func font(family: String, weight: Int = 400, italic: Bool = false) throws -> Font {
    let key = family.lowercased()
    if key == "ahem" { return Font.ahem }
    let query = Query(family: key, weight: weight, italic: italic)
    return try state.withLock { state in
      if let font = state.resolved[query] { return font }
      let index = Self.index(&state, directories)
      let faces = (state.registered[key] ?? []) + (index[key] ?? [])
      guard let best = FontMatching.best(faces, weight: weight, italic: italic) else {
        throw TypographyError.fontNotFound(family: family)
      }
      let id = "\(best.path)#\(best.fontIndex)"
      let font: Font
      if let loaded = state.loaded[id] {
        font = loaded
      } else {
        font = try Font(bytes: try FontFiles.read(path: best.path), identifier: id, fontIndex: best.fontIndex)
        state.loaded[id] = font
      }
      state.resolved[query] = font
      return font
    }
  }

  /// The fallback for runs of `weight` and `italic` (Protocol.md, "Font fallback"): the group `standardFamilies`,
  /// the emoji font `emojiFamily` and the system fonts `systemFallbackFamilies` then every other installed family
  /// by name (loaded when a cluster reaches it), each face chosen like `font(family:weight:italic:)`; families that
  /// are not installed are left out.
  /// Built once per weight and style. Thread-safe.
  public func fallback(weight: Int = 400, italic: Bool = false) -> FontFallback {
    let query = Query(family: "", weight: weight, italic: italic)
    if let cached = state.withLock({ $0.fallbacks[query] }) { return cached }
    func face(_ family: String) -> Font? { try? font(family: family, weight: weight, italic: italic) }
    let group = Self.standardFamilies.first(where: hasFamily).flatMap(face).map { [$0] } ?? []
    let emoji = face(Self.emojiFamily)
    let preferred = Self.systemFallbackFamilies.map { $0.lowercased() }
    let others = families().filter { !preferred.contains($0.lowercased()) && $0.lowercased() != "ahem" }
    var system: [Font] = []
    // The system fallback is the face fontconfig finds for the character alone (its charset and language, no
    // style): a family's regular face, which Chromium then draws with synthetic bold or slant (no advance added).
    func regular(_ family: String) -> Font? { try? font(family: family, weight: 400, italic: false) }
    for family in Self.systemFallbackFamilies where hasFamily(family) {
      if let font = regular(family), !system.contains(font) { system.append(font) }
    }
    let fallback = FontFallback(
      group: group, emoji: emoji, system: system, others: others,
      load: { [weak self] family in try? self?.font(family: family, weight: 400, italic: false) })
    state.withLock { $0.fallbacks[query] = fallback }
    return fallback
  }

  /// Chromium's standard font on Linux, `Times New Roman`, and the family fontconfig finds for it when it is not
  /// installed (its metric twin): the first one installed ends the font group of every run.
  public static let standardFamilies = ["Times New Roman", "Liberation Serif"]
  /// The colour emoji family.
  public static let emojiFamily = "Noto Color Emoji"
  /// The system fallback families first tried, in the order fontconfig sorts them for a character in an `en-US`
  /// page on Debian with the fonts the tests install (`fc-match -s ':lang=en-us:charset=…'`).
  public static let systemFallbackFamilies = [
    "DejaVu Sans", "Inter", "Inter Display", "DejaVu Math TeX Gyre", "DejaVu Sans Mono", "DejaVu Serif",
    "Noto Sans CJK JP", "Liberation Sans", "Liberation Serif", "Noto Color Emoji",
  ]

  /// True when `family` (case-insensitive) is `ahem`, registered or installed: `font(family:)` finds a face for it.
  public func hasFamily(_ family: String) -> Bool {
    let key = family.lowercased()
    if key == "ahem" { return true }
    return state.withLock { state in
      state.registered[key] != nil || Self.index(&state, directories)[key] != nil
    }
  }

  /// Every family name available (installed, registered and `ahem`), sorted case-insensitively.
  public func families() -> [String] {
    state.withLock { state in
      let index = Self.index(&state, directories)
      var names: [String: String] = ["ahem": "ahem"]
      for faces in Array(index.values.joined()) + Array(state.registered.values.joined()) {
        for family in faces.families { names[family.lowercased()] = family }
      }
      return names.keys.sorted().compactMap { names[$0] }
    }
  }

  /// The family index, scanning the directories on first use.
  private static func index(_ state: inout State, _ directories: [String]) -> [String: [FontDescriptor]] {
    if let index = state.index { return index }
    var index: [String: [FontDescriptor]] = [:]
    for descriptor in FontFiles.scan(directories) {
      for family in Set(descriptor.families.map { $0.lowercased() }) {
        index[family, default: []].append(descriptor)
      }
    }
    state.index = index
    return index
  }
}
