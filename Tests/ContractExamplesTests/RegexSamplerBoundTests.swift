import Testing

@testable import ContractExamples

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

    @Test("a pattern of ordinary size is still sampled whole")
    func ordinaryPattern() {
        var rng = SplitMix64(seed: 1)
        let sample = RegexSampler(extraRepetitions: 3, smallest: true).sample("^[a-c]{3}-(?:x|y)\\d{4}$", using: &rng)
        #expect(sample == "aaa-x0000")
    }
}
