/// An exact decimal value read from a number literal: sign, significant digits and a power of ten.
///
/// `19.99` is `+1999 × 10^-2`, so `multipleOf: 0.01` is decided on integers, not on binary
/// fractions. Trailing zeros of the significand are folded into the exponent, which makes equal
/// values compare equal however they were written (`1.0`, `1`, `10e-1`).
package struct DecimalText: Hashable, Sendable {
    /// Whether the value is below zero (never set for zero).
    package let isNegative: Bool
    /// Significant digits as ASCII, without leading or trailing zeros; empty for zero.
    package let digits: [UInt8]
    /// The power of ten the digits are multiplied by.
    package let exponent: Int
    /// 10 for decimal literals; 16 or 8 for YAML `0x`/`0o` integers.
    package let radix: Int

    /// Reads a JSON number or a YAML 1.2 core-schema number (`+1`, `.5`, `0x1F`, `0o17`).
    /// Returns `nil` for anything else, including `.inf` and `.nan`.
    package init?(_ text: String) {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            bytes.removeFirst()
        }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"),
            bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "o")
        {
            let radix = bytes[1] == UInt8(ascii: "x") ? 16 : 8
            guard let value = UInt64(String(decoding: bytes[2...], as: UTF8.self), radix: radix) else { return nil }
            self.init(
                isNegative: negative && value != 0, integerDigits: Array(String(value).utf8), exponent: 0, radix: radix)
            return
        }
        var mantissa: [UInt8] = []
        mantissa.reserveCapacity(bytes.count)
        var exponent = 0
        var index = 0
        var sawDigit = false
        while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
            mantissa.append(bytes[index])
            index += 1
            sawDigit = true
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                mantissa.append(bytes[index])
                exponent -= 1
                index += 1
                sawDigit = true
            }
        }
        guard sawDigit else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var sawExponentDigit = false
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                // Clamp absurd exponents: beyond a million the value is zero or infinite for every
                // purpose here, and clamping keeps the arithmetic from overflowing.
                written = min(written * 10 + Int(bytes[index] - 48), 1_000_000)
                index += 1
                sawExponentDigit = true
            }
            guard sawExponentDigit else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard index == bytes.count else { return nil }
        self.init(isNegative: negative, integerDigits: mantissa, exponent: exponent, radix: 10)
    }

    private init(isNegative: Bool, integerDigits: [UInt8], exponent: Int, radix: Int) {
        var start = 0
        while start < integerDigits.count, integerDigits[start] == UInt8(ascii: "0") { start += 1 }
        var end = integerDigits.count
        var exponent = exponent
        while end > start, integerDigits[end - 1] == UInt8(ascii: "0") {
            end -= 1
            exponent += 1
        }
        let digits = Array(integerDigits[start..<end])
        self.digits = digits
        self.isNegative = isNegative && !digits.isEmpty
        self.exponent = digits.isEmpty ? 0 : exponent
        self.radix = radix
    }

    /// Whether the value is zero.
    package var isZero: Bool { digits.isEmpty }

    /// Whether the value is a mathematical integer.
    package var isInteger: Bool { exponent >= 0 }

    /// The value as an `Int64` when it is an integer that fits.
    package var int64Value: Int64? {
        guard isInteger, digits.count + exponent <= 19 else { return nil }
        // Digits are added with the value's sign, so that -9223372036854775808 (Int64.min) fits.
        let sign: Int64 = isNegative ? -1 : 1
        var value: Int64 = 0
        for digit in digits {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = shifted.addingReportingOverflow(sign * Int64(digit - 48))
            guard !overflow1, !overflow2 else { return nil }
            value = added
        }
        for _ in 0..<exponent {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = shifted
        }
        return value
    }

    /// The nearest `Double`.
    package var doubleValue: Double {
        Double(canonicalText) ?? (isNegative ? -.infinity : .infinity)
    }

    /// The value in scientific JSON form (`-1999e-2`), or plain digits for small integers.
    package var canonicalText: String {
        if digits.isEmpty { return "0" }
        let sign = isNegative ? "-" : ""
        let body = String(decoding: digits, as: UTF8.self)
        if exponent == 0 { return sign + body }
        if exponent > 0, exponent + digits.count <= 21 {
            return sign + body + String(repeating: "0", count: exponent)
        }
        return sign + body + "e" + String(exponent)
    }

    /// Orders two values exactly: -1, 0 or 1.
    package func compare(to other: DecimalText) -> Int {
        if isNegative != other.isNegative {
            return isNegative ? -1 : 1
        }
        let magnitude = compareMagnitude(to: other)
        return isNegative ? -magnitude : magnitude
    }

    private func compareMagnitude(to other: DecimalText) -> Int {
        if digits.isEmpty || other.digits.isEmpty {
            return digits.isEmpty ? (other.digits.isEmpty ? 0 : -1) : 1
        }
        // The position of the leading digit decides unless both lead at the same power of ten.
        let leading = digits.count + exponent
        let otherLeading = other.digits.count + other.exponent
        if leading != otherLeading { return leading < otherLeading ? -1 : 1 }
        let length = max(digits.count, other.digits.count)
        for index in 0..<length {
            let left = index < digits.count ? digits[index] : UInt8(ascii: "0")
            let right = index < other.digits.count ? other.digits[index] : UInt8(ascii: "0")
            if left != right { return left < right ? -1 : 1 }
        }
        return 0
    }

    /// Whether `self / divisor` is an integer, computed exactly for divisors of up to 18 digits.
    /// Returns `nil` when the divisor is zero or too long to decide exactly.
    package func isMultiple(of divisor: DecimalText) -> Bool? {
        guard !divisor.digits.isEmpty, divisor.digits.count <= 18 else { return nil }
        if digits.isEmpty { return true }
        // self = A·10^a, divisor = B·10^b. Neither A nor B ends in zero.
        let shift = exponent - divisor.exponent
        if shift < 0 {
            // A·10^a / (B·10^b) = A / (B·10^(b-a)); A would need `-shift` trailing zeros.
            return false
        }
        var modulus: UInt64 = 0
        for digit in divisor.digits { modulus = modulus * 10 + UInt64(digit - 48) }
        var remainder: UInt64 = 0
        for digit in digits { remainder = (remainder * 10 + UInt64(digit - 48)) % modulus }
        // Appending zeros: stop early once the remainder is zero, and cap the loop, since
        // after at most `modulus` steps the remainders repeat.
        var zeros = 0
        while remainder != 0, zeros < shift, zeros < 10_000 {
            remainder = (remainder * 10) % modulus
            zeros += 1
        }
        return remainder == 0
    }
}
