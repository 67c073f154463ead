/// Percent-decoding for the parts of a URL and of form bodies, specialised for `Substring` and run on
/// every request: text without `%` (or `+`, where it means a space) is returned without decoding work.
enum URLDecoding {
    /// Decodes `%XX` (and `+` as a space when `plusIsSpace`); `nil` for a malformed escape or bytes
    /// that are not UTF-8.
    static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String? {
        let utf8 = text.utf8
        let needsWork = utf8.contains { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }
        guard needsWork else { return String(text) }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "+") && plusIsSpace {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                guard index < utf8.endIndex, let high = hex(utf8[index]) else { return nil }
                index = utf8.index(after: index)
                guard index < utf8.endIndex, let low = hex(utf8[index]) else { return nil }
                index = utf8.index(after: index)
                output.append(high << 4 | low)
            } else {
                output.append(byte)
            }
        }
        return String(validating: output, as: UTF8.self)
    }

    /// Decodes, keeping the text as sent when it is malformed (for lookups and messages).
    static func lenient(_ text: Substring, plusIsSpace: Bool = false) -> String {
        decode(text, plusIsSpace: plusIsSpace) ?? String(text)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }
}
