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

    /// Appends `string` as a quoted JSON string (see `writeString(_:into:)` on bytes). The bytes are copied
    /// into an array first: reading a String's own storage as a span needs Apple's 26 releases.
    package static func writeString(_ string: String, into output: inout [UInt8]) {
        writeString(Array(string.utf8)[...], into: &output)
    }

    /// Appends the UTF-8 text `utf8` as a quoted JSON string (see the `ArraySlice` form).
    package static func writeString(_ utf8: [UInt8], into output: inout [UInt8]) {
        writeString(utf8[...], into: &output)
    }

    /// Appends the UTF-8 text `utf8` as a quoted JSON string, escaping what RFC 8259 requires. C0 and C1
    /// controls, DEL and the Unicode line separators are escaped too: valid JSON either way, and output
    /// stays one line per value whatever tool splits it.
    ///
    /// Byte by byte, from a `Span` into an `OutputSpan`, with no call per byte: appending the runs between
    /// escapes to an `Array` cost a call per run, and a JSON body has an escaped quote every few bytes
    /// (`contract-bench record`). The text goes in blocks, each with room for its worst case (an escape
    /// writes at most six bytes per byte it reads), so the loop checks no room of its own and a large body
    /// never reserves six times its size.
    package static func writeString(_ utf8: ArraySlice<UInt8>, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let text = utf8.span
        var index = 0
        while index < text.count {
            let end = min(text.count, index + blockLength)
            output.append(addingCapacity: (end - index) * longestEscape) { written in
                index = escape(text, from: index, to: end, into: &written)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The bytes of text escaped per block: small enough that a recording line's reserved room usually holds
    /// a block's worst case, large enough that starting a block costs little per byte.
    private static let blockLength = 128

    /// The most bytes one escape writes (`\u2028`).
    private static let longestEscape = 6

    /// Escapes `text` from `start` until `end` (or just past it, to finish an escaped character) into
    /// `output`, which has room for six bytes per byte; returns where it stopped.
    @inline(__always)
    private static func escape(
        _ text: Span<UInt8>, from start: Int, to end: Int, into output: inout OutputSpan<UInt8>
    ) -> Int {
        var index = start
        while index < end {
            let byte = text[index]
            // Printable ASCII other than `"` and `\` is most of any text.
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                output.append(byte)
                index &+= 1
                continue
            }
            var character = UInt32(byte)
            var length = 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00..<0x20, 0x7F:
                break
            case 0xC2 where index + 1 < text.count && (0x80...0x9F).contains(text[index + 1]):
                // U+0080–U+009F, the C1 controls, are C2 80 – C2 9F.
                character = UInt32(text[index + 1])
                length = 2
            case 0xE2
            where index + 2 < text.count && text[index + 1] == 0x80 && (0xA8...0xA9).contains(text[index + 2]):
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                character = 0x2000 + UInt32(text[index + 2]) - 0x80
                length = 3
            default:
                // Any other byte of a multi-byte character is written as it is.
                output.append(byte)
                index &+= 1
                continue
            }
            appendEscape(for: character, to: &output)
            index &+= length
        }
        return index
    }

    /// The escape of the character `value`: a backslash and a letter for the six JSON names, `\u` and four
    /// lowercase hex digits for the rest, all below U+10000.
    @inline(__always)
    private static func appendEscape(for value: UInt32, to output: inout OutputSpan<UInt8>) {
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
                output.append(hexDigit(Int(value >> UInt32(shift) & 0xF)))
            }
        }
    }

    private static func hexDigit(_ value: Int) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + UInt8(value) : UInt8(ascii: "a") + UInt8(value - 10)
    }
}
