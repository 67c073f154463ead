import ContractInterception
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests shaped as clients of public APIs send them, through the fake backend: the verdicts the
/// verifier gives (`ContractVerifyTests`) are the backend's too.
@Suite struct RealClientShapeTests {
    static func backend(_ fixture: String) throws -> ContractBackend {
        try ContractBackend(
            contract: Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/" + fixture), recording: .off)
    }

    static func request(
        _ method: String, _ url: String, headers: [String: String] = [:], body: String? = nil
    ) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        return request
    }

    @Test func uploadsToAnOriginServerAndVendorAcceptAreAnswered() async throws {
        let backend = try Self.backend("repositories.yaml")
        let issue = try Self.request(
            "GET", "https://api.repos.example.com/repos/o/r/issues/1", headers: ["Accept": "application/vnd.github+json"])
        let (_, issueResponse) = try await backend.session.data(for: issue)
        #expect(Fixture.status(issueResponse) == 200)
        let upload = try Self.request(
            "POST", "https://uploads.repos.example.com/repos/o/r/releases/7/assets?name=a.zip",
            headers: ["Content-Type": "application/octet-stream"], body: "PK")
        let (_, uploadResponse) = try await backend.session.data(for: upload)
        #expect(Fixture.status(uploadResponse) == 201)
        #expect(backend.violations.isEmpty)
        #expect(backend.exchanges.map { $0.operation?.operationId } == ["getIssue", "uploadReleaseAsset"])
    }

    @Test func bracketedFormBodiesAndQueriesAreAnswered() async throws {
        let backend = try Self.backend("billing-forms.yaml")
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let create = try Self.request(
            "POST", "https://api.billing.example.com/v1/customers", headers: form,
            body: "email=a%40b.c&expand%5B%5D=invoice&metadata%5Border%5D=6735&items%5B0%5D%5Bprice%5D=p&trial_end=1700000000")
        let (_, created) = try await backend.session.data(for: create)
        #expect(Fixture.status(created) == 200)
        let list = try Self.request(
            "GET", "https://api.billing.example.com/v1/customers?expand%5B%5D=data.invoice&created=1700000000")
        let (_, listed) = try await backend.session.data(for: list)
        #expect(Fixture.status(listed) == 200)
        #expect(backend.violations.isEmpty)
        // A wrong element type inside an item is still the client's mistake.
        let wrong = try Self.request(
            "POST", "https://api.billing.example.com/v1/customers", headers: form, body: "items%5B0%5D%5Bquantity%5D=two")
        _ = try await backend.session.data(for: wrong)
        #expect(backend.violations.map(\.kind) == [.bodySchema])
    }

    @Test func aJSONFileUploadIsAnswered() async throws {
        let backend = try Self.backend("file-uploads.yaml")
        let body =
            "--X\r\nContent-Disposition: form-data; name=\"file\"; filename=\"rows.json\"\r\nContent-Type: application/json\r\n\r\n"
            + #"{"rows": [1]}"# + "\r\n--X\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n--X--\r\n"
        let upload = try Self.request(
            "POST", "https://api.files.example.com/v1/files", headers: ["Content-Type": "multipart/form-data; boundary=X"],
            body: body)
        let (_, response) = try await backend.session.data(for: upload)
        #expect(Fixture.status(response) == 200)
        #expect(backend.violations.isEmpty)
    }
}
