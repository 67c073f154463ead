import ContractSchema

/// Produces strings that an ECMA-262 pattern matches: the inverse of a regex matcher.
///
/// Reads the pattern with the validator's own parser, so a pattern is sampled exactly when the validator
/// accepts it. Covers literals, escapes, classes (negated too), `.`, groups, alternation, quantifiers,
/// anchors and backreferences. Assertions and lookarounds emit nothing, so a pattern that relies on them
/// may yield a string it rejects; the generator checks every sample with the matcher and retries.
struct RegexSampler {
    /// How many repetitions beyond the minimum an unbounded quantifier (`*`, `+`, `{n,}`) may add.
    var extraRepetitions: Int
    /// Whether to take the fewest repetitions and the first alternative (for `minimal`).
    var smallest: Bool
    /// How many pattern nodes one sample may visit.
    static let maximumVisits = 100_000

    /// A string matching `pattern`, or `nil` when the pattern is not a valid ECMA-262 pattern.
    func sample(_ pattern: String, using rng: inout SplitMix64) -> String? {
        var parser = RegexParser(pattern)
        guard let node = try? parser.parse() else { return nil }
        var output: [Unicode.Scalar] = []
        var captures: [Int: [Unicode.Scalar]] = [:]
        var visits = 0
        emit(node, into: &output, captures: &captures, rng: &rng, visits: &visits, depth: 0)
        var text = ""
        text.unicodeScalars.append(contentsOf: output)
        return text
    }

    private func emit(
        _ node: RegexNode, into output: inout [Unicode.Scalar], captures: inout [Int: [Unicode.Scalar]],
        rng: inout SplitMix64, visits: inout Int, depth: Int
    ) {
        // The visits bound nested repetitions of what emits nothing (`(?:(?:){9999}){9999}`), which
        // the output's length never stops.
        visits += 1
        guard depth < 48, output.count < 4096, visits <= Self.maximumVisits else { return }
        switch node {
        case .scalar(let value):
            if let scalar = Unicode.Scalar(value) { output.append(scalar) }
        case .characterClass(let characterClass):
            if let scalar = RegexClassSampling.pick(from: characterClass, using: &rng, first: smallest) {
                output.append(scalar)
            }
        case .dot:
            if let scalar = RegexClassSampling.pick(from: RegexClassSampling.dot, using: &rng, first: smallest) {
                output.append(scalar)
            }
        case .sequence(let nodes):
            for child in nodes {
                emit(child, into: &output, captures: &captures, rng: &rng, visits: &visits, depth: depth + 1)
            }
        case .alternation(let branches):
            let index = smallest ? 0 : rng.below(branches.count)
            emit(branches[index], into: &output, captures: &captures, rng: &rng, visits: &visits, depth: depth + 1)
        case .group(let body, let capture):
            let start = output.count
            emit(body, into: &output, captures: &captures, rng: &rng, visits: &visits, depth: depth + 1)
            if let capture { captures[capture] = Array(output[start...]) }
        case .repetition(let body, let minimum, let maximum, _):
            let upper = min(maximum ?? minimum + extraRepetitions, minimum + max(extraRepetitions, 3))
            let count = smallest ? minimum : minimum + rng.below(upper - minimum + 1)
            for _ in 0..<count {
                // A count of millions (`x{788888888888}`) stops with the output's or the visits' bound, not after
                // as many calls that each return at once.
                guard output.count < 4096, visits <= Self.maximumVisits else { break }
                emit(body, into: &output, captures: &captures, rng: &rng, visits: &visits, depth: depth + 1)
            }
        case .backreference(let index):
            output.append(contentsOf: captures[index] ?? [])
        case .empty, .lineStart, .lineEnd, .wordBoundary, .look:
            break
        }
    }
}
