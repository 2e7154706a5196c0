import JSONCodec

/// One photo of the demo's generated ASDKgram-style feed. Pure value.
struct DemoPhoto: Sendable {
  /// Position in the feed (0-based); the row id is `photo<index>`.
  let index: Int
  /// Who posted it.
  let user: String
  /// Where it was taken.
  let location: String
  /// How long ago, e.g. "3h".
  let age: String
  /// Height / width of the photo: 1 (square) or 0.75 (4:3 landscape).
  let ratio: Double
  /// Number of likes.
  let likes: Int
  /// The caption.
  let caption: String
  /// Comments the server "has" for it; loaded when the row enters the preload range.
  let commentCount: Int

  /// The row id.
  var rowID: String { "photo\(index)" }
}

/// A deterministic generated feed (the same photos on every run), standing in for ASDKgram's 500px API.
/// Pure.
enum DemoFeed {
  /// Usernames.
  static let users = [
    "hannahmbanana", "scottgoodson", "levi", "garrettmoon", "appleguy", "nguyenhuy", "maicki", "rcancro",
    "ay8s", "wiseoldduck",
  ]
  /// Places.
  static let places = [
    "San Francisco, California", "Brooklyn, New York", "Lisbon, Portugal", "Shibuya, Tokyo", "Oaxaca, Mexico",
    "Reykjavík, Iceland", "Cape Town", "Hallstatt, Austria",
  ]
  /// Captions.
  static let captions = [
    "golden hour over the bay bridge tonight", "first snow of the season ❄️",
    "found this little café on the way back from the market, best flat white in town",
    "the fog rolling in behind the towers", "street food tour, day 3 — still hungry",
    "long exposure of the harbour at dusk, tripod finally paid off", "sunday hike",
    "nothing beats the light in late September, we stayed until the very last ray went behind the hills",
  ]
  /// Comment texts.
  static let comments = [
    "wow", "great timing", "where is this?", "love the colours in this one", "🔥🔥🔥", "so jealous right now",
    "this should be a postcard", "the composition is perfect, how long did you wait for that?", "take me there",
  ]

  /// A SplitMix64 step: the generator behind every choice (seeded by the photo index).
  static func mix(_ seed: UInt64) -> UInt64 {
    var z = seed &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The photo at `index`.
  static func photo(_ index: Int) -> DemoPhoto {
    let r = mix(UInt64(index))
    func pick(_ shift: UInt64, _ count: Int) -> Int { Int((r >> shift) % UInt64(count)) }
    return DemoPhoto(
      index: index, user: users[pick(0, users.count)], location: places[pick(8, places.count)],
      age: "\(pick(16, 23) + 1)h", ratio: pick(24, 3) == 0 ? 0.75 : 1, likes: pick(32, 5_000),
      caption: captions[pick(40, captions.count)], commentCount: pick(48, 6))
  }

  /// The comments of `photo` as the fake server returns them: author and text.
  static func comments(of photo: DemoPhoto) -> [(user: String, text: String)] {
    (0..<photo.commentCount).map { c in
      let r = mix(UInt64(photo.index) &* 31 &+ UInt64(c) &+ 7)
      return (users[Int(r % UInt64(users.count))], comments[Int((r >> 16) % UInt64(comments.count))])
    }
  }
}

extension DemoFeed {
  /// Photo `index`'s cell with `count` comments loaded (a fixed cell for `layoutd bench`).
  static func photoCell(index: Int, comments count: Int) -> JSONValue {
    let photo = DemoFeed.photo(index)
    let loaded = (0..<count).map { c in
      (user: users[(index + c + 1) % users.count], text: comments[(index + c) % comments.count])
    }
    return DemoCells.photoCell(photo, comments: loaded)
  }
}
