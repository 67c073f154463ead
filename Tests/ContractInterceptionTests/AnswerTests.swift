import ContractInterception
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct AnswerTests {
    @Test func cannedResponseReachesTheClientAndIsRecorded() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse)
        let (data, response) = try await backend.session.data(for: Fixture.request())
        #expect(Fixture.status(response) == 200)
        #expect(String(decoding: data, as: UTF8.self) == Fixture.pet)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag") == "\"v1\"")
        let exchanges = backend.exchanges(for: "getPet")
        #expect(exchanges.count == 1)
        #expect(exchanges.first?.source == .canned)
        #expect(exchanges.first?.operation?.operationId == "getPet")
        #expect(backend.violations.isEmpty)
        #expect(backend.exchanges(for: "GET /pets/{petId}").count == 1)
    }

    @Test func cannedResponseThatBreaksTheContractIsAStubProblem() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", .response(status: 200, json: #"{"id":"x"}"#))
        _ = try await backend.session.data(for: Fixture.request())
        let exchange = try #require(backend.exchanges.first)
        #expect(exchange.requestViolations.isEmpty)
        #expect(!exchange.stubViolations.isEmpty)
        #expect(exchange.stubViolations.allSatisfy { $0.kind.rawValue.hasPrefix("response.") })
    }

    @Test func closureBuildsTheResponseFromTheRequest() async throws {
        let backend = try Fixture.backend()
        backend.stub(
            "GET /pets/{petId}",
            .respond { request in
                let id = request.path.split(separator: "/").last.map(String.init) ?? ""
                return HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json", "ETag": "\"\(id)\""],
                    body: HTTPBody(text: Fixture.pet))
            })
        let (_, response) = try await backend.session.data(for: Fixture.request())
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag") == "\"\(Fixture.petId)\"")
        #expect(backend.exchanges.first?.source == .closure)
    }

    @Test(arguments: [URLError.Code.timedOut, .notConnectedToInternet, .networkConnectionLost])
    func transportFailure(code: URLError.Code) async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", .failure(code))
        await #expect(throws: URLError(code)) { try await backend.session.data(for: Fixture.request()) }
        #expect(backend.exchanges.first?.failure == code)
        #expect(backend.exchanges.first?.response == nil)
    }

    @Test func sequenceAnswersSuccessiveCalls() async throws {
        let backend = try Fixture.backend()
        backend.stub(
            "getPet",
            .sequence(.failure(.timedOut), .response(status: 503, json: "{}"), Fixture.petResponse))
        var outcomes: [String] = []
        for _ in 0..<4 {
            do {
                let (_, response) = try await backend.session.data(for: Fixture.request())
                outcomes.append(String(Fixture.status(response)))
            } catch {
                outcomes.append("error")
            }
        }
        #expect(outcomes == ["error", "503", "200", "200"])
        #expect(backend.exchanges(for: "getPet").map(\.source) == [.failure, .canned, .canned, .canned])
    }

    @Test func unknownOperationInAStubIsAProblem() throws {
        let backend = try Fixture.backend()
        backend.stub("getPets", .status(200))
        #expect(backend.problems.map(\.message).first?.contains("\"getPets\"") == true)
        #expect(backend.exchanges(for: "listPet").isEmpty)
        #expect(backend.problems.last?.message.hasPrefix("exchanges(for: \"listPet\")") == true)
    }

    @Test func unmatchedPathIs404AndWrongMethod405WithAllow() async throws {
        let backend = try Fixture.backend()
        let (notFoundBody, notFound) = try await backend.session.data(for: Fixture.request("GET", "/petz"))
        #expect(Fixture.status(notFound) == 404)
        #expect(String(decoding: notFoundBody, as: UTF8.self).contains("route.not-found"))
        let (_, notAllowed) = try await backend.session.data(for: Fixture.request("PUT", "/pets"))
        #expect(Fixture.status(notAllowed) == 405)
        #expect((notAllowed as? HTTPURLResponse)?.value(forHTTPHeaderField: "Allow") == "GET, POST")
        #expect(backend.violations.map(\.kind) == [.routeNotFound, .methodNotAllowed])
        #expect(backend.exchanges.map(\.source) == [.unmatched, .unmatched])
    }

    @Test func invalidPathParameterGetsTheDocumentedNotFound() async throws {
        let backend = try Fixture.backend()
        // getPet documents 404: a malformed id is a resource that does not exist, in the contract's problem shape.
        let (data, response) = try await backend.session.data(for: Fixture.request("GET", "/pets/not-a-uuid"))
        #expect(Fixture.status(response) == 404)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
        #expect(String(decoding: data, as: UTF8.self).contains(#""status":404"#))
        #expect(backend.exchanges.first?.source == .invalidRequest)
        #expect(backend.violations.map(\.kind) == [.parameterSchema])
    }

    @Test func bodyFromStreamIsRead() async throws {
        let backend = try Fixture.backend()
        var request = try Fixture.request("POST", "/pets", body: "{}")
        request.httpBody = nil
        request.httpBodyStream = InputStream(data: Data(#"{"name":"Pepper"}"#.utf8))
        _ = try await backend.session.data(for: request)
        #expect(backend.exchanges.first?.request.body == HTTPBody(text: #"{"name":"Pepper"}"#))
    }

    @Test func uploadBodyIsUnavailableNotMissing() async throws {
        let backend = try Fixture.backend()
        var request = try Fixture.request("POST", "/pets", body: "{}")
        request.httpBody = nil
        _ = try await backend.session.upload(for: request, from: Data(#"{"name":"Pepper"}"#.utf8))
        let exchange = try #require(backend.exchanges.first)
        #expect(exchange.request.body == .unavailable)
        #expect(exchange.requestViolations.map(\.kind) == [.bodyUnavailable])
        #expect(exchange.requestViolations.first?.severity == .warning)
        // The test is told, once per operation, that the body went unchecked and how to have it checked.
        _ = try await backend.session.upload(for: request, from: Data(#"{"name":"Pepper"}"#.utf8))
        let findings = backend.takeFindings()
        #expect(findings.requestViolations.isEmpty)
        #expect(findings.notes.count == 1, "\(findings.notes)")
        #expect(findings.notes.first?.contains("[createPet] POST /pets: the request body was not checked") == true)
        #expect(findings.notes.first?.contains("httpBody with data(for:)") == true)
        _ = try await backend.session.upload(for: request, from: Data(#"{"name":"Pepper"}"#.utf8))
        #expect(backend.takeFindings().notes.isEmpty)
    }
}

extension AnswerTests {
    @Test func preferHeaderPicksStatusAndExample() async throws {
        let backend = try Fixture.backend()
        let request = try Fixture.request(
            "GET", "/owners/5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e", headers: ["Prefer": "code=404, example=notFound"])
        let (data, response) = try await backend.session.data(for: request)
        #expect(Fixture.status(response) == 404)
        #expect(String(decoding: data, as: UTF8.self).contains(#""title":"Not Found""#))
        #expect(backend.violations.isEmpty)
    }

    @Test func defaultAnswerIsTheFirstDocumentedSuccess() async throws {
        let backend = try Fixture.backend()
        let (data, response) = try await backend.session.data(for: Fixture.request())
        #expect(Fixture.status(response) == 200)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(!data.isEmpty)
        #expect(backend.exchanges.first?.source == .synthesized)
        #expect(backend.violations.isEmpty)
    }

    @Test func documentedErrorAnswersAnInvalidRequest() async throws {
        let backend = try Fixture.backend()
        let (data, response) = try await backend.session.data(for: Fixture.request("GET", "/pets", auth: false))
        #expect(Fixture.status(response) == 401)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
        #expect(String(decoding: data, as: UTF8.self).contains(#""status":401"#))
        #expect(backend.violations.map(\.kind) == [.security])
    }

    @Test func unknownExampleIsAProblem() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", .example("parrot"))
        let (_, response) = try await backend.session.data(for: Fixture.request())
        #expect(Fixture.status(response) == 500)
        #expect(backend.problems.count == 1)
    }
}

extension AnswerTests {
    @Test func perOperationStubWinsOverStubAll() async throws {
        let backend = try Fixture.backend()
        backend.stubAll(.failure(.notConnectedToInternet))
        backend.stub("getPet", Fixture.petResponse)
        let (_, response) = try await backend.session.data(for: Fixture.request())
        #expect(Fixture.status(response) == 200)
        await #expect(throws: URLError(.notConnectedToInternet)) {
            try await backend.session.data(for: Fixture.request("GET", "/pets"))
        }
    }

    @Test func delayIsHonoured() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse.delayed(by: .milliseconds(150)))
        let started = ContinuousClock.now
        _ = try await backend.session.data(for: Fixture.request())
        #expect(ContinuousClock.now - started >= .milliseconds(150))
        #expect(backend.exchanges.first?.scheduledDelay == .milliseconds(150))
    }

    @Test func loadErrorNamesTheContract() {
        #expect {
            _ = try ContractBackend(contract: URL(fileURLWithPath: "/nonexistent/api.yaml"))
        } throws: { error in
            (error as? ContractLoadError)?.description.hasPrefix("cannot use contract /nonexistent/api.yaml:") == true
        }
    }
}

extension AnswerTests {
    /// A status the operation does not document, asked for explicitly, is answered and only warned about;
    /// asked for without the opt-in, it is still the test's mistake. (`exportAppointments` documents
    /// 200, 400 and 401, and no `default`.)
    @Test func undocumentedStatusOnRequest() async throws {
        let backend = try Fixture.backend()
        func export() async throws -> (Data, URLResponse) {
            var request = try Fixture.request("GET", "/reports/appointments?from=2026-01-01&to=2026-01-31", auth: false)
            request.setValue("Basic dXNlcjpwYXNzd29yZA==", forHTTPHeaderField: "Authorization")
            return try await backend.session.data(for: request)
        }
        backend.stub("exportAppointments", .status(503, undocumented: true))
        let (data, response) = try await export()
        #expect(Fixture.status(response) == 503)
        #expect(data.isEmpty)
        let findings = backend.takeFindings()
        #expect(findings.requestViolations.isEmpty, "\(findings.messages)")
        #expect(findings.stubViolations.isEmpty && findings.problems.isEmpty, "\(findings.messages)")
        #expect(findings.notes.count == 1)
        #expect(findings.notes.first?.contains("answered with status 503, which the contract does not document") == true)
        // A documented status with the opt-in is the contract's own answer.
        backend.stub("exportAppointments", .status(400, undocumented: true))
        let (_, badRequest) = try await export()
        #expect(Fixture.status(badRequest) == 400)
        #expect(backend.takeFindings().isEmpty)
        // Without the opt-in, an undocumented status is still reported.
        backend.stub("exportAppointments", .status(503))
        _ = try await export()
        #expect(!backend.takeFindings().problems.isEmpty)
    }
}
