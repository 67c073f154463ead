import ContractInterception
import ContractTesting
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct TraitTests {
    @Test(.contract("contracts/clinic.yaml"))
    func traitProvidesABackend() async throws {
        let backend = try #require(ContractBackend.current)
        backend.stub("getPet", .response(status: 200, headers: ["ETag": "\"1\""], json: Requests.pet))
        let (_, response) = try await backend.session.data(for: Requests.getPet())
        #expect(Requests.status(response) == 200)
        #expect(backend.exchanges(for: "getPet").count == 1)
    }

    @Test(.contract("contracts/clinic.yaml") { $0.stub("getPet", .failure(.timedOut)) })
    func configureRunsBeforeTheTest() async throws {
        let backend = try #require(ContractBackend.current)
        await #expect(throws: URLError(.timedOut)) { try await backend.session.data(for: Requests.getPet()) }
    }

    /// The trait reports after the body, from the test's task, at the test's own location, with the
    /// violation's compiler-style line.
    @Test func violationsAreReportedAtTheTestsLocation() async throws {
        let test = try #require(Test.current)
        // Off: the violation is the point of the test, not traffic for `contract-check` to verify.
        let trait = ContractTrait.contract("contracts/clinic.yaml", recording: .off)
        let issues = try await issuesRecorded {
            try await trait.provideScope(for: test, testCase: nil) {
                let backend = try #require(ContractBackend.current)
                backend.stub("getPet", .response(status: 200, headers: ["ETag": "\"1\""], json: Requests.pet))
                _ = try await backend.session.data(for: Requests.getPet(auth: false))
            }
        }
        #expect(issues.map(\.sourceLocation) == [test.sourceLocation])
        #expect(issues.map { $0.comments.map(\.rawValue) } == [[Self.missingCredentials]])
    }

    /// What a request to `getPet` without credentials is reported with.
    static let missingCredentials =
        "contracts/clinic.yaml:198:5: error: [getPet] GET /pets/{petId} request security: expected one of bearerAuth "
        + "(Authorization: Bearer token), apiKeyAuth (API key in header X-API-Key), got no credentials"

    @Test(.contract("contracts/clinic.yaml", recording: .off))
    func checkpointReportsAtItsLine() async throws {
        let backend = try #require(ContractBackend.current)
        backend.stub("getPet", .response(status: 200, json: #"{"id":1}"#))
        _ = try await backend.session.data(for: Requests.getPet())
        let expected = try #require(backend.exchanges.last).stubViolations.filter { $0.severity == .error }
            .map { "stub response: \($0)" }
        #expect(!expected.isEmpty, "the stub's body breaks the contract")
        let line = #line + 1
        let issues = try await issuesRecorded { backend.checkpoint() }
        #expect(issues.map { $0.comments.map(\.rawValue) } == expected.map { [$0] })
        #expect(issues.allSatisfy { $0.sourceLocation?.line == line && $0.sourceLocation?.fileID == #fileID })
        // Reported once: nothing is left for the trait at the end.
        #expect(backend.takeFindings().isEmpty)
    }

    @Test(.contract("contracts/clinic.yaml"))
    func unknownStubIsReported() throws {
        let backend = try #require(ContractBackend.current)
        backend.stub("getPets", .status(200))
        #expect(
            backend.takeFindings().messages == [
                "ContractCheck: stub for \"getPets\": the contract has no operation of that name "
                    + "(use an operationId or \"GET /path/{template}\")"
            ])
    }
}

extension TraitTests {
    /// A contract that does not load fails the test with the loader's diagnostics, before its body runs.
    @Test func missingContractFailsTheTest() async throws {
        let test = try #require(Test.current)
        let trait = ContractTrait.contract("contracts/no-such-contract.yaml")
        let ran = Locked(false)
        await #expect(throws: ContractLoadError.self) {
            try await trait.provideScope(for: test, testCase: nil) { ran.set(true) }
        }
        #expect(!ran.value)
    }
}

/// A flag set from a `@Sendable` closure.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func set(_ value: Value) {
        update { $0 = value }
    }

    func update(_ change: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&stored)
    }
}
