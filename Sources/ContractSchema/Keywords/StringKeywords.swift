import ContractJSON

/// `minLength` / `maxLength`, counted in Unicode code points as JSON Schema requires.
final class LengthCheck: LeafKeywordCheck {
    let limit: Int
    let isMinimum: Bool

    init(site: KeywordSite, limit: Int, isMinimum: Bool) {
        self.limit = limit
        self.isMinimum = isMinimum
        super.init(site: site)
    }

    override var streamingRole: StreamingRole { .scalarOnly }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .string(let string) = instance else { return true }
        return holds(bytes: string.utf8.count) { string.unicodeScalars.count }
    }

    override var decidesStrings: Bool { true }

    override func isValid(string: inout StringInstance) -> Bool {
        let utf8 = string.utf8
        // Scalars are the bytes that do not continue a multi-byte sequence (the bytes are valid UTF-8).
        return holds(bytes: utf8.count) { utf8.reduce(0) { $1 & 0xC0 != 0x80 ? $0 + 1 : $0 } }
    }

    /// Whether a string of `bytes` UTF-8 bytes and `scalars()` scalars holds. The UTF-8 length bounds
    /// the scalar count from above and a quarter of it from below: most strings are decided without
    /// counting.
    private func holds(bytes: Int, scalars: () -> Int) -> Bool {
        if isMinimum {
            if bytes / 4 >= limit { return true }
            return bytes >= limit && scalars() >= limit
        }
        if bytes <= limit { return true }
        return scalars() <= limit
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        let count = instance.stringValue?.unicodeScalars.count ?? 0
        return (
            "a string of \(isMinimum ? "at least" : "at most") \(limit) characters",
            "\(count) characters: \(ValueDescription.describe(instance))"
        )
    }
}

/// `pattern`: an ECMA-262 search (not anchored), bounded in work.
final class PatternCheck: KeywordCheck {
    let site: KeywordSite
    let regex: ECMARegex
    let budget: Int

    init(site: KeywordSite, regex: ECMARegex, budget: Int) {
        self.site = site
        self.regex = regex
        self.budget = budget
        super.init()
    }

    override var streamingRole: StreamingRole { .scalarOnly }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard case .string(let string) = instance else { return true }
        return regex.firstMatch(in: string, budget: budget) == .matched
    }

    override var decidesStrings: Bool { true }

    override func isValid(string: inout StringInstance) -> Bool {
        regex.firstMatch(inUTF8: string.utf8, budget: budget) == .matched
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        guard case .string(let string) = instance else { return }
        switch regex.firstMatch(in: string, budget: budget) {
        case .matched:
            return
        case .notMatched:
            errors.append(
                state.error(
                    site, expected: "a string matching /\(regex.pattern)/", actual: ValueDescription.describe(instance))
            )
        case .undecided:
            errors.append(
                state.error(
                    site, expected: "a string matching /\(regex.pattern)/",
                    actual: "undecided after \(budget) regex steps (pattern backtracks too much) on "
                        + ValueDescription.describe(instance)))
        }
    }
}

extension SchemaCompiler {
    func compileString(_ context: KeywordContext, into checks: inout [KeywordCheck]) {
        for (keyword, isMinimum) in [(CompiledKeyword.minLength, true), (.maxLength, false)] {
            guard let value = context[keyword] else { continue }
            guard let limit = nonNegativeInteger(value) else {
                report("\(keyword.name) must be a non-negative integer", at: context, keyword.name)
                continue
            }
            checks.append(LengthCheck(site: site(keyword, context), limit: limit, isMinimum: isMinimum))
        }
        if let value = context[.pattern] {
            guard let pattern = value.stringValue else {
                report("pattern must be a string", at: context, "pattern")
                return
            }
            if let regex = compileRegex(pattern, context, keyword: "pattern") {
                checks.append(
                    PatternCheck(site: site(.pattern, context), regex: regex, budget: options.regexStepLimit))
            }
        }
    }

    func compileRegex(_ pattern: String, _ context: KeywordContext, keyword: String) -> ECMARegex? {
        do {
            return try ECMARegex(pattern)
        } catch {
            report("invalid regular expression /\(pattern)/: \(error.message)", at: context, keyword)
            return nil
        }
    }

    /// Reads a count keyword: a non-negative integer, `2.0` included.
    func nonNegativeInteger(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value, let integer = number.int64Value, integer >= 0 else { return nil }
        return Int(clamping: integer)
    }
}
