import JSONCodec

/// The Texture feed of `layoutd bench --server --only texture` and `layoutd bench --cells --texture`: ASDKgram-style
/// photo cells in Texture specs (stack, inset, ratio image, text), exactly the demo's cells (`DemoCells.photoCell`)
/// with their comments loaded: for row `i`, `DemoFeed.photo(i)` (one of 10 users, 8 places and 8 captions, 1–23 h
/// old, 0–4,999 likes, a square or 4:3 photo `photo<i>.jpg`) and its 0–5 comments (over three: "View all N
/// comments" and the last three). Every row is different (at least its photo's source and usually its likes), so
/// nothing keyed by a whole cell's content can answer it. Pure.
enum TextureFeedWorkload {
  /// Row `index`'s cell spec, compact JSON.
  static func cell(_ index: Int) -> [UInt8] {
    let photo = DemoFeed.photo(index)
    return JSONWriter.serialize(DemoCells.photoCell(photo, comments: DemoFeed.comments(of: photo)))
  }

  /// The framed `table/insertRows` requests appending rows `0..<rows` of the feed to `session` in batches of
  /// `batch`, numbered from `firstID` (ids assigned by the daemon).
  static func insertFrames(session: String, rows: Int, batch: Int, firstID: Int64) -> [[UInt8]] {
    var frames: [[UInt8]] = []
    var id = firstID
    for start in stride(from: 0, to: rows, by: max(1, batch)) {
      var params = Array(#"{"sessionId":""#.utf8) + Array(session.utf8) + Array(#"","rows":["#.utf8)
      for index in start..<min(start + max(1, batch), rows) {
        if index > start { params.append(UInt8(ascii: ",")) }
        params.append(contentsOf: #"{"cell":"#.utf8)
        params.append(contentsOf: cell(index))
        params.append(UInt8(ascii: "}"))
      }
      params.append(contentsOf: "]}".utf8)
      frames.append(FrameOutput.request(id: id, method: "table/insertRows", params: params))
      id += 1
    }
    return frames
  }
}
