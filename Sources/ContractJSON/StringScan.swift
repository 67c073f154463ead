/// Word-at-a-time tests for the parser's string scan: which of eight bytes (loaded little-endian)
/// end the plain run of a JSON string.
enum StringScan {
    /// The high bit of every byte.
    static let highBitsMask: UInt64 = 0x8080_8080_8080_8080
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// A word whose lowest set bit is the high bit of the first byte that is `"`, `\\` or a control
    /// character (below 0x20); zero when there is none. Bits above the first are not exact (a
    /// borrow can carry into the next byte), so only the lowest one may be read.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        // A byte is zero (after the XOR) or below 0x20 exactly when subtracting borrows into its
        // high bit while the byte's own high bit was clear.
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highBitsMask
    }
}
