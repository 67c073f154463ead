import Foundation
import Testing

@testable import ContractReport

/// The hand-written timestamps agree with Foundation's ISO 8601 formatter.
@Suite struct UTCTimestampTests {
    @Test("format and parse agree with ISO8601DateFormatter across leap years, centuries and the epoch")
    func agreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let instants: [Double] = [
            0, -1, 951_782_400, 951_868_799.999, 1_709_164_800.5, 4_107_542_399.123, -2_208_988_800, 1_795_328_569.94,
            253_402_300_799,
        ]
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            let text = UTCTimestamp.format(date)
            #expect(text == formatter.string(from: date), "\(seconds)")
            let parsed = try #require(UTCTimestamp.parse(text))
            #expect(abs(parsed.timeIntervalSince1970 - (seconds * 1000).rounded(.down) / 1000) < 0.0005, "\(text)")
        }
        // Every day of 2024 (a leap year) and 2100 (not one).
        for start in [1_704_067_200.0, 4_102_444_800] {
            for day in 0..<366 {
                let date = Date(timeIntervalSince1970: start + Double(day) * 86_400 + 45_296.789)
                #expect(UTCTimestamp.format(date) == formatter.string(from: date))
            }
        }
    }

    @Test("other forms are left to the general parser")
    func otherForms() {
        #expect(UTCTimestamp.parse("2025-03-14T09:12:36+01:00") == nil)
        #expect(UTCTimestamp.parse("2025-03-14T09:12:36Z") == Date(timeIntervalSince1970: 1_741_943_556))
        #expect(UTCTimestamp.parse("2025-13-14T09:12:36Z") == nil)
        #expect(UTCTimestamp.parse("not a date") == nil)
        #expect(HARReader.date("2025-03-14T10:12:36.713+01:00") == UTCTimestamp.parse("2025-03-14T09:12:36.713Z"))
    }
}
