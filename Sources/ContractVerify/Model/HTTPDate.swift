import Foundation

/// HTTP's date form, IMF-fixdate (RFC 9110, 5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`, the one servers
/// send in `Date`, `Expires` and `Last-Modified`.
package enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The current time, to the second.
    package static func now() -> String {
        format(secondsSince1970: Int(Date().timeIntervalSince1970))
    }

    /// The time `seconds` after 1970-01-01 00:00:00 UTC.
    package static func format(secondsSince1970 seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let weekday = weekdays[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(weekday), \(two(parts.tm_mday)) \(month) \(1900 + Int(parts.tm_year)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// The time `text` names, or `nil` when it is not an IMF-fixdate (the obsolete RFC 850 and asctime
    /// forms included: a date that cannot be read counts as absent).
    package static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT",
            weekdays.contains(String(parts[0].dropLast())),
            let day = Int32(parts[1]), parts[1].count == 2, (1...31).contains(day),
            let month = months.firstIndex(of: String(parts[2])),
            let year = Int32(parts[3]), parts[3].count == 4
        else { return nil }
        let time = parts[4].split(separator: ":")
        guard time.count == 3, time.allSatisfy({ $0.count == 2 }),
            let hour = Int32(time[0]), let minute = Int32(time[1]), let second = Int32(time[2]),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var fields = tm()
        fields.tm_year = year - 1900
        fields.tm_mon = Int32(month)
        fields.tm_mday = day
        fields.tm_hour = hour
        fields.tm_min = minute
        fields.tm_sec = second
        return Date(timeIntervalSince1970: TimeInterval(timegm(&fields)))
    }

    private static func two(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
