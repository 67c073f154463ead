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

    /// Appends `string` as a quoted JSON string, escaping what RFC 8259 requires.
    public static func writeString(_ string: String, into output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                // C0 and C1 controls and the Unicode line separators are escaped: valid JSON either way,
                // and output stays one line per value whatever tool splits it.
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
