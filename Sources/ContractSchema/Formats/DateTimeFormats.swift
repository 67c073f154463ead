// Memory safety: the bytes (the string's, or a copy's) are lent for the check, and every read goes through `byte`
// or `number`, which check the index against the slice's end (`isDateTime` reads index 10 after `count >= 20`).

/// RFC 3339 `date-time`, `full-date`, `full-time`, and the ISO 8601 durations of its appendix A.
enum DateTimeFormats {
    @Sendable static func isDateTime(_ string: String) -> Bool {
        withBytes(string) { bytes in
            guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else {
                return false
            }
            return isDate(bytes[0..<10]) && isTime(bytes[11...])
        }
    }

    @Sendable static func isDate(_ string: String) -> Bool { withBytes(string) { isDate($0[...]) } }

    @Sendable static func isTime(_ string: String) -> Bool { withBytes(string) { isTime($0[...]) } }

    /// The string's UTF-8 bytes without copying them (native strings are contiguous).
    static func withBytes(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }

    private static func number(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ start: Int, _ count: Int) -> Int? {
        let from = bytes.startIndex + start
        guard from + count <= bytes.endIndex else { return nil }
        var value = 0
        for byte in bytes[from..<(from + count)] {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func byte(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ offset: Int) -> UInt8? {
        let index = bytes.startIndex + offset
        return index < bytes.endIndex ? bytes[index] : nil
    }

    private static let monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    static func isDate(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard bytes.count == 10, byte(bytes, 4) == UInt8(ascii: "-"), byte(bytes, 7) == UInt8(ascii: "-"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2)
        else { return false }
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return day <= (month == 2 && leap ? 29 : monthLengths[month - 1])
    }

    /// `full-time`: `HH:MM:SS[.frac](Z|±HH:MM)`; second 60 only when the time in UTC is 23:59:60.
    static func isTime(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard byte(bytes, 2) == UInt8(ascii: ":"), byte(bytes, 5) == UInt8(ascii: ":"),
            let hour = number(bytes, 0, 2), let minute = number(bytes, 3, 2), let second = number(bytes, 6, 2),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var offset = 8
        if byte(bytes, offset) == UInt8(ascii: ".") {
            offset += 1
            let start = offset
            while let digit = byte(bytes, offset), digit >= 0x30, digit <= 0x39 { offset += 1 }
            guard offset > start else { return false }
        }
        var offsetMinutes = 0
        switch byte(bytes, offset) {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard offset + 1 == bytes.count else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard offset + 6 == bytes.count, byte(bytes, offset + 3) == UInt8(ascii: ":"),
                let offsetHour = number(bytes, offset + 1, 2), let offsetMinute = number(bytes, offset + 4, 2),
                offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (byte(bytes, offset) == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// ISO 8601 duration as RFC 3339 appendix A writes it: `P1Y2M3DT4H5M6S`, `P4W`.
    @Sendable static func isDuration(_ string: String) -> Bool {
        var characters = Substring(string)
        guard characters.popFirst() == "P", !characters.isEmpty else { return false }
        if characters.hasSuffix("W") {
            let digits = characters.dropLast()
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }
        let parts = characters.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let datePart = parts[0]
        let timePart = parts.count > 1 ? parts[1] : nil
        if let timePart, timePart.isEmpty { return false }
        guard isDurationPart(datePart, units: ["Y", "M", "D"]) else { return false }
        if let timePart { return isDurationPart(timePart, units: ["H", "M", "S"]) }
        return !datePart.isEmpty
    }

    /// Units must be consecutive in `units` (`1Y2M`, not `1Y2D`): RFC 3339's `dur-year = 1*DIGIT "Y" [dur-month]`.
    private static func isDurationPart(_ part: Substring, units: [Character]) -> Bool {
        var next: Int?
        var digits = 0
        for character in part {
            if character.isASCII, character.isNumber {
                digits += 1
                continue
            }
            guard digits > 0, let position = units.firstIndex(of: character) else { return false }
            if let next, position != next { return false }
            next = position + 1
            digits = 0
        }
        return digits == 0
    }
}
