import ContractInterception
import ContractTestServer
import ContractVerify
import Foundation
import Logging
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `.matching` scope in front of two real servers on 127.0.0.1, and the observing backend's logger with
/// bodies turned on.
@Suite struct ScopeAndObserverTests {
    /// The request the scope takes: to the contract's host.
    static let toTheAPI: InterceptionScope = .matching { $0.url?.host == "api.clinic.example.com" }

    /// An observing backend that forwards to `server` and logs each exchange with its bodies into `entries`;
    /// it records nothing, since the server may break the contract.
    static func loggingBackend(before server: ClinicTestServer, into entries: Locked<[LogEntry]>) throws
        -> ContractBackend
    {
        let origin = try #require(URL(string: server.origin))
        let logger = Logger(label: "ContractCheck") { _ in CapturingLogHandler(entries: entries) }
        return try ContractBackend(
            contract: Fixture.contract, recording: .off,
            mode: .observe(to: origin, reporting: .logger(logger, includesBodies: true)))
    }

    /// Matching requests are verified and reach their server by `route`; the others reach the other server
    /// untouched: not verified (a request without credentials is no violation), not recorded.
    @Test(arguments: ServerRoute.allCases)
    func requestsOutsideAMatchingScopeGoToTheNetworkUntouched(route: ServerRoute) async throws {
        let fixture = try await PassThroughFixture.start(route: route, intercepting: Self.toTheAPI)
        defer { Task { await fixture.server.stop() } }
        let other = try await ClinicTestServer.start()
        defer { Task { await other.stop() } }
        let backend = fixture.backend
        let (_, inScope) = try await backend.session.data(for: Fixture.request())
        #expect(Fixture.status(inScope) == 200)
        let outside = try #require(URL(string: "\(other.origin)/v1/pets/\(Fixture.petId)"))
        let (body, untouched) = try await backend.session.data(for: URLRequest(url: outside))
        #expect(Fixture.status(untouched) == 401)
        #expect(untouched.url == outside)
        #expect(String(decoding: body, as: UTF8.self).contains("\"status\":401"))
        #expect(backend.exchanges.count == 1)
        #expect(backend.exchanges.first?.request.host == "api.clinic.example.com")
        #expect(backend.violations.isEmpty)
        #expect(backend.problems.isEmpty)
        #expect(await fixture.serverRequests() == ["GET /v1/pets/\(Fixture.petId)"])
        #expect(await other.requests() == ["GET /v1/pets/\(Fixture.petId)"])
    }

