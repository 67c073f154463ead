@testable import ContractExamples
@testable import ContractSchema

/// The regex sampler: strings made for a pattern (the whole input), in both modes, each then given to
/// the matcher. A sample need not match (lookarounds emit nothing); it must only come back, bounded.
enum SamplerTarget {
    static func run(_ bytes: [UInt8]) {
        let pattern = InputSplitting.text(bytes)
        let regex = try? ECMARegex(pattern)
        var rng = SplitMix64(seed: SplitMix64.stableHash(pattern))
        for smallest in [false, true] {
            let sampler = RegexSampler(extraRepetitions: 3, smallest: smallest)
            guard let sample = sampler.sample(pattern, using: &rng) else { continue }
            guard sample.unicodeScalars.count <= 1 << 16 else {
                fatalError("a sample of \(sample.unicodeScalars.count) characters for a \(bytes.count)-byte pattern")
            }
            _ = regex?.firstMatch(in: sample, budget: 100_000)
        }
    }
}
