import ContractJSON

/// `minimum`, `maximum`, their exclusive forms and `multipleOf`, combined exactly.
struct NumericBounds: Sendable {
    var lower: DecimalText?
    var lowerExclusive = false
    var upper: DecimalText?
    var upperExclusive = false
    var multiples: [DecimalText] = []
    /// Where a bound was last tightened, for messages.
    var site: LocatedSchema?

    mutating func raiseLower(_ value: DecimalText, exclusive: Bool) {
        if let lower {
            let order = value.compare(to: lower)
            guard order > 0 || (order == 0 && exclusive && !lowerExclusive) else { return }
        }
        lower = value
        lowerExclusive = exclusive
    }

    mutating func lowerUpper(_ value: DecimalText, exclusive: Bool) {
        if let upper {
            let order = value.compare(to: upper)
            guard order < 0 || (order == 0 && exclusive && !upperExclusive) else { return }
        }
        upper = value
        upperExclusive = exclusive
    }

    /// `minimum 1` / `exclusiveMinimum 0` as written in messages.
    var lowerText: String {
        guard let lower else { return "" }
        return (lowerExclusive ? "exclusiveMinimum " : "minimum ") + lower.canonicalText
    }

    var upperText: String {
        guard let upper else { return "" }
        return (upperExclusive ? "exclusiveMaximum " : "maximum ") + upper.canonicalText
    }
}
