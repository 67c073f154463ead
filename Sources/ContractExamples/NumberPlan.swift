import ContractJSON

/// The numbers a schema allows, as integer counts of `10^scale`: every generated number is `index × step`
/// for an index in `lowest...highest`. Worked out once per merged schema (and kind of number), since
/// reading the decimal bounds is most of the cost of generating a number.
struct NumberPlan: Sendable {
    /// The finest decimal exponent any keyword uses (at most -2 for non-integers, so they have cents).
    let scale: Int
    /// The least common multiple of every `multipleOf` (and of `10^-scale` for integers), in `10^scale`s.
    let step: Int64
    /// The smallest and largest index allowed; `nil` when that side is unbounded.
    let lowest: Int64?
    let highest: Int64?

    /// What planning found.
    enum Outcome: Sendable {
        case range(NumberPlan)
        /// A bound too large for 64-bit arithmetic: only the bound itself can be tried.
        case extreme
        /// The `multipleOf`s have no common multiple that fits 64 bits.
        case tooLong
        /// No number lies within the bounds.
        case empty
    }

    static let int32Minimum = DecimalText("-2147483648")
    static let int32Maximum = DecimalText("2147483647")

    /// The bounds of the schema, with the int32 range applied for `format: int32`.
    static func bounds(of schema: MergedSchema) -> NumericBounds {
        var bounds = schema.numbers
        if schema.integerBits == 32, let minimum = int32Minimum, let maximum = int32Maximum {
            bounds.raiseLower(minimum, exclusive: false)
            bounds.lowerUpper(maximum, exclusive: false)
        }
        return bounds
    }

    /// The plan for integers (`integral`) or any numbers of the schema; `format: int32`/`int64` make
    /// every number integral.
    static func make(for schema: MergedSchema, integral: Bool) -> Outcome {
        let bounds = bounds(of: schema)
        let integral = integral || schema.integerBits != nil
        var finest = 0
        for bound in [bounds.lower, bounds.upper] { if let bound { finest = min(finest, bound.exponent) } }
        for multiple in bounds.multiples { finest = min(finest, multiple.exponent) }
        let scale = integral ? min(0, finest) : min(-2, finest - 1)
        guard let step = step(bounds.multiples, integral: integral, scale: scale) else { return .tooLong }
        var lowest: Int64?
        var highest: Int64?
        if let lower = bounds.lower {
            guard let scaled = scaled(lower, scale) else { return .extreme }
            var index = divideRoundingUp(scaled, step)
            if bounds.lowerExclusive, index.multipliedReportingOverflow(by: step).partialValue == scaled { index += 1 }
            lowest = index
        }
        if let upper = bounds.upper {
            guard let scaled = scaled(upper, scale) else { return .extreme }
            var index = divideRoundingDown(scaled, step)
            if bounds.upperExclusive, index.multipliedReportingOverflow(by: step).partialValue == scaled { index -= 1 }
            highest = index
        }
        if let lowest, let highest, lowest > highest { return .empty }
        return .range(NumberPlan(scale: scale, step: step, lowest: lowest, highest: highest))
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
}
