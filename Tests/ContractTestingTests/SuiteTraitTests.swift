import ContractTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// On a suite, the trait gives each test a backend of its own.
@Suite(.contract("contracts/clinic.yaml") { $0.stub("getPet", .status(404)) })
struct SuiteTraitTests {
    @Test(arguments: 0..<4)
    func eachTestHasItsOwnBackend(_ index: Int) async throws {
        let backend = try #require(ContractBackend.current)
        let (_, response) = try await backend.session.data(for: Requests.getPet())
        #expect(Requests.status(response) == 404)
        // A backend shared between the cases, which run in parallel, would have logged more than one.
        #expect(backend.exchanges.count == 1)
    }
}
