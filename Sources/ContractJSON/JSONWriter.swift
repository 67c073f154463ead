/// Writes `JSONValue`s as JSON text: compact for machines, indented for people.
public enum JSONWriter {
    /// How to lay out the text.
    public enum Style: Sendable {
        /// No whitespace at all.
        case compact
        /// Two-space indentation, one member per line.
        case pretty
    }

    /// The JSON text of `value`, members in their stored order.
    public static func string(from value: JSONValue, style: Style = .compact) -> String {
        var output = ""
        write(value, into: &output, style: style, indent: 0)
        return output
    }

    /// The JSON text of `value` as UTF-8 bytes.
    public static func bytes(from value: JSONValue, style: Style = .compact) -> [UInt8] {
        Array(string(from: value, style: style).utf8)
    }

    private static func write(_ value: JSONValue, into output: inout String, style: Style, indent: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let number): output += number.jsonText
        case .string(let string): writeString(string, into: &output)
        case .array(let array):
            guard !array.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (offset, element) in array.enumerated() {
                if offset > 0 { output += "," }
                newline(into: &output, style: style, indent: indent + 1)
                write(element, into: &output, style: style, indent: indent + 1)
            }
            newline(into: &output, style: style, indent: indent)
            output += "]"
        case .object(let object):
            guard !object.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { output += "," }
                newline(into: &output, style: style, indent: indent + 1)
                writeString(member.key, into: &output)
                output += style == .pretty ? ": " : ":"
                write(member.value, into: &output, style: style, indent: indent + 1)
            }
            newline(into: &output, style: style, indent: indent)
            output += "}"
        }
    }

    private static func newline(into output: inout String, style: Style, indent: Int) {
        guard style == .pretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    /// Appends `string` as a quoted JSON string, escaping what RFC 8259 requires. C0 and C1 controls,
    /// DEL and the Unicode line separators are escaped too: valid JSON either way, and output stays one
    /// line per value whatever tool splits it. Runs with nothing to escape are appended whole (a
    /// scalar-by-scalar append made writing a recorded 2 KB body the fake backend's largest cost).
    public static func writeString(_ string: String, into output: inout String) {
        output += "\""
        var contiguous = string
        contiguous.withUTF8 { bytes in
            var runStart = 0
            var offset = 0
            while offset < bytes.count {
                // The common bytes, tested inline: printable ASCII other than `"` and `\`, and
                // non-ASCII bytes that cannot start an escaped character.
                let byte = bytes[offset]
                if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    offset += 1
                    continue
                }
                if byte >= 0x80, byte != 0xC2, byte != 0xE2 {
                    offset += 1
                    continue
                }
                guard let (escape, length) = escape(at: offset, in: bytes) else {
                    offset += 1
                    continue
                }
                // Both ends sit on scalar boundaries: an escape starts at an ASCII byte or a lead byte.
                output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]), as: UTF8.self)
                output += escape
                offset += length
                runStart = offset
            }
            if runStart == 0 {
                output += string
            } else {
                output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self)
            }
        }
        output += "\""
    }

    /// The escape for the character starting at `offset`, and its length in bytes, if it needs one.
    private static func escape(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (String, Int)? {
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "\""): return ("\\\"", 1)
        case UInt8(ascii: "\\"): return ("\\\\", 1)
        case 0x0A: return ("\\n", 1)
        case 0x0D: return ("\\r", 1)
        case 0x09: return ("\\t", 1)
        case 0x08: return ("\\b", 1)
        case 0x0C: return ("\\f", 1)
        case 0x00..<0x20, 0x7F: return (unicodeEscape(UInt32(byte)), 1)
        case 0xC2:
            // U+0080–U+009F, the C1 controls, are C2 80 – C2 9F.
            guard offset + 1 < bytes.count, (0x80...0x9F).contains(bytes[offset + 1]) else { return nil }
            return (unicodeEscape(UInt32(bytes[offset + 1])), 2)
        case 0xE2:
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            guard offset + 2 < bytes.count, bytes[offset + 1] == 0x80,
                bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9
            else { return nil }
            return (unicodeEscape(0x2000 + UInt32(bytes[offset + 2] - 0xA8) + 0x28), 3)
        default:
            return nil
        }
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
