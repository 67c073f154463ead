// Memory safety: the input is lent by `withUTF8` (or is a checked JSON string's bytes, valid during the read)
// for the whole match, and `firstMatch` reads `buffer[start]` only after `start < buffer.count`.

/// An ECMA-262 regular expression (as `pattern`, `patternProperties` and the `regex` format mean it), compiled once.
///
/// Written here rather than borrowed from Foundation because neither `NSRegularExpression` (ICU)
/// nor Swift `Regex` can bound the work of one match, and both differ from ECMA-262 in ways the
/// JSON Schema suite checks (`\d` and `\w` are ASCII-only, `$` matches only at the very end).
struct ECMARegex: Sendable {
    /// How a bounded match ended.
    enum Result: Sendable, Equatable {
        case matched, notMatched
        /// The step budget ran out before the matcher could decide.
        case undecided
    }

    let pattern: String
    private let code: CompiledRegexProgram
    private let anchoredAtStart: Bool
    /// The one-pass matcher, for patterns that are a run of single-character atoms from the start.
    private let atomRun: AnchoredAtomRun?

    /// `strict`: only ECMA-262's syntax, as `format: regex` asks; `pattern` and `patternProperties` also
    /// read the case modifiers and the escaped underscore real contracts write (`RegexParser`).
    init(_ pattern: String, strict: Bool = false) throws(RegexSyntaxError) {
        self.pattern = pattern
        var parser = RegexParser(pattern, readsCommonExtensions: !strict)
        let node = try parser.parse()
        code = CompiledRegexProgram(
            try RegexProgram(node, captureCount: parser.captureCount, keepsCaptures: parser.hasBackreferences))
        atomRun = AnchoredAtomRun(node)
        if case .sequence(let nodes) = node, case .lineStart? = nodes.first {
            anchoredAtStart = true
        } else if case .lineStart = node {
            anchoredAtStart = true
        } else {
            anchoredAtStart = false
        }
    }

    /// Whether the pattern matches anywhere in `string` (no implicit anchoring), within `budget` steps.
    func firstMatch(in string: String, budget: Int) -> Result {
        var string = string
        return string.withUTF8 { firstMatch(inUTF8: $0, budget: budget) }
    }

    /// `firstMatch(in:budget:)` for text given as its UTF-8 bytes, which must be valid UTF-8 (a JSON
    /// string read in place): the matcher runs on these bytes either way.
    func firstMatch(inUTF8 buffer: UnsafeBufferPointer<UInt8>, budget: Int) -> Result {
        if let atomRun { return atomRun.matches(buffer) ? .matched : .notMatched }
        var machine = RegexMachine(code: code, input: buffer, budget: budget)
        var start = 0
        while true {
            switch machine.run(0, from: start) {
            case .matched: return .matched
            case .exhausted: return .undecided
            case .failed: break
            }
            guard !anchoredAtStart, start < buffer.count else { return .notMatched }
            start += RegexMachine.length(buffer[start])
        }
    }
}
