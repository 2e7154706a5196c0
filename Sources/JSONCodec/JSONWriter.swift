/// RFC 8259 JSON writer producing compact UTF-8. Pure.
public enum JSONWriter {
  /// Serializes `value` compactly.
  public static func serialize(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(value, into: &out)
    return out
  }

  /// Serializes `value` compactly as a String.
  public static func string(_ value: JSONValue) -> String {
    String(decoding: serialize(value), as: UTF8.self)
  }

  /// Appends the compact serialization of `value` to `out`.
  public static func write(_ value: JSONValue, into out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .int(let i): out.append(contentsOf: String(i).utf8)
    case .double(let d): writeDouble(d, into: &out)
    case .string(let s): writeString(s, into: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        write(item, into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let object):
      out.append(UInt8(ascii: "{"))
      for (i, member) in object.storage.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        writeString(member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        write(member.value, into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Writes a double in its shortest round-trip form; integral values without a fraction; NaN as null;
  /// infinities as ±1e999 (which reads back as infinity).
  public static func writeDouble(_ d: Double, into out: inout [UInt8]) {
    if d.isNaN {
      out.append(contentsOf: "null".utf8)
    } else if d.isInfinite {
      out.append(contentsOf: (d < 0 ? "-1e999" : "1e999").utf8)
    } else if d == d.rounded(), abs(d) < 1e15 {
      out.append(contentsOf: String(Int64(d)).utf8)
    } else {
      out.append(contentsOf: d.description.utf8)
    }
  }

  private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

  /// Writes a quoted, escaped string.
  public static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for c in s.utf8 {
      switch c {
      case 0x22: out.append(0x5C); out.append(0x22)
      case 0x5C: out.append(0x5C); out.append(0x5C)
      case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
      case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
      case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
      case 0x08: out.append(0x5C); out.append(UInt8(ascii: "b"))
      case 0x0C: out.append(0x5C); out.append(UInt8(ascii: "f"))
      case 0..<0x20:
        out.append(contentsOf: "\\u00".utf8)
        out.append(hex[Int(c >> 4)])
        out.append(hex[Int(c & 0xF)])
      default: out.append(c)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
