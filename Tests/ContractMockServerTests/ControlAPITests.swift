import ContractInterception
import ContractMockClient
import ContractTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// UI tests set stubs over HTTP with `MockServerControl`, as unit tests do with the fake backend.
@Suite("contract-check mock control API")
struct ControlAPITests {
    static let petPath = "/v1/pets/\(ClinicSamples.petId)"

    @Test("a stub set over HTTP answers the next call; reset forgets it")
    func stubAndReset() async throws {
        try await RunningMock.with { mock in
            let control = MockServerControl(baseURL: mock.baseURL, session: mock.session)
            try await control.stub("getPet", .status(404))
            #expect(try await mock.send(Self.petPath).status == 404)
            try await control.stub("GET /pets/{petId}", .example("catUnknownAge"))
            #expect(String(decoding: try await mock.send(Self.petPath).body, as: UTF8.self).contains("Miso"))
            try await control.reset()
            #expect(try await mock.send(Self.petPath).status == 200)
        }
    }

    @Test("a sequence answers one step per call, the last one after")
    func sequence() async throws {
        try await RunningMock.with { mock in
            let control = MockServerControl(baseURL: mock.baseURL, session: mock.session)
            try await control.stub("getPet", .sequence(.status(404), .status(200)))
            var statuses: [Int] = []
            for _ in 0..<3 { statuses.append(try await mock.send(Self.petPath).status) }
            #expect(statuses == [404, 200, 200])
        }
    }

    @Test("a delay holds the answer, a failure closes the connection without one")
    func delayAndFailure() async throws {
        try await RunningMock.with { mock in
            let control = MockServerControl(baseURL: mock.baseURL, session: mock.session)
            try await control.stub("getPet", .delayed(by: .milliseconds(400)))
            let start = ContinuousClock.now
            #expect(try await mock.send(Self.petPath).status == 200)
            #expect(ContinuousClock.now - start >= .milliseconds(400))
            try await control.stub("getPet", .failure(.networkConnectionLost))
            await #expect(throws: (any Error).self) { _ = try await mock.send(Self.petPath) }
            // The server goes on serving.
            try await control.reset()
            #expect(try await mock.send(Self.petPath).status == 200)
        }
    }

    @Test("a canned response is answered and verified")
    func cannedResponse() async throws {
        try await RunningMock.with { mock in
            let control = MockServerControl(baseURL: mock.baseURL, session: mock.session)
            try await control.stub("getPet", .response(status: 200, json: #"{"id": 1}"#))
            let answer = try await mock.send(Self.petPath)
            #expect(String(decoding: answer.body, as: UTF8.self) == #"{"id": 1}"#)
            #expect(answer.headers["contractcheck-violations"] != nil)
            let exchanges = try await control.exchanges()
            #expect(exchanges.last?.violations.isEmpty == false)
        }
    }

    @Test("exchanges lists what the client sent, with the operation, status and violations")
    func exchanges() async throws {
        try await RunningMock.with { mock in
            let control = MockServerControl(baseURL: mock.baseURL, session: mock.session)
            _ = try await mock.send(Self.petPath)
            _ = try await mock.send(Self.petPath, authorized: false)
            let exchanges = try await control.exchanges()
            #expect(exchanges.map(\.operation) == ["getPet", "getPet"])
            #expect(exchanges.map(\.status) == [200, 401])
            #expect(exchanges[0].violations.isEmpty)
            #expect(exchanges[1].violations.count == 1)
            #expect(exchanges[1].violations.first?.contains("security") == true)
        }
    }

    @Test("an unknown operation or a malformed stub is refused with the reason")
    func refusesBadStubs() async throws {
        try await RunningMock.with { mock in
            let control = MockServerControl(baseURL: mock.baseURL, session: mock.session)
            await #expect(throws: MockServerControl.Refused.self) { try await control.stub("getPett", .status(404)) }
            var request = URLRequest(url: try #require(URL(string: mock.baseURL.absoluteString + "/__contract-check/stubs/getPet")))
            request.httpMethod = "PUT"
            request.httpBody = Data(#"{"statuss": 404}"#.utf8)
            let (data, response) = try await mock.session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            #expect(String(decoding: data, as: UTF8.self).contains("statuss"))
        }
    }
}
