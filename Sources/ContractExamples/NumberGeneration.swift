import ContractJSON

extension ValueGenerator {
    /// A number inside the bounds and a multiple of every `multipleOf`, computed on scaled integers so
    /// that `multipleOf: 0.01` and exclusive bounds are exact: every quantity is an integer count of
    /// `10^scale`, with `scale` the finest exponent any keyword uses.
    mutating func generateNumber(_ node: MergedNode, integral: Bool, site: Site) throws(GenerationFailure)
        -> JSONValue
    {
        var bounds = node.schema.numbers
        let integral = integral || node.schema.integerBits != nil
        if node.schema.integerBits == 32, let minimum = Self.int32Minimum, let maximum = Self.int32Maximum {
            bounds.raiseLower(minimum, exclusive: false)
            bounds.lowerUpper(maximum, exclusive: false)
        }
        var finest = 0
        for bound in [bounds.lower, bounds.upper] { if let bound { finest = min(finest, bound.exponent) } }
        for multiple in bounds.multiples { finest = min(finest, multiple.exponent) }
        let scale = integral ? min(0, finest) : min(-2, finest - 1)
        guard let step = Self.step(bounds.multiples, integral: integral, scale: scale) else {
            throw .gaveUp("multipleOf values too long to combine exactly", at: bounds.site)
        }
        var lowest: Int64?
        var highest: Int64?
        if let lower = bounds.lower {
            guard let scaled = Self.scaled(lower, scale) else { return try extremeNumber(bounds, integral: integral) }
            var index = Self.divideRoundingUp(scaled, step)
            if bounds.lowerExclusive, index.multipliedReportingOverflow(by: step).partialValue == scaled { index += 1 }
            lowest = index
        }
        if let upper = bounds.upper {
            guard let scaled = Self.scaled(upper, scale) else { return try extremeNumber(bounds, integral: integral) }
            var index = Self.divideRoundingDown(scaled, step)
            if bounds.upperExclusive, index.multipliedReportingOverflow(by: step).partialValue == scaled { index -= 1 }
            highest = index
        }
        if let lowest, let highest, lowest > highest {
            throw .unsatisfiable(numberMessage(bounds, integral: integral), at: bounds.site)
        }
        var target: Int64
        if isRandom {
            // Unbounded sides are given a span of a thousand steps, so values stay readable.
            let spanLow = lowest ?? (highest.map { $0 > Int64.min / 2 ? $0 - 1000 : $0 } ?? 0)
            let spanHigh = highest ?? (spanLow < Int64.max / 2 ? spanLow + 1000 : spanLow)
            let (width, overflow) = spanHigh.subtractingReportingOverflow(spanLow)
            target = spanLow + Int64(rng.below(Int(overflow ? 1 << 40 : min(width, 1 << 40)) + 1))
        } else {
            let hint = isMinimal ? nil : site.hints.number
            let wanted =
                Self.scaled(hint ?? (isMinimal ? DecimalText("0") : DecimalText(integral ? "1" : "1.5")), scale) ?? 0
            target = Self.divideRoundingDown(wanted, step) + Int64(site.variant + site.attempt)
        }
        if let lowest { target = max(target, lowest) }
        if let highest { target = min(target, highest) }
        let (product, overflow) = target.multipliedReportingOverflow(by: step)
        guard !overflow else { throw .gaveUp("the number is too large to build", at: bounds.site) }
        return .number(JSONNumber(text: Self.text(product, scale: scale)))
    }

    static let int32Minimum = DecimalText("-2147483648")
    static let int32Maximum = DecimalText("2147483647")

    /// A bound too large for 64-bit arithmetic: use an inclusive bound itself when it fits the rest.
    private func extremeNumber(_ bounds: NumericBounds, integral: Bool) throws(GenerationFailure) -> JSONValue {
        for (bound, exclusive) in [(bounds.lower, bounds.lowerExclusive), (bounds.upper, bounds.upperExclusive)] {
            guard let bound, !exclusive, !integral || bound.isInteger else { continue }
            if bounds.multiples.allSatisfy({ bound.isMultiple(of: $0) ?? false }) {
                return .number(JSONNumber(text: bound.canonicalText))
            }
        }
        throw .gaveUp("the numeric bounds are too large to search exactly", at: bounds.site)
    }

    private func numberMessage(_ bounds: NumericBounds, integral: Bool) -> String {
        let range = [bounds.lowerText, bounds.upperText].filter { !$0.isEmpty }.joined(separator: " and ")
        if !bounds.multiples.isEmpty {
            let multiples = bounds.multiples.map(\.canonicalText).joined(separator: ", ")
            return "no multiple of \(multiples) satisfies \(range)"
        }
        return "no \(integral ? "integer" : "number") satisfies \(range)"
    }

    /// The smallest positive count of `10^scale` that is a multiple of every divisor (and of 1 for integers).
    private static func step(_ multiples: [DecimalText], integral: Bool, scale: Int) -> Int64? {
        var step: Int64 = integral ? (power(-scale) ?? 0) : 1
        guard step > 0 else { return nil }
        for multiple in multiples {
            guard let scaled = scaled(multiple, scale), scaled > 0 else { return nil }
            let divisor = gcd(step, scaled)
            let (result, overflow) = (step / divisor).multipliedReportingOverflow(by: scaled)
            guard !overflow else { return nil }
            step = result
        }
        return step
    }

    private static func gcd(_ first: Int64, _ second: Int64) -> Int64 {
        var (a, b) = (first, second)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    static func power(_ exponent: Int) -> Int64? {
        guard exponent >= 0, exponent <= 18 else { return nil }
        var value: Int64 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// `value / 10^scale` as an integer (exact, since `scale` is at most the value's exponent), or `nil` on overflow.
    static func scaled(_ value: DecimalText?, _ scale: Int) -> Int64? {
        guard let value else { return nil }
        if value.isZero { return 0 }
        guard let factor = power(value.exponent - scale), value.digits.count <= 18 else { return nil }
        var significand: Int64 = 0
        for digit in value.digits { significand = significand * 10 + Int64(digit - 48) }
        let (result, overflow) = significand.multipliedReportingOverflow(by: factor)
        guard !overflow else { return nil }
        return value.isNegative ? -result : result
    }

    static func divideRoundingUp(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor != 0 && value > 0 ? quotient + 1 : quotient
    }

    static func divideRoundingDown(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor != 0 && value < 0 ? quotient - 1 : quotient
    }

    /// `value × 10^scale` written as a JSON number (`1250`, scale -2 → `12.5`), built as bytes.
    static func text(_ value: Int64, scale: Int) -> String {
        guard scale < 0, let unit = power(-scale) else { return String(value) }
        let magnitude = value.magnitude
        let whole = magnitude / UInt64(unit)
        var fraction = magnitude % UInt64(unit)
        guard fraction != 0 else { return value < 0 ? "-" + String(whole) : String(whole) }
        var places = -scale
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        var digits = [UInt8](repeating: 0x30, count: places)
        var index = places - 1
        while fraction > 0, index >= 0 {
            digits[index] = UInt8(48 + fraction % 10)
            fraction /= 10
            index -= 1
        }
        return (value < 0 ? "-" : "") + String(whole) + "." + String(decoding: digits, as: UTF8.self)
    }
}
