// Memory safety: the 40-byte temporary buffer holds the longest text written (a sign, 19 whole digits of an
// `Int64`, a point and at most 18 fraction digits, as `NumberPlan.power` allows scales down to -18).

/// Writes generated numbers as JSON number text.
enum NumberText {
    /// `value × 10^scale` as a JSON number (`1250`, scale -2 → `12.5`): no exponent, no trailing zeros.
    ///
    /// Written into a stack buffer: joining the sign, whole part, point and fraction as strings cost a
    /// few allocations per number, and the result usually fits a small (inline) string.
    static func text(_ value: Int64, scale: Int) -> String {
        guard scale < 0, let unit = NumberPlan.power(-scale) else { return String(value) }
        let magnitude = value.magnitude
        let whole = magnitude / UInt64(unit)
        var fraction = magnitude % UInt64(unit)
        var places = -scale
        if fraction == 0 {
            places = 0
        } else {
            while fraction % 10 == 0 {
                fraction /= 10
                places -= 1
            }
        }
        // A sign, up to 20 whole digits, a point and up to 18 fraction digits.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var count = 0
            if value < 0 {
                buffer[0] = UInt8(ascii: "-")
                count = 1
            }
            count += writeDigits(whole, minimumWidth: 1, into: buffer, at: count)
            if places > 0 {
                buffer[count] = UInt8(ascii: ".")
                count += 1
                count += writeDigits(fraction, minimumWidth: places, into: buffer, at: count)
            }
            return String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    /// Writes `number` in decimal, left-padded with zeros to `minimumWidth`; returns the bytes written.
    private static func writeDigits(
        _ number: UInt64, minimumWidth: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        var width = 1
        var rest = number / 10
        while rest > 0 {
            width += 1
            rest /= 10
        }
        width = max(width, minimumWidth)
        var remaining = number
        for index in stride(from: start + width - 1, through: start, by: -1) {
            buffer[index] = UInt8(48 + remaining % 10)
            remaining /= 10
        }
        return width
    }
}
