/// RFC 8259 JSON writer producing compact UTF-8 (no whitespace). Pure; safe to call from any thread.
///
/// Iterative (an explicit stack), so any depth serializes without deep recursion. Output is always valid
/// JSON: strings are escaped (`"`, `\` and control characters; everything else is written as raw UTF-8),
/// integers exactly, finite doubles in their shortest round-trip form, NaN and ±infinity as `null` (strict JSON
/// has no non-finite numbers).
public enum JSONWriter {
  /// Serializes `value` compactly.
  public static func serialize(_ value: JSONValue) -> [UInt8] {
    var sink = ByteSink(capacity: 4096)
    write(value, into: &sink)
    return sink.makeArray()
  }

  /// Serializes `value` compactly as a String.
  public static func string(_ value: JSONValue) -> String {
    var sink = ByteSink(capacity: 256)
    write(value, into: &sink)
    return sink.makeString()
  }

  /// Appends the compact serialization of `value` to `out`.
  public static func write(_ value: JSONValue, into out: inout [UInt8]) {
    var sink = ByteSink(capacity: 4096)
    write(value, into: &sink)
    sink.copy(into: &out)
  }

  /// An open container while writing: its elements (or members) and the index of the next one.
  private struct Frame {
    /// Elements of an array (empty for objects).
    var items: [JSONValue]
    /// Members of an object (empty for arrays).
    var members: [JSONObject.Member]
    /// True for an object.
    var isObject: Bool
    /// Index of the next element or member to write.
    var next: Int
  }

  /// Writes `value` into `sink` without recursion.
  static func write(_ value: JSONValue, into sink: inout ByteSink) {
    var stack: [Frame] = []
    var current = value
    while true {
      // Write `current`; containers with elements open a frame instead.
      switch current {
      case .null: sink.append("null")
      case .bool(let b): sink.append(b ? "true" : "false")
      case .int(let i): writeInt(i, into: &sink)
      case .double(let d): writeDouble(d, into: &sink)
      case .string(let s): writeString(s, into: &sink)
      case .array(let items):
        if items.isEmpty {
          sink.append("[]")
        } else {
          sink.append(UInt8(ascii: "["))
          stack.append(Frame(items: items, members: [], isObject: false, next: 0))
        }
      case .object(let object):
        if object.storage.isEmpty {
          sink.append("{}")
        } else {
          sink.append(UInt8(ascii: "{"))
          stack.append(Frame(items: [], members: object.storage, isObject: true, next: 0))
        }
      }
      // Find the next value to write, closing finished containers.
      while true {
        let top = stack.count - 1
        if top < 0 { return }
        let index = stack[top].next
        if stack[top].isObject {
          if index == stack[top].members.count {
            sink.append(UInt8(ascii: "}"))
            stack.removeLast()
            continue
          }
          if index > 0 { sink.append(UInt8(ascii: ",")) }
          writeString(stack[top].members[index].key, into: &sink)
          sink.append(UInt8(ascii: ":"))
          current = stack[top].members[index].value
        } else {
          if index == stack[top].items.count {
            sink.append(UInt8(ascii: "]"))
            stack.removeLast()
            continue
          }
          if index > 0 { sink.append(UInt8(ascii: ",")) }
          current = stack[top].items[index]
        }
        stack[top].next = index + 1
        break
      }
    }
  }
}

extension ByteSink {
  /// The written bytes as a String.
  func makeString() -> String {
    var result = ""
    withBytes { result = String(decoding: $0, as: UTF8.self) }
    return result
  }
}