    /// With `.otherwise(.fail)` a request outside the scope fails without leaving the process, and the
    /// backend reports it as a problem; matching requests still reach their server.
    @Test(arguments: ServerRoute.allCases)
    func requestsOutsideAMatchingScopeFailWhenTheScopeSaysSo(route: ServerRoute) async throws {
        let fixture = try await PassThroughFixture.start(route: route, intercepting: Self.toTheAPI.otherwise(.fail))
        defer { Task { await fixture.server.stop() } }
        let other = try await ClinicTestServer.start()
        defer { Task { await other.stop() } }
        let backend = fixture.backend
        let outside = try #require(URL(string: "\(other.origin)/v1/pets/\(Fixture.petId)"))
        let error = await #expect(throws: URLError.self) {
            _ = try await backend.session.data(for: URLRequest(url: outside))
        }
        #expect(error?.code == .notConnectedToInternet)
        #expect(backend.problems.count == 1)
        #expect(backend.problems.first?.message.contains(other.origin) == true)
        let (_, inScope) = try await backend.session.data(for: Fixture.request())
        #expect(Fixture.status(inScope) == 200)
        #expect(backend.exchanges.count == 1)
        #expect(await other.requests().isEmpty)
        #expect(await fixture.serverRequests().count == 1)
    }

    /// `.logger(includesBodies: true)`: one entry per exchange, its message one line (a warning when the
    /// server breaks the contract), the request and response bodies beside it, and the secret query value
    /// and the violation's value still redacted.
    @Test func theLoggerWithBodiesLogsOneLinePerExchange() async throws {
        let server = try await ClinicTestServer.start(.breaksContract)
        defer { Task { await server.stop() } }
        let entries = Locked<[LogEntry]>([])
        let backend = try Self.loggingBackend(before: server, into: entries)
        let pet = #"{"name":"Pepper","species":"rabbit","ownerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"}"#
        _ = try await backend.session.data(for: Fixture.request("GET", "/pets/\(Fixture.petId)?api_key=s3cret"))
        _ = try await backend.session.data(
            for: Fixture.request("POST", "/pets", body: pet, headers: ["X-API-Key": "key-1"]))
        let logged = entries.withLock { $0 }
        #expect(logged.count == 2)
        #expect(logged.count == backend.exchanges.count)
        #expect(logged.allSatisfy { !$0.message.contains("\n") })
        let get = try #require(logged.first { $0.message.hasPrefix("GET ") })
        #expect(get.level == .warning)
        #expect(get.message.contains("?api_key=<redacted> -> 200 in "))
        #expect(get.message.contains("body $.name"))
        #expect(!get.message.contains("s3cret"))
        #expect(get.metadata["requestBody"] == "")
        #expect(get.metadata["responseBody"]?.contains(#""species""#) == true)
        let post = try #require(logged.first { $0.message.hasPrefix("POST ") })
        #expect(post.metadata["requestBody"] == pet)
        #expect(post.metadata["responseBody"] != nil)
        #expect(!post.message.contains("key-1"))
        #expect(await server.requests().count == 2)
    }

    /// Secrets in bodies never reach the log: the password a client sets (`writeOnly` in the contract) is
    /// redacted in the logged request body, and in the response of a server that gives it away, whose
    /// violation line hides it too.
    @Test func theLoggerRedactsSecretsInBodies() async throws {
        let server = try await ClinicTestServer.start(.breaksContract)
        defer { Task { await server.stop() } }
        let entries = Locked<[LogEntry]>([])
        let backend = try Self.loggingBackend(before: server, into: entries)
        let secret = ClinicTestServer.portalPassword
        let owner = #"{"fullName":"Dana Whitfield","email":"dana@example.net","portalPassword":"\#(secret)"}"#
        let (_, response) = try await backend.session.data(
            for: Fixture.request("POST", "/owners", body: owner, headers: ["X-API-Key": "key-1"]))
        #expect(Fixture.status(response) == 201)
        let entry = try #require(entries.withLock { $0 }.first)
        #expect(entries.withLock { $0.count } == 1)
        #expect(entry.level == .warning)
        #expect(entry.message.contains("writeOnly"), "\(entry.message)")
        #expect(
            entry.metadata["requestBody"]
                == #"{"fullName":"Dana Whitfield","email":"dana@example.net","portalPassword":"<redacted>"}"#)
        #expect(entry.metadata["responseBody"]?.contains(#""portalPassword":"<redacted>""#) == true)
        #expect(entry.metadata["responseBody"]?.contains(#""fullName":"Dana Whitfield""#) == true)
        #expect(!entry.message.contains(secret))
        #expect(!entry.metadata.values.contains { $0.contains(secret) })
        // The exchange itself keeps the bodies as sent, for the test to inspect.
        #expect(backend.exchanges.first?.response?.body.bytes.map { String(decoding: $0, as: UTF8.self) }?.contains(secret) == true)
    }
}

/// One entry a `CapturingLogHandler` kept.
struct LogEntry: Sendable {
    var level: Logger.Level
    var message: String
    var metadata: [String: String]
}

/// A log handler that keeps each entry, its metadata as text.
struct CapturingLogHandler: LogHandler {
    let entries: Locked<[LogEntry]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let fields = (event.metadata ?? [:]).mapValues { "\($0)" }
        entries.withLock { $0.append(LogEntry(level: event.level, message: "\(event.message)", metadata: fields)) }
    }
}
