/// `ipv4` (RFC 2673 dotted-quad, no leading zeros) and `ipv6` (RFC 4291 §2.2 text forms, no zone), read
/// in one pass over UTF-8 bytes.
enum IPAddressFormat {
    @Sendable static func isIPv4(_ string: String) -> Bool {
        isIPv4(string.utf8)
    }

    /// Four decimal parts of at most 255, separated by dots; a part starts with `0` only if it is `0`.
    static func isIPv4(_ bytes: some Sequence<UInt8>) -> Bool {
        var dots = 0
        var digits = 0
        var value = 0
        var startsWithZero = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, dots < 3 else { return false }
                dots += 1
                digits = 0
                value = 0
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10, !(digits == 1 && startsWithZero) else { return false }
            if digits == 0 { startsWithZero = digit == 0 }
            value = value * 10 + Int(digit)
            digits += 1
            guard value <= 255 else { return false }
        }
        return dots == 3 && digits > 0
    }

    /// Eight groups of one to four hex digits separated by colons, the last two of which may be written as an
    /// IPv4 address; one `::` stands for one or more zero groups.
    @Sendable static func isIPv6(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        let colon = UInt8(ascii: ":")
        var groups = 0
        var sawDoubleColon = false
        var index = 0
        if bytes.starts(with: [colon, colon]) {
            sawDoubleColon = true
            index = 2
        } else if bytes.first == colon {
            return false
        }
        while index < bytes.count {
            let start = index
            while index < bytes.count, bytes[index] != colon { index += 1 }
            let group = bytes[start..<index]
            if group.contains(UInt8(ascii: ".")) {
                guard index == bytes.count, isIPv4(group) else { return false }
                groups += 2
                break
            }
            guard (1...4).contains(group.count), group.allSatisfy(Formats.isHexDigit) else { return false }
            groups += 1
            guard index < bytes.count else { break }
            index += 1
            if index < bytes.count, bytes[index] == colon {
                guard !sawDoubleColon else { return false }
                sawDoubleColon = true
                index += 1
            } else if index == bytes.count {
                return false
            }
        }
        return sawDoubleColon ? groups < 8 : groups == 8
    }
}
