import Testing

@testable import ContractExamples

/// Every choice, conditional and checked schema numbers its retries from its parent's attempt number.
/// The numbers once multiplied per level and overflowed (a trap) in deeply nested schemas.
@Suite("Retry numbering")
struct RetrySiteTests {
    let root = ValueGenerator.Site(hints: .empty, variant: 5, depth: 0, attempt: 0)

    @Test("the retries of one level are told apart, at the top and nested")
    func distinct() {
        let level = (0..<4).map { root.retrying($0, of: 4).attempt }
        #expect(level == [0, 1, 2, 3])
        let deeper = (0..<3).map { root.retrying(1, of: 4).retrying($0, of: 3).attempt }
        #expect(Set(deeper).count == 3)
    }

    @Test("a thousand nested levels of retries stay in range, and so does the ordinal")
    func deepNesting() {
        var site = root
        for level in 0..<1000 {
            site = site.retrying(level % 4 == 0 ? 3 : 1, of: 2 + level % 3)
            #expect(site.attempt >= 0)
            #expect(site.ordinal >= 0)
        }
        #expect(site.variant == 5)
    }
}
