/// RFC 8259 JSON writer producing compact UTF-8 (no whitespace). Pure; safe to call from any thread.
///
/// Iterative (an explicit stack), so any depth serializes without deep recursion. Output is always valid
/// JSON: strings are escaped (`"`, `\` and control characters; everything else is written as raw UTF-8),
/// integers exactly, finite doubles in their shortest round-trip form, NaN as `null` and ±infinity as
/// `±1e999` (which reads back as ±infinity).
public enum JSONWriter {
  /// Serializes `value` compactly.
  public static func serialize(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(1024)
    write(value, into: &out)
    return out
  }

  /// Serializes `value` compactly as a String.
  public static func string(_ value: JSONValue) -> String {
    String(decoding: serialize(value), as: UTF8.self)
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

  /// Appends the compact serialization of `value` to `out`.
  public static func write(_ value: JSONValue, into out: inout [UInt8]) {
    var stack: [Frame] = []
    var current = value
    while true {
      // Write `current`; containers with elements open a frame instead.
      switch current {
      case .null: appendLiteral("null", into: &out)
      case .bool(let b): appendLiteral(b ? "true" : "false", into: &out)
      case .int(let i): writeInt(i, into: &out)
      case .double(let d): writeDouble(d, into: &out)
      case .string(let s): writeString(s, into: &out)
      case .array(let items):
        out.append(UInt8(ascii: "["))
        if items.isEmpty {
          out.append(UInt8(ascii: "]"))
        } else {
          stack.append(Frame(items: items, members: [], isObject: false, next: 0))
        }
      case .object(let object):
        out.append(UInt8(ascii: "{"))
        if object.storage.isEmpty {
          out.append(UInt8(ascii: "}"))
        } else {
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
            out.append(UInt8(ascii: "}"))
            stack.removeLast()
            continue
          }
          if index > 0 { out.append(UInt8(ascii: ",")) }
          writeString(stack[top].members[index].key, into: &out)
          out.append(UInt8(ascii: ":"))
          current = stack[top].members[index].value
        } else {
          if index == stack[top].items.count {
            out.append(UInt8(ascii: "]"))
            stack.removeLast()
            continue
          }
          if index > 0 { out.append(UInt8(ascii: ",")) }
          current = stack[top].items[index]
        }
        stack[top].next = index + 1
        break
      }
    }
  }

  /// Appends the bytes of a static literal.
  @inline(__always)
  private static func appendLiteral(_ s: StaticString, into out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
  }
}
