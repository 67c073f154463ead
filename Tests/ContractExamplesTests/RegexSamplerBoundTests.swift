import Testing

@testable import ContractExamples
@testable import ContractSchema

/// The regex sampler's work is bounded by the pattern nodes it visits, not only by the length of what it
/// writes: nested repetitions of an empty group write nothing at all.
@Suite("regex sampler bounds")
struct RegexSamplerBoundTests {
    @Test("nested repetitions of an empty group come back at once", arguments: [false, true])
    func emptyRepetitions(smallest: Bool) {
        var rng = SplitMix64(seed: 1)
        var sample: String?
        let elapsed = ContinuousClock().measure {
            sample = RegexSampler(extraRepetitions: 3, smallest: smallest).sample("(?:(?:){9999}){9999}", using: &rng)
        }
        #expect(sample == "")
        #expect(elapsed < .seconds(2))
    }

    /// Found by fuzzing: a count of hundreds of trillions, read as written since counts are no longer cut,
    /// kept the sampler looping long after its output was full.
    @Test("a count of trillions comes back at once, cut at the output's bound", arguments: [false, true])
    func hugeCount(smallest: Bool) {
        var rng = SplitMix64(seed: 1)
        var sample: String?
        let elapsed = ContinuousClock().measure {
            sample = RegexSampler(extraRepetitions: 3, smallest: smallest).sample(
                "^^Yy2^[0-9^\u{12}]{0788888888888888}$", using: &rng)
        }
        #expect(sample?.unicodeScalars.count ?? 0 <= 4096)
        #expect(elapsed < .seconds(2))
    }

    @Test("a pattern of ordinary size is still sampled whole")
    func ordinaryPattern() {
        var rng = SplitMix64(seed: 1)
        let sample = RegexSampler(extraRepetitions: 3, smallest: true).sample("^[a-c]{3}-(?:x|y)\\d{4}$", using: &rng)
        #expect(sample == "aaa-x0000")
    }

    /// Found by fuzzing: a backreference whose number does not fit in an integer stopped the process.
    @Test("a backreference number too large for an integer is read, not overflowed", arguments: [false, true])
    func hugeBackreference(smallest: Bool) {
        var rng = SplitMix64(seed: 1)
        let pattern = "^(W/)?a\\" + String(repeating: "2", count: 40) + "11111\"$"
        let sample = RegexSampler(extraRepetitions: 3, smallest: smallest).sample(pattern, using: &rng)
        #expect(sample?.hasSuffix("a\"") == true, "\(String(describing: sample))")
    }

    @Test("classes, escapes and the dot are sampled from members the matcher accepts")
    func classesMatch() throws {
        let patterns = [
            "^[^,;]{2,5}$", "^\\p{Lu}\\p{Ll}+$", "^[\\D]{3}$", "^\\S+@\\S+$", "^.{4}$", "^[\\s]$", "^\\P{L}{2}$",
            "^(?<word>[a-z]+)-\\k<word>$", "^[\\u{1F600}-\\u{1F64F}]$",
        ]
        for pattern in patterns {
            let regex = try ECMARegex(pattern)
            for seed in 0..<20 {
                var rng = SplitMix64(seed: UInt64(seed))
                let sample = try #require(RegexSampler(extraRepetitions: 3, smallest: seed == 0).sample(pattern, using: &rng))
                #expect(regex.firstMatch(in: sample, budget: 100_000) == .matched, "\(pattern): \(sample)")
            }
        }
    }

    @Test("a pattern the validator rejects is not sampled")
    func invalidPattern() {
        var rng = SplitMix64(seed: 1)
        #expect(RegexSampler(extraRepetitions: 3, smallest: false).sample("([a-z]", using: &rng) == nil)
    }
}
