/// Produces strings that an ECMA-262 pattern matches: the inverse of a regex matcher.
///
/// Covers what contracts use: literals, escapes, classes (negated too), `.`, groups, alternation,
/// quantifiers, anchors and backreferences. Lookarounds emit nothing, so a pattern that relies on them may
/// yield a string it rejects; the generator checks every sample with the real matcher and retries.
struct RegexSampler {
    /// How many repetitions beyond the minimum an unbounded quantifier (`*`, `+`, `{n,}`) may add.
    var extraRepetitions: Int
    /// Whether to take the fewest repetitions and the first alternative (for `minimal`).
    var smallest: Bool
    /// How many pattern nodes one sample may visit.
    static let maximumVisits = 100_000

    /// A string matching `pattern`, or `nil` when the pattern cannot be read.
    func sample(_ pattern: String, using rng: inout SplitMix64) -> String? {
        var parser = RegexPatternParser(pattern)
        guard let node = parser.parse() else { return nil }
        var output: [Unicode.Scalar] = []
        var captures: [Int: [Unicode.Scalar]] = [:]
        var visits = 0
        emit(node, into: &output, captures: &captures, rng: &rng, visits: &visits, depth: 0)
        var text = ""
        text.unicodeScalars.append(contentsOf: output)
        return text
    }

    private func emit(
        _ node: RegexPatternNode, into output: inout [Unicode.Scalar], captures: inout [Int: [Unicode.Scalar]],
        rng: inout SplitMix64, visits: inout Int, depth: Int
    ) {
        // The visits bound nested repetitions of what emits nothing (`(?:(?:){9999}){9999}`), which
        // the output's length never stops.
        visits += 1
        guard depth < 48, output.count < 4096, visits <= Self.maximumVisits else { return }
        switch node {
        case .literal(let scalar):
            output.append(scalar)
        case .set(let set):
            if let scalar = set.pick(using: &rng, first: smallest) { output.append(scalar) }
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
        case .repeated(let body, let minimum, let maximum):
            let upper = min(maximum ?? minimum + extraRepetitions, minimum + max(extraRepetitions, 3))
            let count = smallest ? minimum : minimum + rng.below(upper - minimum + 1)
            for _ in 0..<count {
                emit(body, into: &output, captures: &captures, rng: &rng, visits: &visits, depth: depth + 1)
            }
        case .backreference(let index):
            output.append(contentsOf: captures[index] ?? [])
        case .assertion:
            break
        }
    }
}
