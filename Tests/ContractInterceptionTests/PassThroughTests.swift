@testable import ContractInterception
import ContractTestServer
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A pass-through backend in front of real servers on 127.0.0.1: every request verified and forwarded
/// once, every response verified before it reaches the client, both sides reported apart.
@Suite struct PassThroughTests {
    @Test func forwardsOnceAndVerifiesBothSides() async throws {
        let fixture = try await PassThroughFixture.start()
        defer { Task { await fixture.server.stop() } }
        let (data, response) = try await fixture.backend.session.data(for: Fixture.request())
        #expect(Fixture.status(response) == 200)
        #expect(String(decoding: data, as: UTF8.self) == Fixture.pet)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag") == #""v1""#)
        #expect(response.url?.host == "api.clinic.example.com")
        #expect(await fixture.serverRequests() == ["GET /v1/pets/\(Fixture.petId)"])
        let exchange = try #require(fixture.backend.exchanges(for: "getPet").first)
        #expect(exchange.source == .forwarded)
        #expect(exchange.violations.isEmpty)
        #expect(exchange.serverURL == "\(fixture.server.origin)/v1/pets/\(Fixture.petId)")
        #expect(exchange.response?.status == 200)
        #expect(fixture.backend.takeFindings().isEmpty)
    }

    /// A response with a wrong type, one without a required header and an undocumented status: each a
    /// server violation naming the server's URL and the contract's place, none a client violation.
    @Test func serverViolationsAreReportedApartFromTheClient() async throws {
        let fixture = try await PassThroughFixture.start(.breaksContract)
        defer { Task { await fixture.server.stop() } }
        let session = fixture.backend.session
        _ = try await session.data(for: Fixture.request())
        _ = try await session.data(
            for: Fixture.request(
                "POST", "/pets", body: #"{"name":"Pepper","species":"rabbit","ownerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"}"#,
                headers: ["X-API-Key": "key-1"]))
        var inquiry = try Fixture.request("POST", "/inquiries", auth: false)
        inquiry.httpBody = Data("name=Ana&email=ana%40example.com&message=Hello%20there%2C%20a%20question".utf8)
        inquiry.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let (_, teapot) = try await session.data(for: inquiry)
        #expect(Fixture.status(teapot) == 418)
        let findings = fixture.backend.takeFindings()
        #expect(findings.requestViolations.isEmpty)
        #expect(
            findings.serverViolations.map(\.violation.kind).sorted { $0.rawValue < $1.rawValue } == [
                .responseBodySchema, .responseHeaderMissing, .statusUndocumented,
            ])
        let wrongType = try #require(findings.serverViolations.first { $0.violation.kind == .responseBodySchema })
        #expect(wrongType.description.hasPrefix("server response from \(fixture.server.origin)/v1/pets/\(Fixture.petId): "))
        #expect(wrongType.description.contains("clinic.yaml:"))
        #expect(findings.messages.count == 3)
        #expect(await fixture.serverRequests().count == 3)
    }

    /// A request without credentials is still forwarded (the server decides), and reported as the client's.
    @Test func clientViolationsAreReportedApartFromTheServer() async throws {
        let fixture = try await PassThroughFixture.start()
        defer { Task { await fixture.server.stop() } }
        let (_, response) = try await fixture.backend.session.data(for: Fixture.request(auth: false))
        #expect(Fixture.status(response) == 401)
        let findings = fixture.backend.takeFindings()
        #expect(findings.requestViolations.map(\.kind) == [.security])
        #expect(findings.serverViolations.isEmpty)
        #expect(await fixture.serverRequests().count == 1)
    }

    /// 10 MB reach a data delegate in pieces as they arrive (from a closure, which returns the body whole,
    /// at once), and `data(for:)` whole, each from one request at the server.
    @Test(arguments: ServerRoute.allCases)
    func tenMegabytesStreamThrough(route: ServerRoute) async throws {
        let fixture = try await PassThroughFixture.start(route: route)
        defer { Task { await fixture.server.stop() } }
        let url = try #require(URL(string: "\(Fixture.base)/pets/\(Fixture.petId)/records/\(ClinicTestServer.recordId)"))
        var request = URLRequest(url: url)
        request.setValue(Fixture.bearer, forHTTPHeaderField: "Authorization")
        let counter = PieceCounter()
        let streaming = URLSession(
            configuration: fixture.backend.makeConfiguration(), delegate: counter, delegateQueue: nil)
        defer { streaming.finishTasksAndInvalidate() }
        streaming.dataTask(with: request).resume()
        #expect(await counter.end() == nil)
        #expect(counter.status == 200)
        #expect(counter.bytes == ClinicTestServer.recordSize)
        #expect(counter.pieces >= (route == .asyncClosure ? 1 : 2))
        let (data, _) = try await fixture.backend.session.data(for: request)
        #expect(data.count == ClinicTestServer.recordSize)
        #expect(fixture.backend.violations.isEmpty)
        #expect(fixture.backend.exchanges.count == 2)
        #expect(fixture.observedCount() == (route == .observe ? 2 : 0))
        #expect(await fixture.serverRequests().count == 2)
    }

    /// A 302 is followed as the session would, each hop verified and recorded; a closure's own session
    /// follows it inside the closure, so the client sees one verified exchange. Either way the server
    /// gets each hop once.
    @Test(arguments: ServerRoute.allCases)
    func redirectsPassThrough(route: ServerRoute) async throws {
        let fixture = try await PassThroughFixture.start(route: route)
        defer { Task { await fixture.server.stop() } }
        let base = "\(Fixture.base)/pets/\(Fixture.petId)/records/"
        let moved = try Fixture.request("GET", "/pets/\(Fixture.petId)/records/\(ClinicTestServer.movedRecordId)")
        let (data, response) = try await fixture.backend.session.data(for: moved)
        #expect(Fixture.status(response) == 200)
        #expect(data.count == ClinicTestServer.recordSize)
        if route == .asyncClosure {
            #expect(response.url?.absoluteString == base + ClinicTestServer.movedRecordId)
            #expect(fixture.backend.exchanges.map { $0.response?.status } == [200])
        } else {
            #expect(response.url?.absoluteString == base + ClinicTestServer.recordId)
            #expect(fixture.backend.exchanges.map { $0.response?.status } == [302, 200])
        }
        #expect(fixture.backend.violations.isEmpty)
        #expect(fixture.observedCount() == (route == .observe ? 2 : 0))
        #expect(await fixture.serverRequests().count == 2)
    }

    /// A server that cannot be reached gives the client the transport error, and the record says so.
    @Test(arguments: ServerRoute.allCases)
    func transportErrorsPassThrough(route: ServerRoute) async throws {
        let unreachable = try #require(URL(string: "http://127.0.0.1:9"))
        let backend = try ContractBackend(contract: Fixture.contract, recording: .off, mode: route.mode(unreachable))
        if route == .asyncClosure { backend.stubAll(ServerRoute.fetching(from: unreachable)) }
        let error = await #expect(throws: URLError.self) {
            _ = try await backend.session.data(for: Fixture.request())
        }
        #expect(error?.code == .cannotConnectToHost)
        #expect(backend.exchanges.count == 1)
        #expect(backend.exchanges.first?.failure == .cannotConnectToHost)
        #expect(backend.exchanges.first?.source == (route == .asyncClosure ? .closure : .forwarded))
    }

    /// Cancelling mid-stream cancels the forwarded task: the slow body (30 s, longer on a loaded machine)
    /// ends at once, and the exchange is marked cancelled. (A closure answers with a whole body, so it has
    /// no stream to cancel.)
    @Test(arguments: ServerRoute.forwarding)
    func cancellingMidStreamCancelsTheForwardedTask(route: ServerRoute) async throws {
        let fixture = try await PassThroughFixture.start(route: route)
        defer { Task { await fixture.server.stop() } }
        let request = try Fixture.request("GET", "/pets/\(Fixture.petId)/records/\(ClinicTestServer.slowRecordId)")
        let counter = PieceCounter(cancelsAfterFirstPiece: true)
        let session = URLSession(configuration: fixture.backend.makeConfiguration(), delegate: counter, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        session.dataTask(with: request).resume()
        #expect(await counter.end()?.code == .cancelled)
        // Timed from the cancel, where the 30 s body would otherwise go on: the session reports the end in
        // far less, however long this task takes to resume beside CPU-bound suites.
        let took = try #require(counter.cancellationTook)
        #expect(took < .seconds(20), "\(took)")
        // The exchange is recorded once the forwarded task's cancellation comes back: wait for it (up to
        // 20 s on a loaded machine), polling, as the backend offers nothing to await.
        for _ in 0..<2000 where fixture.backend.exchanges.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(fixture.backend.exchanges.first?.wasCancelled == true)
        #expect(counter.bytes < ClinicTestServer.pieceSize * 500)
        #expect(await fixture.serverRequests().count == 1)
    }

    @Test(arguments: ServerRoute.allCases)
    func sixtyFourConcurrentTasksEachReachTheServerOnce(route: ServerRoute) async throws {
        let fixture = try await PassThroughFixture.start(route: route)
        defer { Task { await fixture.server.stop() } }
        let session = fixture.backend.session
        let request = try Fixture.request()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<64 {
                group.addTask { Fixture.status(try await session.data(for: request).1) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 64))
        #expect(await fixture.serverRequests().count == 64)
        #expect(fixture.backend.exchanges.count == 64)
        #expect(fixture.observedCount() == (route == .observe ? 64 : 0))
        #expect(fixture.backend.violations.isEmpty)
    }

    /// Installed globally, the backend's own forwarded requests (and a closure's own session's) are not
    /// taken again: one exchange and one request at the server per client request. Serialized: global
    /// installation is one backend per process. The backend takes the clinic's host only: the shared
    /// session of the whole test process reaches it while it is installed.
    @Test(.serialized, arguments: ServerRoute.allCases)
    func globalInstallationDoesNotLoop(route: ServerRoute) async throws {
        let fixture = try await PassThroughFixture.start(route: route, intercepting: Fixture.clinicHostOnly)
        defer { Task { await fixture.server.stop() } }
        fixture.backend.installGlobally()
        defer { fixture.backend.uninstallGlobally() }
        let request = try Fixture.request()
        #expect(ContractURLProtocol.canInit(with: request))
        let forwarded = try #require(fixture.backend.protocolClass as? URLProtocol.Type)
        let marked = ForwardingMark.marked(request)
        #expect(!ContractURLProtocol.canInit(with: marked))
        #expect(!forwarded.canInit(with: marked))
        let session = fixture.backend.session
        let statuses = try await withWatchdog {
            let other = URLSession(configuration: fixture.backend.makeConfiguration(base: .default))
            defer { other.finishTasksAndInvalidate() }
            return [
                Fixture.status(try await session.data(for: request).1),
                Fixture.status(try await other.data(for: request).1),
            ]
        }
        #expect(statuses == [200, 200])
        #expect(fixture.backend.exchanges.count == 2)
        #expect(fixture.observedCount() == (route == .observe ? 2 : 0))
        #expect(await fixture.serverRequests().count == 2)
    }

    /// Forwarded exchanges are recorded like the fake backend's, for `contract-check` to verify again.
    @Test func forwardedExchangesAreRecorded() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pass-through-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = try await PassThroughFixture.start(.breaksContract, recording: .directory(folder))
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.backend.session.data(for: Fixture.request())
        let file = try #require(try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).first)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.contains(#""status":200"#))
        #expect(line.contains("response.body.schema"))
    }
}
