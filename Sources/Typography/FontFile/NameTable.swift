/// The family and subfamily names of a font, from its `name` table. Pure.
struct NameTable: Sendable, Equatable {
  /// The family: nameID 16 (typographic family) when present, else nameID 1.
  var family: String
  /// The legacy family (nameID 1); differs from `family` for faces such as "DejaVu Sans Light".
  var legacyFamily: String
  /// The subfamily: nameID 17 when present, else nameID 2 (e.g. "Bold Oblique").
  var subfamily: String

  /// Reads the `name` table of `directory`; names missing from the table come back empty.
  init(_ directory: TableDirectory) throws {
    let name = try directory.reader("name")
    let count = Int(try name.u16(2))
    let storage = Int(try name.u16(4))
    var best: [Int: (rank: Int, value: String)] = [:]
    for i in 0..<count {
      let record = 6 + 12 * i
      let platform = try name.u16(record)
      let encoding = try name.u16(record + 2)
      let language = try name.u16(record + 4)
      let nameID = Int(try name.u16(record + 6))
      guard [1, 2, 16, 17].contains(nameID) else { continue }
      let length = Int(try name.u16(record + 8))
      let offset = storage + Int(try name.u16(record + 10))
      guard let rank = Self.rank(platform: platform, encoding: encoding, language: language) else { continue }
      if let current = best[nameID], current.rank <= rank { continue }
      try name.check(offset, length)
      let start = name.base + offset
      let raw = name.bytes[start..<(start + length)]
      let value: String
      if platform == 1 {
        value = String(decoding: raw.map { UInt16($0) }, as: UTF16.self)
      } else {
        var units: [UInt16] = []
        units.reserveCapacity(length / 2)
        var j = raw.startIndex
        while j + 1 < raw.endIndex {
          units.append(UInt16(raw[j]) << 8 | UInt16(raw[j + 1]))
          j += 2
        }
        value = String(decoding: units, as: UTF16.self)
      }
      best[nameID] = (rank, value)
    }
    legacyFamily = best[1]?.value ?? ""
    family = best[16]?.value ?? legacyFamily
    subfamily = best[17]?.value ?? best[2]?.value ?? ""
  }

  /// Preference of a name record (lower is better): Windows English (US), other Windows Unicode, Unicode, Mac Roman.
  private static func rank(platform: UInt16, encoding: UInt16, language: UInt16) -> Int? {
    switch (platform, encoding) {
    case (3, 1), (3, 10): return language == 0x0409 ? 0 : 1
    case (0, _): return 2
    case (1, 0): return language == 0 ? 3 : 4
    default: return nil
    }
  }
}
