import ContractJSON

/// Where a compiled keyword came from, kept for its errors.
struct KeywordSite: Sendable {
    /// The keyword's name as reported (`type`, `required`).
    var keyword: String
    /// The keyword's absolute location.
    var location: SchemaLocation
    /// The keyword's file:line:column.
    var source: SourceLocation?
}

/// One compiled keyword (or a family of keywords that are checked together).
protocol KeywordCheck: Sendable {
    /// Whether the instance passes, building nothing.
    func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool
    /// Appends the instance's failures to `errors`.
    func collect(_ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError])
    /// Adds the properties and items this keyword evaluated, for `unevaluated*` beside it.
    func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated)
}

/// A keyword whose failure is one error at the instance itself.
protocol LeafKeywordCheck: KeywordCheck {
    var site: KeywordSite { get }
    /// Expected and actual, in words, for an instance that failed.
    func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String)
}

extension KeywordCheck {
    func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {}
}

extension LeafKeywordCheck {
    func collect(_ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]) {
        guard !isValid(instance, &state) else { return }
        let failure = describeFailure(instance)
        errors.append(state.error(site, expected: failure.expected, actual: failure.actual))
    }
}
