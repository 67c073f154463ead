import ContractInterception
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Deliberately wrong clients, through a real `URLSession`: exactly the expected violations are
/// recorded, and the backend answers as the contract says it would.
@Suite struct WrongClientTests {

    @Test func tableIsLargeEnough() {
        #expect(WrongClientCase.cases.count >= 40)
    }

    @Test(arguments: WrongClientCase.cases)
    func wrongClient(_ testCase: WrongClientCase) async throws {
        let backend = try Fixture.backend()
        let (_, response) = try await backend.session.data(for: testCase.urlRequest())
        let exchange = try #require(backend.exchanges.first)
        #expect(exchange.requestViolations.map(\.kind.rawValue) == testCase.expected)
        #expect(Fixture.status(response) == testCase.status)
        let unrouted = testCase.expected.allSatisfy { $0.hasPrefix("route.") }
        #expect(exchange.source == (unrouted ? .unmatched : .invalidRequest))
    }
}
