/// What may be typed at a position of a JSON document that is being edited (and so may not parse): a member name of
/// some object, or the value of some member, with what that object already holds. Read by a tolerant scan of the
/// text: strings, nesting and the place of each token, nothing more. Pure.
public struct CompletionContext: Sendable, Equatable {
  /// The object the position is in (or whose member's value it is).
  public struct Object: Sendable, Equatable {
    /// The member this object is the value of, or the member holding the array it is in; nil for the document's
    /// root.
    public var parentKey: String?
    /// How many objects and arrays hold it (0: the root).
    public var depth: Int
    /// The member names it has, before and after the position.
    public var keys: [String]
    /// Its `type` member's string value, wherever it stands in the object.
    public var type: String?
  }

  /// What goes at the position.
  public enum Slot: Sendable, Equatable {
    /// A member name.
    case key
    /// The value of member `key`.
    case value(key: String)
  }

  /// What goes at the position.
  public var slot: Slot
  /// The object concerned.
  public var object: Object
  /// The bytes a completion replaces: the string literal being typed (its quotes included when there), else the
  /// empty range at the position.
  public var replace: Range<Int>

  /// The context at byte `offset` of `text`, or nil where nothing can be completed (inside a number or literal,
  /// between a key and its colon, in an array, outside any object).
  public static func at(_ offset: Int, in text: String) -> CompletionContext? {
    let bytes = Array(text.utf8)
    let offset = min(max(offset, 0), bytes.count)
    var scan = Scan(bytes: bytes)
    let open = scan.run(to: offset)
    guard let frame = scan.frames.last, frame.isObject else { return nil }
    let slot: Slot
    var replace = offset..<offset
    if let stringStart = open {
      switch frame.state {
      case .key: slot = .key
      case .value: slot = .value(key: frame.currentKey ?? "")
      default: return nil
      }
      var end = offset
      if end < bytes.count, bytes[end] == UInt8(ascii: "\"") { end += 1 }
      replace = stringStart..<end
    } else {
      switch frame.state {
      case .key: slot = .key
      case .value: slot = .value(key: frame.currentKey ?? "")
      default: return nil
      }
    }
    var object = Object(parentKey: frame.parentKey, depth: scan.frames.count - 1, keys: frame.keys, type: frame.type)
    // The rest of the object: its other members and a `type` given after the position.
    var rest = Scan(bytes: bytes, offset: open.map { _ in Scan.endOfString(bytes, from: offset) } ?? offset)
    rest.frames = [Scan.Frame(isObject: true, parentKey: nil, state: frame.state == .value ? .afterValue : .key)]
    rest.runToEndOfObject()
    if let after = rest.finishedFrame {
      object.keys += after.keys.filter { !object.keys.contains($0) }
      object.type = object.type ?? after.type
    }
    return CompletionContext(slot: slot, object: object, replace: replace)
  }
}

/// The tolerant scan behind `CompletionContext`.
struct Scan {
  /// One open object or array.
  struct Frame {
    /// Where a token of an object or array is expected next.
    enum State { case key, colon, value, afterValue }
    /// Object or array.
    var isObject: Bool
    /// The member it is the value of (for arrays' elements: the array's).
    var parentKey: String?
    /// Where the next token goes.
    var state: State
    /// Objects: the member whose value comes next or came last.
    var currentKey: String?
    /// Objects: member names seen.
    var keys: [String] = []
    /// Objects: the `type` member's string value.
    var type: String?
  }

  /// The text.
  let bytes: [UInt8]
  /// The next byte.
  var offset = 0
  /// Open objects and arrays, outermost first.
  var frames: [Frame] = []
  /// `runToEndOfObject`: the object's frame once it closed (or the text ended).
  var finishedFrame: Frame?

  /// Scans up to `end`; returns where the string literal open at `end` starts, if one is.
  mutating func run(to end: Int) -> Int? {
    while offset < end {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let start = offset
        let (text, closed) = string(until: end)
        if !closed { return start }
        took(string: text)
        continue
      }
      step(byte)
    }
    return nil
  }

  /// Scans until the first frame closes (or the text ends), keeping it in `finishedFrame`.
  mutating func runToEndOfObject() {
    while offset < bytes.count, !frames.isEmpty {
      if frames.count == 1 { finishedFrame = frames[0] }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let (text, _) = string(until: bytes.count)
        took(string: text)
      } else {
        step(byte)
      }
    }
    if frames.count == 1 { finishedFrame = frames[0] }
  }

  /// One byte outside strings.
  mutating func step(_ byte: UInt8) {
    offset += 1
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let parent = frames.last.map { $0.isObject ? $0.currentKey : $0.parentKey } ?? nil
      frames.append(
        Frame(isObject: byte == UInt8(ascii: "{"), parentKey: parent, state: byte == UInt8(ascii: "{") ? .key : .value))
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      if frames.count == 1 { finishedFrame = frames[0] }
      if !frames.isEmpty { frames.removeLast() }
      if !frames.isEmpty { frames[frames.count - 1].state = .afterValue }
    case UInt8(ascii: ":"):
      if frames.last?.isObject == true { frames[frames.count - 1].state = .value }
    case UInt8(ascii: ","):
      if let last = frames.last { frames[frames.count - 1].state = last.isObject ? .key : .value }
    case 0x20, 0x09, 0x0A, 0x0D:
      break
    default:
      // A number or literal: one value.
      while offset < bytes.count, !Self.isDelimiter(bytes[offset]) { offset += 1 }
      if !frames.isEmpty { frames[frames.count - 1].state = .afterValue }
    }
  }

  /// A completed string literal, placed by the state of the innermost frame.
  mutating func took(string text: String) {
    guard !frames.isEmpty else { return }
    var frame = frames[frames.count - 1]
    if frame.isObject, frame.state == .key {
      frame.currentKey = text
      frame.keys.append(text)
      frame.state = .colon
    } else {
      if frame.isObject, frame.currentKey == "type", frame.state == .value { frame.type = text }
      frame.state = .afterValue
    }
    frames[frames.count - 1] = frame
  }

  /// Reads a string literal at `offset` (on its quote) up to `end`: its text (escapes kept as written but for \"
  /// and \\) and whether it closed before `end`.
  mutating func string(until end: Int) -> (String, Bool) {
    offset += 1
    var text: [UInt8] = []
    while offset < end {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        offset += 1
        return (String(decoding: text, as: UTF8.self), true)
      }
      if byte == UInt8(ascii: "\\"), offset + 1 < end {
        text.append(bytes[offset + 1])
        offset += 2
        continue
      }
      text.append(byte)
      offset += 1
    }
    return (String(decoding: text, as: UTF8.self), false)
  }

  /// Where the string literal that holds `offset` ends (after its closing quote, or at the end of its line).
  static func endOfString(_ bytes: [UInt8], from offset: Int) -> Int {
    var index = offset
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { return index + 1 }
      if byte == 0x0A { return index }
      index += byte == UInt8(ascii: "\\") ? 2 : 1
    }
    return bytes.count
  }

  /// Whether `byte` ends a number or literal.
  static func isDelimiter(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ":")
      || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "\"")
  }
}
