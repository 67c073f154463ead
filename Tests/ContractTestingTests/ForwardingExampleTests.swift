import ContractTestServer
import ContractTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The examples of Docs/ContractTesting.md's "Forwarding to a real server", as written there, against
/// real servers on 127.0.0.1.
@Suite struct ForwardingExampleTests {
    let petID = UUID(uuidString: "8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f") ?? UUID()
    let clinicContract = ContractBackend.contractURL("contracts/clinic.yaml", relativeTo: #filePath)
    let token = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzdGFmZiJ9.c2lnbmF0dXJl"

    func authorized(_ path: String) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "https://api.clinic.example.com/v1" + path)))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return request
    }

    @Test func passThrough() async throws {
        let server = try await ClinicTestServer.start()
        defer { Task { await server.stop() } }
        let port = server.port
        let upstream = URL(string: "http://127.0.0.1:\(port)")  // the real server: local, staging
        let backend = try ContractBackend(contract: clinicContract, mode: .passThrough(to: upstream))
        let pet = try await ClinicClient(session: backend.session).pet(id: petID)
        let findings = backend.takeFindings()
        #expect(findings.requestViolations.isEmpty)  // what the client sent
        #expect(findings.serverViolations.isEmpty)  // what the server answered
        #expect(pet.name == "Biscuit")
        #expect(await server.requests().count == 1)
    }

    /// The server breaks the contract: its violation is reported apart, naming the server's URL.
    @Test func serverViolationNamesTheServer() async throws {
        let server = try await ClinicTestServer.start(.breaksContract)
        defer { Task { await server.stop() } }
        let upstream = URL(string: server.origin)
        let backend = try ContractBackend(
            contract: clinicContract, recording: .off, mode: .passThrough(to: upstream))
        await #expect(throws: DecodingError.self) {
            _ = try await ClinicClient(session: backend.session).pet(id: petID)
        }
        let findings = backend.takeFindings()
        #expect(findings.requestViolations.isEmpty)
        let message = try #require(findings.messages.first)
        #expect(message.hasPrefix("server response from \(server.origin)/v1/pets/"))
        #expect(message.contains("response 200 body $.name"))
    }

    /// A request without credentials gets its header from a modifier before it is verified and forwarded.
    @Test func hooks() async throws {
        let server = try await ClinicTestServer.start()
        defer { Task { await server.stop() } }
        let backend = try ContractBackend(contract: clinicContract, mode: .passThrough(to: URL(string: server.origin)))
        backend.modifyRequests(.header("Authorization", "Bearer \(token)"))  // verified and sent as the client's
        backend.modifyResponses(.removingHeader("ETag"), .jsonMember("name", "Pepper"))
        let url = try #require(URL(string: "https://api.clinic.example.com/v1/pets/\(petID)"))
        let (data, response) = try await backend.session.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(#""name":"Pepper""#))
        #expect(await server.lastHeaders()["authorization"] == "Bearer \(token)")
        #expect(backend.takeFindings().isEmpty)
    }

    /// Requests outside the scope go to the network untouched, or fail.
    @Test func scope() async throws {
        let server = try await ClinicTestServer.start()
        defer { Task { await server.stop() } }
        let onlyTheAPI = try ContractBackend(
            contract: clinicContract, intercepting: .hosts(["api.clinic.example.com"]))  // other hosts: the network
        let offline = try ContractBackend(
            contract: clinicContract, intercepting: .pathPrefixes(["/v1/"]).otherwise(.fail))  // others fail
        let elsewhere = try #require(URL(string: "\(server.origin)/v1/pets"))
        let (_, direct) = try await onlyTheAPI.session.data(from: elsewhere)
        #expect((direct as? HTTPURLResponse)?.statusCode == 200)
        #expect(onlyTheAPI.exchanges.isEmpty)
        #expect(await server.requests() == ["GET /v1/pets"])
        let outside = try #require(URL(string: "\(server.origin)/health"))
        let error = await #expect(throws: URLError.self) { _ = try await offline.session.data(from: outside) }
        #expect(error?.code == .notConnectedToInternet)
        #expect(offline.problems.count == 1)
        #expect(await server.requests().count == 1)
    }

    /// An observing backend: the exchange continues to the server, and its line reaches the observer.
    @Test func observe() async throws {
        let request = try authorized("/pets/\(petID)?api_key=s3cret")
        do {
            // Recorded like every backend's exchanges (the default), so it talks to a server keeping the contract.
            let keeping = try await ClinicTestServer.start()
            defer { Task { await keeping.stop() } }
            let upstream = URL(string: keeping.origin)
            let observing = try ContractBackend(contract: clinicContract, mode: .observe(to: upstream))
            let appSession = URLSession(configuration: observing.makeConfiguration(base: .default))
            _ = try await appSession.data(for: request)
            #expect(observing.exchanges.count == 1)
            #expect(await keeping.requests().count == 1)
        }
        let server = try await ClinicTestServer.start(.breaksContract)
        defer { Task { await server.stop() } }
        let upstream = URL(string: server.origin)
        let lines = Locked<[String]>([])
        let observer = ExchangeObserver { observed in lines.update { $0.append(observed.line) } }
        let custom = try ContractBackend(
            contract: clinicContract, recording: .off, mode: .observe(to: upstream, reporting: observer))
        _ = try await URLSession(configuration: custom.makeConfiguration()).data(for: request)
        let line = try #require(lines.value.first)
        #expect(line.hasPrefix("GET https://api.clinic.example.com/v1/pets/\(petID)?api_key=<redacted> -> 200 in "))
        #expect(line.contains(" ms, 1 violation: "))
        #expect(line.contains("body $.name"))
        #expect(!line.contains("s3cret"))
        #expect(await server.requests().count == 1)
    }

    /// An async closure that calls a real server through `URLSession`, and one that throws.
    @Test func asyncClosures() async throws {
        let server = try await ClinicTestServer.start()
        defer { Task { await server.stop() } }
        let backend = try ContractBackend(contract: clinicContract, recording: .off)
        let petURL = try #require(URL(string: "\(server.origin)/v1/pets"))
        backend.stub(
            "getPet",
            .respond { _ in
                let (data, _) = try await URLSession(configuration: .ephemeral).data(from: petURL)  // any async API
                let headers: HTTPHeaders = ["Content-Type": "application/json", "ETag": #""v1""#]
                return ContractResponse(status: 200, headers: headers, body: HTTPBody(data))
            })
        backend.stub("listPets", .respond { _ in throw URLError(.timedOut) })  // a transport error
        let (_, response) = try await backend.session.data(for: authorized("/pets/\(petID)"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let exchange = try #require(backend.exchanges.first)
        #expect(exchange.source == .closure)
        #expect(!exchange.stubViolations.isEmpty)  // a list is not a pet
        #expect(exchange.stubViolations.allSatisfy { $0.kind == .responseBodySchema })
        let error = await #expect(throws: URLError.self) {
            _ = try await backend.session.data(for: authorized("/pets"))
        }
        #expect(error?.code == .timedOut)
        #expect(backend.exchanges.last?.failure == .timedOut)
        #expect(await server.requests() == ["GET /v1/pets"])
        _ = backend.takeFindings()
    }

    /// Stubs beside the server, answers for what it does not implement yet, and the response cache.
    @Test func mixedAndCached() async throws {
        let server = try await ClinicTestServer.start()
        defer { Task { await server.stop() } }
        let upstream = URL(string: server.origin)
        let mixed = try ContractBackend(contract: clinicContract, mode: .passThrough(to: upstream))
        mixed.stub("getPet", .example("catUnknownAge"))  // answered from the contract; the rest is forwarded
        let early = try ContractBackend(
            contract: clinicContract, mode: .passThrough(to: upstream, answeringUnimplemented: true))
        let cached = try ContractBackend(contract: clinicContract, mode: .passThrough(to: upstream, caching: true))
        let pet = try await ClinicClient(session: mixed.session).pet(id: petID)
        #expect(pet.name == "Miso")
        let (_, vets) = try await early.session.data(for: authorized("/veterinarians"))
        #expect((vets as? HTTPURLResponse)?.statusCode == 200)
        _ = try await cached.session.data(for: authorized("/pets/\(petID)"))
        _ = try await cached.session.data(for: authorized("/pets/\(petID)"))
        #expect(cached.exchanges.map(\.source) == [.forwarded, .cached])
        #expect(await server.requests() == ["GET /v1/veterinarians", "GET /v1/pets/\(petID)"])
    }

    /// The trait takes a mode: here a server that cannot be reached, whose transport error the client gets.
    @Test(.contract("contracts/clinic.yaml", recording: .off, mode: .passThrough(to: URL(string: "http://127.0.0.1:9"))))
    func traitForwards() async throws {
        let backend = try #require(ContractBackend.current)
        let error = await #expect(throws: URLError.self) {
            _ = try await backend.session.data(for: authorized("/pets/\(petID)"))
        }
        #expect(error?.code == .cannotConnectToHost)
        #expect(backend.exchanges.map(\.source) == [.forwarded])
    }
}
