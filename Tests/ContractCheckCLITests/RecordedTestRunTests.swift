import ContractInterception
import ContractTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The whole loop of a user's CI: tests talk to the fake backend, which records; then the default
/// `contract-check` run verifies the recording and reports coverage.
@Suite struct RecordedTestRunTests {
    let cli = CLITests()

    func request(petId: String) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "\(ClinicSamples.base)/pets/\(petId)")))
        request.setValue(ClinicSamples.bearer, forHTTPHeaderField: "Authorization")
        return request
    }

    @Test("the default run verifies what the fake backend recorded, and names the test of a violation")
    func defaultRunVerifiesRecordings() async throws {
        let folder = try cli.temporaryFolder([:])
        for name in ["clinic.yaml", "schemas/common.yaml"] {
            let target = folder.appendingPathComponent("contracts/\(name)")
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CLITests.packageRoot.appendingPathComponent("contracts/\(name)"), to: target)
        }
        // Where `swift test` run in `folder` would record by default.
        let recordings = folder.appendingPathComponent(".build/contract-check/recordings", isDirectory: true)
        let backend = try ContractBackend(
            contract: folder.appendingPathComponent("contracts/clinic.yaml"), recording: .directory(recordings))
        backend.testLocation = "Tests/ClinicTests.swift:7"
        _ = try await backend.session.data(for: try request(petId: ClinicSamples.petId))

        let clean = try cli.run([], in: folder)
        #expect(clean.status == 0, "\(clean.output)")
        #expect(
            clean.output.contains(
                "contracts/clinic.yaml: 1 exchanges, 0 violations; operations exercised 1/19"), "\(clean.output)")

        _ = try await backend.session.data(for: try request(petId: "not-a-uuid"))
        let failing = try cli.run([], in: folder)
        #expect(failing.status == 1, "\(failing.output)")
        #expect(failing.output.contains("(test Tests/ClinicTests.swift:7)"), "\(failing.output)")
        let report = try String(contentsOf: folder.appendingPathComponent("Reports/contract-check.xml"), encoding: .utf8)
        #expect(report.contains("request.parameter.schema"))
        // The recording keeps the request as sent (it is verified again); what is printed redacts it.
        let token = String(ClinicSamples.bearer.dropFirst("Bearer ".count))
        #expect(!failing.output.contains(token) && !report.contains(token))
    }
}
