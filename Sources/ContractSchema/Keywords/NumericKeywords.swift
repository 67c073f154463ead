import ContractJSON

// Memory safety: `plainInt64` only iterates the buffer it is given (an in-place number's bytes, valid during
// the read).

/// Exact answers about number literals, with an allocation-free path for plain integers.
enum NumberFacts {
    /// Whether the literal is a mathematical integer (`1.0` and `1e2` are).
    static func isInteger(_ number: JSONNumber) -> Bool {
        let plain =
            number.text.utf8.withContiguousStorageIfAvailable { bytes in
                !bytes.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            } ?? false
        return plain || number.isInteger
    }

    /// The literal as an `Int64` when it is written as plain digits that fit, without allocating.
    static func plainInt64(_ text: String) -> Int64? {
        plainInt64(bytes: text.utf8)
    }

    /// `plainInt64` on a literal's UTF-8 bytes.
    static func plainInt64(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        plainInt64(bytes: bytes)
    }

    private static func plainInt64(bytes: some Sequence<UInt8>) -> Int64? {
        var value: Int64 = 0
        // Digits are added with the value's sign, so that -9223372036854775808 (Int64.min) fits.
        var sign: Int64 = 1
        var sawDigit = false
        for byte in bytes {
            if byte == UInt8(ascii: "-"), !sawDigit, sign == 1 {
                sign = -1
                continue
            }
            guard byte >= 48, byte <= 57 else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = shifted.addingReportingOverflow(sign * Int64(byte - 48))
            guard !overflow1, !overflow2 else { return nil }
            value = added
            sawDigit = true
        }
        guard sawDigit else { return nil }
        return value
    }

    /// Orders two numbers exactly: -1, 0 or 1; `nil` when one is not a finite decimal.
    static func compare(_ number: JSONNumber, _ bound: Bound) -> Int? {
        if let plainBound = bound.plain, let value = plainInt64(number.text) {
            return value < plainBound ? -1 : (value == plainBound ? 0 : 1)
        }
        guard let decimal = number.decimal else { return nil }
        return decimal.compare(to: bound.decimal)
    }

    /// A numeric bound, pre-read for fast comparisons.
    struct Bound: Sendable {
        let decimal: DecimalText
        let plain: Int64?
        let text: String

        init?(_ value: JSONValue?) {
            guard case .number(let number)? = value, let decimal = number.decimal else { return nil }
            self.decimal = decimal
            self.plain = NumberFacts.plainInt64(number.text)
            self.text = number.text
        }
    }
}

/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`: one bound each.
final class BoundCheck: LeafKeywordCheck {
    enum Kind: Sendable { case minimum, maximum, exclusiveMinimum, exclusiveMaximum }

    let kind: Kind
    let bound: NumberFacts.Bound

    init(site: KeywordSite, kind: Kind, bound: NumberFacts.Bound) {
        self.kind = kind
        self.bound = bound
        super.init(site: site)
    }

    override var streamingRole: StreamingRole { .scalarOnly }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .number(let number) = instance else { return true }
        return holds(NumberFacts.compare(number, bound))
    }

    override var decidesNumbers: Bool { true }

    override func isValid(number: inout NumberInstance) -> Bool {
        if let plainBound = bound.plain, let value = number.plainInt64 {
            return holds(value < plainBound ? -1 : (value == plainBound ? 0 : 1))
        }
        return holds(NumberFacts.compare(number.value(), bound))
    }

    /// Whether an instance ordered `order` against the bound (-1, 0, 1; `nil`: not a finite decimal) passes.
    private func holds(_ order: Int?) -> Bool {
        guard let order else { return false }
        switch kind {
        case .minimum: return order >= 0
        case .maximum: return order <= 0
        case .exclusiveMinimum: return order > 0
        case .exclusiveMaximum: return order < 0
        }
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        let relation =
            switch kind {
            case .minimum: "at least"
            case .maximum: "at most"
            case .exclusiveMinimum: "greater than"
            case .exclusiveMaximum: "less than"
            }
        return ("a number \(relation) \(bound.text)", ValueDescription.describe(instance))
    }
}

/// `multipleOf`, decided on exact decimals.
final class MultipleOfCheck: LeafKeywordCheck {
    let divisor: NumberFacts.Bound

    init(site: KeywordSite, divisor: NumberFacts.Bound) {
        self.divisor = divisor
        super.init(site: site)
    }

    override var streamingRole: StreamingRole { .scalarOnly }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .number(let number) = instance else { return true }
        if let divisorPlain = divisor.plain, divisorPlain != 0, let value = NumberFacts.plainInt64(number.text) {
            return value % divisorPlain == 0
        }
        return holds(number)
    }

    override var decidesNumbers: Bool { true }

    override func isValid(number: inout NumberInstance) -> Bool {
        if let divisorPlain = divisor.plain, divisorPlain != 0, let value = number.plainInt64 {
            return value % divisorPlain == 0
        }
        return holds(number.value())
    }

    /// Whether a number that is not a plain integer (or whose divisor is not) is a multiple.
    private func holds(_ number: JSONNumber) -> Bool {
        guard let decimal = number.decimal else { return false }
        if let exact = decimal.isMultiple(of: divisor.decimal) { return exact }
        // Divisors too long to decide exactly: fall back to binary floating point.
        let quotient = decimal.doubleValue / divisor.decimal.doubleValue
        return quotient.isFinite && quotient.rounded() == quotient
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        ("a multiple of \(divisor.text)", ValueDescription.describe(instance))
    }
}

extension SchemaCompiler {
    func compileNumeric(_ context: KeywordContext, into checks: inout [KeywordCheck]) {
        // Draft 4 and OpenAPI 3.0 write exclusive bounds as booleans beside minimum/maximum.
        let exclusiveMinimumFlag = context[.exclusiveMinimum]?.boolValue ?? false
        let exclusiveMaximumFlag = context[.exclusiveMaximum]?.boolValue ?? false
        let pairs: [(CompiledKeyword, BoundCheck.Kind)] = [
            (.minimum, exclusiveMinimumFlag ? .exclusiveMinimum : .minimum),
            (.maximum, exclusiveMaximumFlag ? .exclusiveMaximum : .maximum),
            (.exclusiveMinimum, .exclusiveMinimum),
            (.exclusiveMaximum, .exclusiveMaximum),
        ]
        for (keyword, kind) in pairs {
            guard let value = context[keyword], value.boolValue == nil else { continue }
            guard let bound = NumberFacts.Bound(value) else {
                report("\(keyword.name) must be a number", at: context, keyword.name)
                continue
            }
            checks.append(BoundCheck(site: site(keyword, context), kind: kind, bound: bound))
        }
        if let value = context[.multipleOf] {
            guard let divisor = NumberFacts.Bound(value), !divisor.decimal.isZero, !divisor.decimal.isNegative else {
                report("multipleOf must be a number greater than 0", at: context, "multipleOf")
                return
            }
            checks.append(MultipleOfCheck(site: site(.multipleOf, context), divisor: divisor))
        }
    }
}
