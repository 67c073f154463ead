import ContractJSON
import ContractReport
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

@testable import ContractInterception

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Invalid requests are answered with the errors the contract documents: the status the failure calls
/// for, from the operation's own response for it or its `default`, and the backend's problem+json only
/// when the operation documents nothing that fits. The request's violation is reported once.
@Suite struct ErrorAnswerTests {
    static let contract = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/charges-default-errors.yaml")
    static let base = "https://charges.example.com/v1"

    static func request(_ path: String, method: String = "GET", auth: Bool = true, headers: [String: String] = [:], body: String? = nil)
        throws -> URLRequest
    {
        var request = URLRequest(url: try #require(URL(string: base + path)))
        request.httpMethod = method
        if auth { request.setValue("Bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// What a client decoding the documented error object reads: the error's `type`.
    static func errorType(_ data: Data) -> String? {
        (try? JSONParser.parse(Array(data)))?["error"]?["type"]?.stringValue
    }

    @Test(
        "a failure the operation documents only under default gets default's body with the status it calls for",
        arguments: [
            (path: "/charges/ch_1a2b", auth: false, headers: [String: String](), status: 401, kind: ViolationKind.security),
            (path: "/charges/py_1a2b", auth: true, headers: [:], status: 404, kind: .parameterSchema),
            (path: "/charges/ch_1a2b?limit=0", auth: true, headers: [:], status: 400, kind: .parameterSchema),
            (path: "/charges/ch_1a2b", auth: true, headers: ["Accept": "text/csv"], status: 406, kind: .accept),
        ])
    func defaultResponseWithTheFittingStatus(
        path: String, auth: Bool, headers: [String: String], status: Int, kind: ViolationKind
    ) async throws {
        let backend = try ContractBackend(contract: Self.contract, recording: .off)
        let (data, response) = try await backend.session.data(for: Self.request(path, auth: auth, headers: headers))
        #expect(Fixture.status(response) == status)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(Self.errorType(data) != nil, "the documented error object: \(String(decoding: data, as: UTF8.self))")
        let exchange = try #require(backend.exchanges.first)
        #expect(exchange.source == .invalidRequest)
        #expect(exchange.requestViolations.map(\.kind) == [kind])
        #expect(exchange.stubViolations.isEmpty)
        #expect(backend.violations.map(\.kind) == [kind], "reported once, never about the backend's own answer")
    }

    @Test("an operation that documents a 400 and no default answers any failure with it")
    func documentedClientErrorFitsAnyFailure() async throws {
        let backend = try ContractBackend(contract: Self.contract, recording: .off)
        let (data, response) = try await backend.session.data(
            for: Self.request("/refunds", method: "POST", auth: false, body: #"{"charge":"ch_1"}"#))
        #expect(Fixture.status(response) == 400)
        #expect(Self.errorType(data) != nil)
        #expect(backend.violations.map(\.kind) == [.security])
    }

    @Test("with nothing documented that fits, the backend's problem+json carries the status the failure calls for")
    func problemWhenNothingFits() async throws {
        let backend = try ContractBackend(contract: Self.contract, recording: .off)
        let (data, response) = try await backend.session.data(for: Self.request("/balance", auth: false))
        #expect(Fixture.status(response) == 401)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
        #expect(String(decoding: data, as: UTF8.self).contains("request.security"))
        #expect(backend.violations.map(\.kind) == [.security])
    }

    @Test("a valid request still gets the documented success; a stub is still verified")
    func validRequestsAreUnchanged() async throws {
        let backend = try ContractBackend(contract: Self.contract, recording: .off)
        let (_, response) = try await backend.session.data(for: Self.request("/charges/ch_1a2b"))
        #expect(Fixture.status(response) == 200)
        backend.stub("getCharge", .response(status: 200, json: #"{"id":"ch_1"}"#))
        _ = try await backend.session.data(for: Self.request("/charges/ch_1a2b"))
        #expect(backend.violations.map(\.kind) == [.responseBodySchema], "a stub that breaks the contract is reported")
    }

    @Test("recordings of those answers verify again with the request's violation only, once each")
    func recordedAnswersAreNotSecondViolations() async throws {
        let folder = Scratch.path("error-answers")
        let backend = try ContractBackend(contract: Self.contract, recording: .directory(folder))
        _ = try await backend.session.data(for: Self.request("/balance", auth: false))
        _ = try await backend.session.data(for: Self.request("/charges/ch_1a2b", auth: false))
        _ = try await backend.session.data(for: Self.request("/charges/ch_1a2b"))
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let (records, _) = try Recording.read(url: folder.appendingPathComponent(file), path: file)
        #expect(records.map(\.isRecording) == [true, true, true])
        let verifier = backend.verifier
        let result = TrafficCheck(contracts: [.init(document: verifier.document, verifier: verifier)]).run(records)
        #expect(result.violations.map(\.kind) == [.security, .security])
    }

    @Test(
        "the statuses that fit each failure, best first",
        arguments: [
            ([ViolationKind.security, .bodySchema], [401, 403]),
            ([.bodyMediaType], [415]), ([.accept], [406]), ([.bodySchema], [422, 400]),
            ([.bodySchema, .parameterMissing], [400, 422]), ([.bodyMalformed], [400, 422]),
        ])
    func fittingStatuses(kinds: [ViolationKind], statuses: [Int]) {
        let violations = kinds.map {
            ContractViolation(
                kind: $0, operation: nil, requestLine: "GET /", location: .request(.body),
                sourceLocation: ContractJSON.SourceLocation(file: "api.yaml", position: .unknown))
        }
        #expect(ErrorStatusChoice.fittingStatuses(violations) == statuses)
    }
}
