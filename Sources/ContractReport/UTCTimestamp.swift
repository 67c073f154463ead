import Foundation

/// ISO 8601 timestamps in UTC with milliseconds (`2026-11-22T04:22:49.940Z`), as HAR files write
/// `startedDateTime` and recordings write `startedAt`: written and read by hand, because an
/// `ISO8601DateFormatter` made per exchange cost the fake backend hundreds of microseconds per
/// recorded request, and one shared formatter is not documented as thread-safe on every platform.
enum UTCTimestamp {
    /// `date` as `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC (the Gregorian calendar, years 0001–9999), or as
    /// `yyyy-MM-ddTHH:mm:ss` (whole seconds, no zone) where JUnit's XSDs want that.
    static func format(_ date: Date, withMillisecondsAndZone: Bool = true) -> String {
        var bytes: [UInt8] = []
        append(date, withMillisecondsAndZone: withMillisecondsAndZone, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `format(date, withMillisecondsAndZone:)` to `bytes` as UTF-8: digits computed from the epoch
    /// time, no `String` built, since a recording writes one per exchange on the request path.
    static func append(_ date: Date, withMillisecondsAndZone: Bool = true, to bytes: inout [UInt8]) {
        let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (days, dayMilliseconds) = floorDivision(totalMilliseconds, 86_400_000)
        let (year, month, day) = civil(fromDaysSinceEpoch: days)
        let seconds = dayMilliseconds / 1000
        appendDigits(year, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(seconds / 3600, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(seconds / 60 % 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(seconds % 60, 2, to: &bytes)
        guard withMillisecondsAndZone else { return }
        bytes.append(UInt8(ascii: "."))
        appendDigits(dayMilliseconds % 1000, 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Reads the forms `format` writes, with 0 to 9 fraction digits (and, with `zoneOptional`, no
    /// `Z`); anything else (another offset, no seconds) is `nil`, for the caller's general parser.
    static func parse(_ text: String, zoneOptional: Bool = false) -> Date? {
        var bytes = Array(text.utf8)
        if zoneOptional, bytes.last != UInt8(ascii: "Z") { bytes.append(UInt8(ascii: "Z")) }
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[4] == UInt8(ascii: "-"),
            bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]),
            let second = number(bytes[17..<19]),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        let fractionBytes = bytes[19..<(bytes.count - 1)]
        if !fractionBytes.isEmpty {
            guard fractionBytes.first == UInt8(ascii: "."), fractionBytes.count >= 2, fractionBytes.count <= 10,
                let digits = number(fractionBytes.dropFirst())
            else { return nil }
            fraction = Double(digits) / pow(10, Double(fractionBytes.count - 1))
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + second) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Appends `value` in decimal, its digits zero-padded to `width`; wider values keep every digit (and a
    /// year before 1 its minus sign).
    private static func appendDigits(_ value: Int64, _ width: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt64 = 1
        var digits = 1
        while digits < width || magnitude / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (the classic era-based algorithm:
    /// 400-year eras of 146,097 days, years starting in March so leap days come last).
    private static func civil(fromDaysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The inverse of `civil(fromDaysSinceEpoch:)`.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let adjustedYear = Int64(month <= 2 ? year - 1 : year)
        let era = (adjustedYear >= 0 ? adjustedYear : adjustedYear - 399) / 400
        let yearOfEra = adjustedYear - era * 400
        let monthIndex = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * monthIndex + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
