// This file imports nothing of ContractCheck but `ContractTesting`: what a test writes (options,
// scenarios, the request a closure reads, the response it builds, violations and their kinds) must
// come with that one import.
import ContractTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ExpectedViolationTests {
    let base = "https://api.clinic.example.com/v1"
    let petID = "8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f"

    func getPet(token: String?) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "\(base)/pets/\(petID)")))
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    /// A test that proves its client is caught gets the violations, and the trait does not fail it.
    @Test(.contract("contracts/clinic.yaml", recording: .off))
    func expectedViolationsAreReturnedAndNotReported() async throws {
        let backend = try #require(ContractBackend.current)
        let violations = try await backend.expectViolations {
            _ = try await backend.session.data(for: getPet(token: nil))
        }
        #expect(violations.map(\.kind) == [.security])
        #expect(violations.first?.operation?.description.contains("getPet") == true)
        #expect(violations.first?.description.contains("bearerAuth") == true)
        #expect(backend.takeFindings().isEmpty)
        // The exchange is still in the log, with its violation, for assertions.
        #expect(backend.exchanges(for: "getPet").first?.requestViolations.count == 1)
    }

    /// A violation outside `expectViolations` is still reported.
    @Test(.contract("contracts/clinic.yaml", recording: .off))
    func violationsOutsideTheBodyAreStillReported() async throws {
        let backend = try #require(ContractBackend.current)
        _ = try await backend.session.data(for: getPet(token: nil))
        try await backend.expectViolations {
            _ = try await backend.session.data(for: getPet(token: nil))
        }
        let findings = backend.takeFindings()
        #expect(findings.requestViolations.map(\.kind) == [.security])
        #expect(findings.problems.isEmpty)
    }

    /// Expecting a violation from a correct request is itself a failure, at the caller's line.
    @Test(.contract("contracts/clinic.yaml", recording: .off))
    func aBodyThatBreaksNothingIsAProblem() async throws {
        let backend = try #require(ContractBackend.current)
        let line = #line + 1
        let violations = try await backend.expectViolations {
            _ = try await backend.session.data(for: getPet(token: "eyJhbGciOiJSUzI1NiJ9.e30.c2ln"))
        }
        #expect(violations.isEmpty)
        let findings = backend.takeFindings()
        #expect(findings.problems.count == 1)
        #expect(findings.problems.first?.message.contains("ExpectedViolationTests.swift:\(line)") == true)
        #expect(findings.problems.first?.message.contains("broke no rule") == true)
    }

    /// Options, scenarios and the stub's request and response types come with `import ContractTesting`,
    /// and the documented shorthand `.delayed(by:)` works on its own.
    @Test func oneImportCoversWhatATestWrites() async throws {
        let options = VerifierOptions(baseURLs: ["http://clinic.test/v1"], checksAccept: false)
        let backend = try ContractBackend(
            contract: ContractBackend.contractURL("contracts/clinic.yaml", relativeTo: #filePath),
            options: options, recording: .off)
        backend.stub(
            "getPet",
            .respond { (request: ContractRequest) -> ContractResponse in
                var headers = HTTPHeaders()
                headers.add("Content-Type", "application/json")
                headers.add("ETag", "\"7\"")
                headers.add("X-Saw-Token", request.headers.contains("Authorization") ? "yes" : "no")
                return ContractResponse(status: 200, headers: headers, body: HTTPBody(text: Requests.pet))
            })
        backend.stub("listPets", .delayed(by: .milliseconds(20)))
        var request = URLRequest(url: try #require(URL(string: "http://clinic.test/v1/pets/\(petID)")))
        request.setValue("Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln", forHTTPHeaderField: "Authorization")
        let (data, response) = try await backend.session.data(for: request)
        #expect(String(decoding: data, as: UTF8.self) == Requests.pet)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Saw-Token") == "yes")
        let violations: [ContractViolation] = backend.violations
        #expect(violations.isEmpty, "\(violations)")
        let kind: ViolationKind = .security
        #expect(kind.rawValue == "request.security")
    }
}
