@testable import ContractInterception
import ContractTestSupport
import ContractSpec
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One copy of a contract per process: backends with different options share the loaded document and
/// its compiled schemas, and the copy is released once no backend uses it.
struct ContractSharingTests {
    /// A copy of the clinic contract (and the files it refers to) where no other test loads it, so that
    /// only this test's backends hold it.
    private static func privateContract() throws -> URL {
        let folder = Scratch.path("contract-sharing")
        try FileManager.default.copyItem(at: Fixture.contract.deletingLastPathComponent(), to: folder)
        return folder.appendingPathComponent(Fixture.contract.lastPathComponent)
    }

    @Test func optionSetsShareOneCopyThatIsReleasedWithTheirBackends() async throws {
        let url = try Self.privateContract()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var lenient: ContractBackend? = try ContractBackend(contract: url, recording: .off)
        var strict: ContractBackend? = try ContractBackend(
            contract: url, options: VerifierOptions(strict: true), recording: .off)
        weak var released: ContractSchemas?
        // Equal options, made apart, find the same prepared contract; other options a copy of their own
        // (sharing the document and schemas).
        do {
            let strictAgain = try ContractBackend(
                contract: url, options: VerifierOptions(strict: true), recording: .off)
            #expect(strictAgain.contract === strict?.contract)
            #expect(strictAgain.contract !== lenient?.contract)
        }
        do {
            let schemas = try #require(lenient?.document.compiledSchemas)
            #expect(strict?.document.compiledSchemas === schemas)
            released = schemas
        }

        // Each still verifies with its own options: only strict mode reports an undeclared query parameter.
        let request = try #require(
            HTTPRequest(
                method: "GET", url: Fixture.base + "/pets?tracking=1",
                headers: ["Authorization": Fixture.bearer, "Accept": "application/json"]))
        #expect(lenient?.verifier.verifyRequest(request).violations.isEmpty == true)
        #expect(strict?.verifier.verifyRequest(request).violations.map(\.kind) == [.parameterUnknown])

        lenient = nil
        strict = nil
        // The library keeps a contract a couple of seconds after its last backend goes.
        let deadline = Date().addingTimeInterval(15)
        while released != nil && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(released == nil, "the contract is still loaded after its backends went away")

        // Loaded again on demand.
        let again = try ContractBackend(contract: url, recording: .off)
        #expect(again.document.operations.count > 0)
    }
}
