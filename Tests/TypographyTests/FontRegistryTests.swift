import Testing

@testable import Typography

/// Font lookup by family, weight and style (CSS font matching) over the installed DejaVu fonts.
@Suite struct FontRegistryTests {
  let registry = FontRegistry(directories: [Support.dejaVuDirectory])

  @Test func missingFamilyIsAnErrorNamingIt() {
    #expect(throws: TypographyError.fontNotFound(family: "No Such Sans")) {
      try registry.font(family: "No Such Sans")
    }
    do {
      _ = try registry.font(family: "No Such Sans", weight: 700)
      Issue.record("no error")
    } catch {
      #expect(String(describing: error) == "font family \"No Such Sans\" not found")
    }
    let empty = FontRegistry(directories: ["/nonexistent/fonts"])
    #expect(throws: TypographyError.fontNotFound(family: "DejaVu Sans")) { try empty.font(family: "DejaVu Sans") }
  }

  @Test func layoutByFamily() throws {
    let layout = try registry.layout(
      text: "AV", family: "DejaVu Sans", weight: 700, size: 16, options: TextOptions(kerning: false), width: .unbounded)
    let expected: Double = 2 * 1585 * 16 / 2048  // 24.765625, already a multiple of 1/64
    #expect(layout.width == expected)
    #expect(throws: TypographyError.fontNotFound(family: "Nope")) {
      try registry.layout(text: "x", family: "Nope", size: 10, width: .unbounded)
    }
  }

  @Test func ahemIsBuiltIn() throws {
    let empty = FontRegistry(directories: [])
    #expect(try empty.font(family: "ahem").isAhem)
    #expect(try empty.font(family: "Ahem", weight: 700, italic: true).isAhem)
    #expect(empty.families() == ["ahem"])
  }

  @Test(arguments: [
    (400, false, "Book"), (700, false, "Bold"), (600, false, "Bold"), (900, false, "Bold"), (300, false, "ExtraLight"),
    (100, false, "ExtraLight"), (450, false, "Book"), (500, false, "Book"), (400, true, "Oblique"),
    (700, true, "Bold Oblique"), (200, true, "Oblique"),
  ])
  func cssWeightAndStyleMatching(weight: Int, italic: Bool, subfamily: String) throws {
    let font = try registry.font(family: "DejaVu Sans", weight: weight, italic: italic)
    #expect(font.family == "DejaVu Sans")
    #expect(font.subfamily == subfamily)
    #expect(font.widthClass == 5)
  }

  @Test func familyNamesAreCaseInsensitiveAndIncludeLegacyNames() throws {
    #expect(try registry.font(family: "dejavu sans").subfamily == "Book")
    #expect(try registry.font(family: "DejaVu Sans Condensed").widthClass == 4)
    #expect(try registry.font(family: "DEJAVU SANS LIGHT").weight == 200)
    #expect(try registry.font(family: "DejaVu Sans Mono").family == "DejaVu Sans Mono")
    #expect(registry.families().contains("DejaVu Sans"))
    // The same face is parsed once and shared.
    #expect(try registry.font(family: "DejaVu Sans") == registry.font(family: "dejavu sans", weight: 450))
  }

  @Test func registeredFonts() throws {
    let local = FontRegistry(directories: [])
    let font = try Support.dejaVuSansBold.get()
    local.register(font)
    #expect(try local.font(family: "dejavu sans", weight: 400) == font)
    #expect(throws: TypographyError.fontNotFound(family: "DejaVu Serif")) { try local.font(family: "DejaVu Serif") }
  }

  @Test func weightRanks() {
    func order(_ target: Int) -> [Int] {
      [100, 200, 300, 400, 500, 600, 700, 800, 900].sorted {
        FontMatching.weightRank($0, target: target) < FontMatching.weightRank($1, target: target)
      }
    }
    #expect(order(400) == [400, 500, 300, 200, 100, 600, 700, 800, 900])
    #expect(order(500) == [500, 400, 300, 200, 100, 600, 700, 800, 900])
    #expect(order(300) == [300, 200, 100, 400, 500, 600, 700, 800, 900])
    #expect(order(600) == [600, 700, 800, 900, 500, 400, 300, 200, 100])
  }

  @Test func concurrentLookups() async throws {
    let registry = FontRegistry(directories: [Support.dejaVuDirectory])
    let weights = await withTaskGroup(of: Int.self) { group in
      for i in 0..<8 {
        group.addTask { (try? registry.font(family: "DejaVu Sans", weight: i % 2 == 0 ? 400 : 700).weight) ?? 0 }
      }
      var all: [Int] = []
      for await w in group { all.append(w) }
      return all.sorted()
    }
    #expect(weights == [400, 400, 400, 400, 700, 700, 700, 700])
  }
}
