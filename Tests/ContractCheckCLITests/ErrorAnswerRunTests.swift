import ContractInterception
import ContractTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fake backend's answers to invalid requests, verified again by the default run: each request's
/// violation once, never a second one about the error answer the backend chose.
@Suite struct ErrorAnswerRunTests {
    let cli = CLITests()

    @Test("recorded answers to invalid requests: one violation each, whether the answer came from default or the backend")
    func oneViolationPerInvalidRequest() async throws {
        let (folder, backend) = try cli.recordingRun(fixture: "charges-default-errors.yaml", as: "charges.yaml")
        var statuses: [Int] = []
        // No credentials: getCharge answers from its default with 401, getBalance (nothing fits) with a problem.
        for path in ["/charges/ch_1a2b", "/balance"] {
            let url = try #require(URL(string: "https://charges.example.com/v1" + path))
            let (_, response) = try await backend.session.data(for: URLRequest(url: url))
            statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
        }
        #expect(statuses == [401, 401])
        let run = try cli.run(["run"], in: folder)
        #expect(run.status == 1)
        #expect(run.output.contains("contracts/charges.yaml: 2 exchanges, 2 violations"), "\(run.output)")
        #expect(run.output.components(separatedBy: "request security: expected").count == 3, "\(run.output)")
        #expect(!run.output.contains("response 401"), "\(run.output)")
    }
}
