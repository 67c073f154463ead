import Testing

@testable import ContractSpec

/// How the keys of a Responses Object read as status codes, classes and `default`.
@Suite("Response status keys")
struct ResponseStatusTests {
    @Test("codes, classes in either case, and default")
    func valid() {
        #expect(Spec.ResponseStatus("200") == .code(200))
        #expect(Spec.ResponseStatus("100") == .code(100))
        #expect(Spec.ResponseStatus("599") == .code(599))
        #expect(Spec.ResponseStatus("2XX") == .range(2))
        #expect(Spec.ResponseStatus("4xx") == .range(4))
        #expect(Spec.ResponseStatus("5Xx") == .range(5))
        #expect(Spec.ResponseStatus("default") == .default)
    }

    @Test(
        "anything else is not a status",
        arguments: [
            "600", "099", "6XX", "0XX", "20", "2000", "+99", "abc", "2X0", "Default", "２００", "2XX\u{301}", "",
        ])
    func invalid(key: String) {
        #expect(Spec.ResponseStatus(key) == nil)
    }
}
