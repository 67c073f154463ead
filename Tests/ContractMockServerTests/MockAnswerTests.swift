import ContractInterception
import ContractJSON
import ContractMockServer
import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The mock server answers over HTTP as the fake backend answers in process.
@Suite("contract-check mock answers")
struct MockAnswerTests {
    static let verifier: ContractVerifier = {
        let result = ContractLoader().load(RunningMock.clinic, checks: .schemas)
        guard let document = result.document else { fatalError("the clinic contract loads") }
        return ContractVerifier(document: document)
    }()

    /// The response as the verifier sees it, checked against the contract for `request` sent to the
    /// contract's production server.
    static func violations(
        method: String = "GET", path: String, status: Int, headers: [String: String], body: Data,
        requestHeaders: HTTPHeaders = ["Authorization": ClinicSamples.bearer]
    ) throws -> [ContractViolation] {
        let url = try #require(URL(string: ClinicSamples.base + path))
        let request = try #require(HTTPRequest(method: method, url: url, headers: requestHeaders))
        var fields = HTTPHeaders()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.add(name, value) }
        let response = HTTPResponse(status: status, headers: fields, body: HTTPBody(body))
        return verifier.verify(exchange: HTTPExchange(request: request, response: response)).violations
    }

    @Test("a valid request gets the contract's first 2xx with its first example, valid against the contract")
    func answersValidRequest() async throws {
        try await RunningMock.with { mock in
            let answer = try await mock.send("/v1/pets/\(ClinicSamples.petId)")
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(answer.headers["etag"] != nil)  // a documented response header
            let pet = try JSONParser.parse(Array(answer.body))
            #expect(pet["name"] == "Biscuit")
            #expect(
                try Self.violations(
                    path: "/pets/\(ClinicSamples.petId)", status: answer.status, headers: answer.headers,
                    body: answer.body
                ).isEmpty)
            #expect(answer.headers["contractcheck-violations"] == nil)
        }
    }

    @Test("Prefer picks the status and the example, dynamic=true generates a valid body")
    func honoursPrefer() async throws {
        try await RunningMock.with { mock in
            let missing = try await mock.send("/v1/pets/\(ClinicSamples.petId)", headers: ["Prefer": "code=404"])
            #expect(missing.status == 404)
            let cat = try await mock.send(
                "/v1/pets/\(ClinicSamples.petId)", headers: ["Prefer": "example=catUnknownAge"])
            #expect(try JSONParser.parse(Array(cat.body))["name"] == "Miso")
            let generated = try await mock.send("/v1/pets/\(ClinicSamples.petId)", headers: ["Prefer": "dynamic=true"])
            #expect(generated.status == 200)
            #expect(try JSONParser.parse(Array(generated.body))["name"] != "Biscuit")
            #expect(
                try Self.violations(
                    path: "/pets/\(ClinicSamples.petId)", status: 200, headers: generated.headers, body: generated.body
                ).isEmpty)
        }
    }

    @Test("an invalid request gets the contract's own error response, its violations counted in a header")
    func answersInvalidRequestWithContractError() async throws {
        try await RunningMock.with { mock in
            let answer = try await mock.send("/v1/pets/\(ClinicSamples.petId)", authorized: false)
            #expect(answer.status == 401)
            // The contract documents its 401, so the body is the contract's example, not the mock's problem.
            #expect(String(decoding: answer.body, as: UTF8.self).contains("docs.clinic.example.com/problems/unauthorized"))
            #expect(answer.headers["contractcheck-violations"] == "1")
            #expect(
                try Self.violations(
                    path: "/pets/\(ClinicSamples.petId)", status: 401, headers: answer.headers, body: answer.body,
                    requestHeaders: [:]
                ).allSatisfy { $0.location.description.hasPrefix("request") })
        }
    }

    @Test("an unknown path is 404 and an undocumented method 405, as problem+json")
    func answersUnmatched() async throws {
        try await RunningMock.with { mock in
            let unknown = try await mock.send("/v1/nowhere")
            #expect(unknown.status == 404)
            #expect(unknown.headers["content-type"] == "application/problem+json")
            let method = try await mock.send("PATCH", "/v1/veterinarians")
            #expect(method.status == 405)
            #expect(method.headers["allow"]?.contains("GET") == true)
        }
    }

    @Test("CORS: a preflight is answered and responses allow the origin")
    func answersCORS() async throws {
        try await RunningMock.with(configured: { $0.cors = true }) { mock in
            let preflight = try await mock.send(
                "OPTIONS", "/v1/pets",
                headers: [
                    "Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST",
                    "Access-Control-Request-Headers": "authorization, content-type",
                ], authorized: false)
            #expect(preflight.status == 204)
            #expect(preflight.headers["access-control-allow-origin"] == "http://localhost:3000")
            #expect(preflight.headers["access-control-allow-headers"] == "authorization, content-type")
            let answer = try await mock.send(
                "/v1/pets/\(ClinicSamples.petId)", headers: ["Origin": "http://localhost:3000"])
            #expect(answer.status == 200)
            #expect(answer.headers["access-control-allow-origin"] == "http://localhost:3000")
        }
    }

    @Test("without --cors no CORS header is added")
    func noCORSByDefault() async throws {
        try await RunningMock.with { mock in
            let answer = try await mock.send(
                "/v1/pets/\(ClinicSamples.petId)", headers: ["Origin": "http://localhost:3000"])
            #expect(answer.headers["access-control-allow-origin"] == nil)
        }
    }
}
