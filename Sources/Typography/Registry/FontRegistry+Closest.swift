extension FontRegistry {
  /// Up to `count` available families closest to `family`, closest first: by edit distance between the names
  /// lowercased with spaces, hyphens and underscores removed (so `DejaVuSans` finds `DejaVu Sans`), a name that
  /// contains the other counting as closer.
  public func closestFamilies(to family: String, count: Int = 3) -> [String] {
    let wanted = Self.comparable(family)
    let ranked = families().map { name -> (String, Int) in
      let candidate = Self.comparable(name)
      var distance = Self.editDistance(wanted, candidate)
      if !wanted.isEmpty, !candidate.isEmpty, candidate.contains(wanted) || wanted.contains(candidate) {
        distance = min(distance, abs(candidate.count - wanted.count) / 4)
      }
      return (name, distance)
    }
    return ranked.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(count).map(\.0)
  }

  /// `name` lowercased, without spaces, hyphens and underscores.
  private static func comparable(_ name: String) -> [Character] {
    Array(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
  }

  /// Levenshtein distance between `a` and `b`.
  private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
