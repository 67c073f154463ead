import ContractJSON

extension ValueGenerator {
    /// A number inside the bounds and a multiple of every `multipleOf`, computed on scaled integers so
    /// that `multipleOf: 0.01` and exclusive bounds are exact: every quantity is an integer count of
    /// `10^scale`, with `scale` the finest exponent any keyword uses.
    mutating func generateNumber(_ node: MergedNode, integral: Bool, site: Site) throws(GenerationFailure)
        -> JSONValue
    {
        let integral = integral || node.schema.integerBits != nil
        let plan: NumberPlan
        switch node.facts.numberPlan(integral: integral, of: node.schema) {
        case .range(let range): plan = range
        case .extreme: return try extremeNumber(NumberPlan.bounds(of: node.schema), integral: integral)
        case .tooLong: throw .gaveUp("multipleOf values too long to combine exactly", at: node.schema.numbers.site)
        case .empty:
            let bounds = NumberPlan.bounds(of: node.schema)
            throw .unsatisfiable(numberMessage(bounds, integral: integral), at: bounds.site)
        }
        let (step, scale, lowest, highest) = (plan.step, plan.scale, plan.lowest, plan.highest)
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
                NumberPlan.scaled(hint ?? (isMinimal ? Self.zero : (integral ? Self.one : Self.oneAndAHalf)), scale)
                ?? 0
            target = NumberPlan.divideRoundingDown(wanted, step) + Int64(site.ordinal % 1024)
        }
        if let lowest { target = max(target, lowest) }
        if let highest { target = min(target, highest) }
        let (product, overflow) = target.multipliedReportingOverflow(by: step)
        guard !overflow else { throw .gaveUp("the number is too large to build", at: node.schema.numbers.site) }
        return .number(JSONNumber(text: NumberText.text(product, scale: scale)))
    }

    // The values `full` and `minimal` mode start from, parsed once.
    private static let zero = DecimalText("0")
    private static let one = DecimalText("1")
    private static let oneAndAHalf = DecimalText("1.5")

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
}
