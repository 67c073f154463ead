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

    /// A string matching `pattern`, or `nil` when the pattern cannot be read.
    func sample(_ pattern: String, using rng: inout SplitMix64) -> String? {
        var parser = RegexPatternParser(pattern)
        guard let node = parser.parse() else { return nil }
        var output: [Unicode.Scalar] = []
        var captures: [Int: [Unicode.Scalar]] = [:]
        emit(node, into: &output, captures: &captures, rng: &rng, depth: 0)
        var text = ""
        text.unicodeScalars.append(contentsOf: output)
        return text
    }

    private func emit(
        _ node: RegexPatternNode, into output: inout [Unicode.Scalar], captures: inout [Int: [Unicode.Scalar]],
        rng: inout SplitMix64, depth: Int
    ) {
        guard depth < 48, output.count < 4096 else { return }
        switch node {
        case .literal(let scalar):
            output.append(scalar)
        case .set(let set):
            if let scalar = set.pick(using: &rng, first: smallest) { output.append(scalar) }
        case .sequence(let nodes):
            for child in nodes { emit(child, into: &output, captures: &captures, rng: &rng, depth: depth + 1) }
        case .alternation(let branches):
            let index = smallest ? 0 : rng.below(branches.count)
            emit(branches[index], into: &output, captures: &captures, rng: &rng, depth: depth + 1)
        case .group(let body, let capture):
            let start = output.count
            emit(body, into: &output, captures: &captures, rng: &rng, depth: depth + 1)
            if let capture { captures[capture] = Array(output[start...]) }
        case .repeated(let body, let minimum, let maximum):
            let upper = min(maximum ?? minimum + extraRepetitions, minimum + max(extraRepetitions, 3))
            let count = smallest ? minimum : minimum + rng.below(upper - minimum + 1)
            for _ in 0..<count { emit(body, into: &output, captures: &captures, rng: &rng, depth: depth + 1) }
        case .backreference(let index):
            output.append(contentsOf: captures[index] ?? [])
        case .assertion:
            break
        }
    }
}

/// A node of a parsed pattern, as far as sampling needs it.
indirect enum RegexPatternNode: Sendable {
    case literal(Unicode.Scalar)
    case set(RegexScalarSet)
    case sequence([RegexPatternNode])
    case alternation([RegexPatternNode])
    case group(RegexPatternNode, capture: Int?)
    case repeated(RegexPatternNode, min: Int, max: Int?)
    case backreference(Int)
    /// `^`, `$`, `\b`, lookarounds: they consume nothing.
    case assertion
}

/// A set of scalars: ranges, possibly negated.
struct RegexScalarSet: Sendable {
    var ranges: [ClosedRange<UInt32>]
    var negated: Bool

    static let digits = RegexScalarSet(ranges: [0x30...0x39], negated: false)
    static let word = RegexScalarSet(ranges: [0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x5F...0x5F], negated: false)
    static let space = RegexScalarSet(ranges: [0x20...0x20, 0x09...0x0D], negated: false)
    /// `.`: anything but line terminators; sampled from letters so values stay readable.
    static let dot = RegexScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029], negated: true)

    // Scalars tried for negated sets, readable ones first.
    private static let fallbackPool: [UInt32] =
        Array(0x61...0x7A) + Array(0x30...0x39) + Array(0x41...0x5A) + [
            0x5F, 0x2D, 0x2E, 0x20, 0x21, 0x2B, 0x3D, 0x40, 0x7E, 0xE9,
        ]

    func contains(_ value: UInt32) -> Bool {
        ranges.contains { $0.contains(value) } != negated
    }

    /// One member: the first (or a random) pick; `nil` when the set is empty.
    func pick(using rng: inout SplitMix64, first: Bool) -> Unicode.Scalar? {
        if negated || ranges.isEmpty {
            let pool = Self.fallbackPool.filter(contains)
            guard !pool.isEmpty else { return nil }
            return Unicode.Scalar(pool[first ? 0 : rng.below(pool.count)])
        }
        // Prefer readable members: a range holding lowercase letters or digits is sampled from them.
        let range = ranges[first ? 0 : rng.below(ranges.count)]
        let width = Int(range.upperBound - range.lowerBound) + 1
        for _ in 0..<8 {
            let value = range.lowerBound + UInt32(first ? 0 : rng.below(width))
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
        return Unicode.Scalar(range.lowerBound)
    }
}
