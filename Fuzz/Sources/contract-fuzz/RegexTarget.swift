@testable import ContractSchema

/// The ECMA-262 matcher: a pattern and a subject (the input's two halves). A pattern compiles or throws a
/// syntax error; a match ends within its step budget.
enum RegexTarget {
    static func run(_ bytes: [UInt8]) {
        let (pattern, subject) = InputSplitting.halves(bytes)
        guard let regex = try? ECMARegex(InputSplitting.text(pattern)) else { return }
        _ = regex.firstMatch(in: InputSplitting.text(subject), budget: 100_000)
    }
}
