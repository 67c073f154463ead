/// Percent-encoding for URI fragments and path segments, without Foundation's URL machinery.
package enum PercentEncoding {
    /// Decodes `%XX` sequences. Returns `nil` for a malformed sequence or bytes that are not UTF-8.
    package static func decode(_ text: some StringProtocol) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        guard UTF8Validation.isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes everything outside RFC 3986's fragment characters.
    package static func encodeFragment(_ text: String) -> String {
        encode(text) { byte in
            isUnreserved(byte) || "!$&'()*+,;=:@/?".utf8.contains(byte)
        }
    }

    /// Encodes everything outside the unreserved characters.
    package static func encodeComponent(_ text: String) -> String {
        encode(text, keeping: isUnreserved)
    }

    private static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        // Most pointers and names need no escaping at all: return them untouched.
        guard text.utf8.contains(where: { !keep($0) }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if keep(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 0x61 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 0x41 + 10
        default: nil
        }
    }
}
