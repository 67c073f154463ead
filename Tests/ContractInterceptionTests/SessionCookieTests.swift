@testable import ContractInterception
import ContractTestServer
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// On Apple platforms the URL loading system applies a session's cookies itself; these tests cover what the
// backend does on Linux, where swift-corelibs-foundation stores a response's cookies only in its own HTTP
// handling.
#if !canImport(Darwin)
    /// The client session's cookie storage applies to the backend's answers as to a real server's: a
    /// `Set-Cookie` is stored, stored cookies go out with later requests, and they are verified like any
    /// cookie the client sends.
    @Suite struct SessionCookieTests {
        /// A fake backend whose `getPet` answer sets the cookie `clinic`.
        static func backend(settingClinic clinic: String) throws -> ContractBackend {
            let backend = try ContractBackend(contract: Fixture.contract, recording: .off)
            backend.stub(
                "getPet",
                .response(
                    status: 200, headers: ["ETag": #""v1""#, "Set-Cookie": "clinic=\(clinic); Path=/"], json: Fixture.pet))
            return backend
        }

        /// A server behind a pass-through backend sets a cookie; the session stores it and sends it, and the
        /// server gets it.
        @Test func aServersCookieIsStoredAndSentLikeTheSessionsOwn() async throws {
            let fixture = try await PassThroughFixture.start()
            defer { Task { await fixture.server.stop() } }
            let session = fixture.backend.session
            let (_, response) = try await session.data(for: Fixture.request(headers: ["X-Remember-Clinic": "BOS"]))
            #expect(Fixture.status(response) == 200)
            let storage = try #require(session.configuration.httpCookieStorage)
            let stored = storage.cookies(for: try #require(URL(string: Fixture.base))) ?? []
            #expect(stored.map { "\($0.name)=\($0.value)" } == ["clinic=BOS"])

            _ = try await session.data(for: Fixture.request("GET", "/veterinarians"))
            #expect(await fixture.server.lastHeaders()["cookie"] == "clinic=BOS")
            let vets = try #require(fixture.backend.exchanges(for: "listVeterinarians").first)
            #expect(vets.request.headers["Cookie"] == "clinic=BOS")
            #expect(vets.requestViolations.isEmpty)
        }

        /// A cookie set by a redirect goes out with the redirect's next request, which the backend makes.
        @Test func aRedirectsCookieGoesWithTheNextHop() async throws {
            let fixture = try await PassThroughFixture.start()
            defer { Task { await fixture.server.stop() } }
            let moved = try Fixture.request(
                "GET", "/pets/\(Fixture.petId)/records/\(ClinicTestServer.movedRecordId)",
                headers: ["X-Remember-Clinic": "BOS"])
            let (_, response) = try await fixture.backend.session.data(for: moved)
            #expect(Fixture.status(response) == 200)
            #expect(fixture.backend.exchanges.map { $0.response?.status } == [302, 200])
            #expect(fixture.backend.exchanges.last?.request.headers["Cookie"] == "clinic=BOS")
            #expect(await fixture.server.lastHeaders()["cookie"] == "clinic=BOS")
        }

        /// A stub's cookie reaches the next request, where the contract's cookie parameter checks it.
        @Test func aStubsCookieGoesOutWithTheNextRequestAndIsVerified() async throws {
            let backend = try Self.backend(settingClinic: "bos")
            let session = backend.session
            _ = try await session.data(for: Fixture.request())
            _ = try await session.data(for: Fixture.request("GET", "/veterinarians"))
            let vets = try #require(backend.exchanges(for: "listVeterinarians").first)
            #expect(vets.request.headers["Cookie"] == "clinic=bos")
            // `bos` breaks the parameter's pattern `^[A-Z]{3}$`: the client's violation, as a server would see it.
            #expect(vets.requestViolations.map(\.kind) == [.parameterSchema])
            #expect(backend.takeFindings().requestViolations.count == 1)
        }

        /// A session that neither accepts nor sends cookies gets none stored and sends none.
        @Test func aSessionWithoutCookiesStoresAndSendsNone() async throws {
            let backend = try Self.backend(settingClinic: "SFO")
            let configuration = backend.makeConfiguration()
            let storage = try #require(configuration.httpCookieStorage)
            configuration.httpCookieAcceptPolicy = .never
            configuration.httpShouldSetCookies = false
            let session = URLSession(configuration: configuration)
            defer { session.invalidateAndCancel() }
            _ = try await session.data(for: Fixture.request())
            #expect((storage.cookies ?? []).isEmpty)
            let host = try #require(URL(string: Fixture.base)?.host)
            storage.setCookie(
                try #require(HTTPCookie(properties: [.name: "clinic", .value: "BOS", .path: "/", .domain: host])))
            _ = try await session.data(for: Fixture.request("GET", "/veterinarians"))
            let vets = try #require(backend.exchanges(for: "listVeterinarians").first)
            #expect(vets.request.headers["Cookie"] == nil)
        }
    }
#endif
