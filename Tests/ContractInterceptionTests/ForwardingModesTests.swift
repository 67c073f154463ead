@testable import ContractInterception
import ContractTestServer
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Mixed answers (stubs and the server), the response cache, and request modifiers in the fake mode.
@Suite struct ForwardingModesTests {
    /// In the fake mode too, modifiers run before verification: an injected credential, query item and
    /// JSON member count as the client's.
    @Test func modifiersRunBeforeTheFakeBackendVerifies() async throws {
        let backend = try Fixture.backend()
        backend.modifyRequests(
            .header("Authorization", Fixture.bearer), .queryItem("limit", "5"),
            .jsonMember("ownerId", "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"))
        let (_, pet) = try await backend.session.data(for: Fixture.request(auth: false))
        let (_, list) = try await backend.session.data(for: Fixture.request("GET", "/pets", auth: false))
        let created = try Fixture.request(
            "POST", "/pets", body: #"{"name":"Pepper","species":"rabbit"}"#, headers: ["X-API-Key": "key-1"])
        let (_, creation) = try await backend.session.data(for: created)
        #expect([pet, list, creation].map(Fixture.status) == [200, 200, 201])
        #expect(backend.exchanges.first?.request.headers["Authorization"] == Fixture.bearer)
        #expect(backend.exchanges(for: "listPets").first?.request.query == "limit=5")
        #expect(backend.violations.isEmpty)
    }

    /// A stubbed operation is answered from its stub and never reaches the server; the rest is forwarded.
    @Test func stubbedOperationsAreAnsweredFromTheirStubs() async throws {
        let fixture = try await PassThroughFixture.start()
        defer { Task { await fixture.server.stop() } }
        fixture.backend.stub("getPet", .example("catUnknownAge"))
        let (pet, _) = try await fixture.backend.session.data(for: Fixture.request())
        let (list, _) = try await fixture.backend.session.data(for: Fixture.request("GET", "/pets"))
        #expect(String(decoding: pet, as: UTF8.self).contains("Miso"))
        #expect(String(decoding: list, as: UTF8.self).contains("Biscuit"))
        #expect(fixture.backend.exchanges.map(\.source) == [.synthesized, .forwarded])
        #expect(await fixture.serverRequests() == ["GET /v1/pets"])
        #expect(fixture.backend.violations.isEmpty)
    }

    /// What the server does not implement yet (501) is answered from the contract, when asked.
    @Test func unimplementedOperationsAreAnsweredFromTheContract() async throws {
        let answering = try await PassThroughFixture.start(mode: { .passThrough(to: $0, answeringUnimplemented: true) })
        let plain = try await PassThroughFixture.start()
        defer { Task { await answering.server.stop() } }
        defer { Task { await plain.server.stop() } }
        let request = try Fixture.request("GET", "/veterinarians")
        let (_, answered) = try await answering.backend.session.data(for: request)
        let (_, passed) = try await plain.backend.session.data(for: request)
        #expect(Fixture.status(answered) == 200)
        #expect(answering.backend.exchanges.map(\.source) == [.synthesized])
        #expect(Fixture.status(passed) == 501)
        #expect(plain.backend.exchanges.map(\.source) == [.forwarded])
        #expect(await answering.serverRequests() == ["GET /v1/veterinarians"])
        #expect(answering.backend.violations.isEmpty)
    }

    /// Repeated GETs come from the cache, keyed by URL and the headers `Vary` names, and are marked so.
    @Test func theCacheAnswersRepeatedRequests() async throws {
        let fixture = try await PassThroughFixture.start(mode: { .passThrough(to: $0, caching: true) })
        defer { Task { await fixture.server.stop() } }
        let english = try Fixture.request(headers: ["Accept-Language": "en"])
        let german = try Fixture.request(headers: ["Accept-Language": "de"])
        var bodies: [Data] = []
        for request in [english, english, german, german, english] {
            bodies.append(try await fixture.backend.session.data(for: request).0)
        }
        #expect(Set(bodies).count == 1)
        #expect(fixture.backend.exchanges.map(\.source) == [.forwarded, .cached, .forwarded, .cached, .cached])
        #expect(await fixture.serverRequests().count == 2)
        #expect(fixture.backend.violations.isEmpty)
    }
}
