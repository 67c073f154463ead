/// Writes `JSONValue`s as JSON text: compact for machines, indented for people.
///
/// Text is built as UTF-8 bytes, appended to one growing buffer; `string(from:)` converts once at the end.
package enum JSONWriter {
    /// How to lay out the text.
    package enum Style: Sendable {
        /// No whitespace at all.
        case compact
        /// Two-space indentation, one member per line.
        case pretty
    }

    /// The JSON text of `value`, members in their stored order.
    package static func string(from value: JSONValue, style: Style = .compact) -> String {
        String(decoding: bytes(from: value, style: style), as: UTF8.self)
    }

    /// The JSON text of `value` as UTF-8 bytes.
    package static func bytes(from value: JSONValue, style: Style = .compact) -> [UInt8] {
        var output: [UInt8] = []
        write(value, into: &output, style: style)
        return output
    }

    /// Appends the JSON text of `value` to `output`.
    package static func write(_ value: JSONValue, into output: inout [UInt8], style: Style = .compact) {
        write(value, into: &output, style: style, indent: 0)
    }

    private static func write(_ value: JSONValue, into output: inout [UInt8], style: Style, indent: Int) {
        switch value {
        case .null: output += "null".utf8
        case .bool(let bool): output += (bool ? "true" : "false").utf8
        case .number(let number): output += number.jsonText.utf8
        case .string(let string): writeString(string, into: &output)
        case .array(let array):
            guard !array.isEmpty else {
                output += "[]".utf8
                return
            }
            output.append(UInt8(ascii: "["))
            for (offset, element) in array.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, style: style, indent: indent + 1)
                write(element, into: &output, style: style, indent: indent + 1)
            }
            newline(into: &output, style: style, indent: indent)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                output += "{}".utf8
                return
            }
            output.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, style: style, indent: indent + 1)
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if style == .pretty { output.append(UInt8(ascii: " ")) }
                write(member.value, into: &output, style: style, indent: indent + 1)
            }
            newline(into: &output, style: style, indent: indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(into output: inout [UInt8], style: Style, indent: Int) {
        guard style == .pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output += repeatElement(UInt8(ascii: " "), count: 2 * indent)
    }

    /// Appends `string` as a quoted JSON string (see `writeString(_:into:)` on bytes).
    package static func writeString(_ string: String, into output: inout String) {
        var bytes: [UInt8] = []
        writeString(string, into: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `string` as a quoted JSON string. The bytes are copied into an array first: indexing the
    /// `UTF8View` directly made a recorded exchange's line cost 49 µs instead of 22 (`contract-bench record`).
    package static func writeString(_ string: String, into output: inout [UInt8]) {
        writeString(Array(string.utf8), into: &output)
    }

    /// Appends the UTF-8 text `utf8` as a quoted JSON string, escaping what RFC 8259 requires. C0 and C1
    /// controls, DEL and the Unicode line separators are escaped too: valid JSON either way, and output
    /// stays one line per value whatever tool splits it. Runs with nothing to escape are appended whole:
    /// byte by byte, writing a recorded 2 KB body cost several times as much.
    package static func writeString<Text: Collection<UInt8>>(_ utf8: Text, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            // The common bytes: printable ASCII other than `"` and `\`, and non-ASCII bytes that cannot
            // start an escaped character.
            if (byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\"))
                || (byte >= 0x80 && byte != 0xC2 && byte != 0xE2)
            {
                utf8.formIndex(after: &index)
                continue
            }
            let next = utf8.index(after: index)
            var end = next
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09, 0x08, 0x0C, 0x00..<0x20, 0x7F:
                output.append(contentsOf: utf8[runStart..<index])
                appendEscape(for: UInt32(byte), to: &output)
            case 0xC2 where next != utf8.endIndex && (0x80...0x9F).contains(utf8[next]):
                // U+0080–U+009F, the C1 controls, are C2 80 – C2 9F.
                output.append(contentsOf: utf8[runStart..<index])
                appendEscape(for: UInt32(utf8[next]), to: &output)
                end = utf8.index(after: next)
            case 0xE2 where isLineOrParagraphSeparator(utf8, after: next):
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                output.append(contentsOf: utf8[runStart..<index])
                let last = utf8.index(after: next)
                appendEscape(for: 0x2000 + UInt32(utf8[last]) - 0x80, to: &output)
                end = utf8.index(after: last)
            default:
                utf8.formIndex(after: &index)
                continue
            }
            index = end
            runStart = end
        }
        output.append(contentsOf: utf8[runStart..<index])
        output.append(UInt8(ascii: "\""))
    }

    /// Whether the two bytes from `index` are `80 A8` or `80 A9`, the rest of U+2028 and U+2029 after `E2`.
    private static func isLineOrParagraphSeparator<Text: Collection<UInt8>>(_ utf8: Text, after index: Text.Index)
        -> Bool
    {
        guard index != utf8.endIndex, utf8[index] == 0x80 else { return false }
        let next = utf8.index(after: index)
        return next != utf8.endIndex && (utf8[next] == 0xA8 || utf8[next] == 0xA9)
    }

    /// The escape of the character `value`: a backslash and a letter for the six JSON names, `\u` and four
    /// lowercase hex digits for the rest, all below U+10000.
    private static func appendEscape(for value: UInt32, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch value {
        case 0x22, 0x5C: output.append(UInt8(value))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
            output.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
                output.append(hexDigits[Int(value >> UInt32(shift) & 0xF)])
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
