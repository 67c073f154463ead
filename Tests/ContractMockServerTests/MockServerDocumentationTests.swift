import ContractMockClient
import ContractTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The examples of Docs/MockServer.md, run against a real server.
@Suite("Docs/MockServer.md")
struct MockServerDocumentationTests {
    @Test("a UI test's stubs, the app's request, and what it sent")
    func uiTestControl() async throws {
        try await RunningMock.with { running in
            let mockURL = running.baseURL
            // The app reads the address its UI test launched it with. This process has no such launch
            // environment, and setting one here (`setenv`) would race with the tests that start processes,
            // so the mock's address stands in for it.
            let apiBase = ProcessInfo.processInfo.environment["CLINIC_API_URL"].flatMap { URL(string: $0) }
            let base = apiBase ?? mockURL.appendingPathComponent("v1")

            let mock = MockServerControl(baseURL: mockURL)  // http://127.0.0.1:4010
            try await mock.reset()  // no stubs, no exchanges: a clean start for this test
            try await mock.stub("getPet", .status(404))  // the next getPet answers the contract's 404
            try await mock.stub("listPets", .sequence(.status(503, undocumented: true), .status(200)))
            try await mock.stub("getOwner", .delayed(by: .milliseconds(800)))
            try await mock.stub("listVeterinarians", .failure(.networkConnectionLost))

            // The app's request.
            var request = URLRequest(url: base.appendingPathComponent("pets/\(ClinicSamples.petId)"))
            request.setValue(ClinicSamples.bearer, forHTTPHeaderField: "Authorization")
            let (_, response) = try await running.session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 404)

            let sent = try await mock.exchanges()  // what the app sent, with each exchange's violations
            #expect(sent.map(\.operation) == ["getPet"])
            #expect(sent.allSatisfy { $0.violations.isEmpty })
        }
    }
}
