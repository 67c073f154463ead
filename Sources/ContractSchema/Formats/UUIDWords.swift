// Memory safety: the caller (`Formats.isUUID`) guarantees 36 readable bytes at `base`, and the words loaded
// start at 0, 8, 16, 24 and 28, so the last byte read is byte 35.

/// The `uuid` format checked eight bytes at a time.
///
/// The 36 bytes are read as five words (offsets 0, 8, 16, 24 and 28; the last two overlap): in each, the
/// bytes where a hyphen belongs must be `-` and every other byte a hex digit. A byte's test is made on all
/// eight lanes at once: for bytes below 0x80, adding `0x80 - low` sets a lane's top bit exactly when the
/// byte is at least `low`, and adding `0x7F - high` exactly when it is above `high`; no lane carries into
/// the next, since both sums stay below 0x100.
enum UUIDWords {
    private static let lanes: UInt64 = 0x0101_0101_0101_0101
    private static let topBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether the 36 bytes at `base` are a UUID.
    static func isUUID(_ base: UnsafeRawPointer) -> Bool {
        // The lanes of each word that hold a hyphen (8 and 13 in the second word, 18 and 23 in the third).
        let second: UInt64 = 0x0000_FF00_0000_00FF
        let third: UInt64 = 0xFF00_0000_00FF_0000
        return check(word(base, 0), hyphens: 0) && check(word(base, 8), hyphens: second)
            && check(word(base, 16), hyphens: third) && check(word(base, 24), hyphens: 0)
            && check(word(base, 28), hyphens: 0)
    }

    /// The eight bytes at `offset`, the first in the lowest lane whatever the platform's byte order.
    private static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether the lanes in `hyphens` (all bits of a lane set) are `-` and the others hex digits.
    private static func check(_ word: UInt64, hyphens: UInt64) -> Bool {
        guard word & topBits == 0 else { return false }
        let digit = inRange(word, 0x30, 0x39)
        // `| 0x20` maps `A`-`F` onto `a`-`f`; a byte it maps into that range from elsewhere has no such
        // byte below 0x80 (0x41-0x46 and 0x61-0x66 only).
        let letter = inRange(word | (lanes &* 0x20), 0x61, 0x66)
        let hexLanes = (digit | letter) >> 7 &* 0xFF
        let hyphenMismatch = (word ^ (lanes &* 0x2D)) & hyphens
        return hyphenMismatch == 0 && (hexLanes | hyphens) == UInt64.max
    }

    /// The top bit of each lane whose byte (below 0x80) lies in `low...high`.
    private static func inRange(_ word: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
        let atLeastLow = word &+ lanes &* (0x80 - low)
        let aboveHigh = word &+ lanes &* (0x7F - high)
        return atLeastLow & ~aboveHigh & topBits
    }
}
