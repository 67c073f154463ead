@testable import ContractInterception
import ContractTestServer
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client session's `URLCache` applies to forwarded exchanges as a private HTTP cache: fresh responses
/// answer again without reaching the server, and the request's cache policy is obeyed.
@Suite struct SessionCacheTests {
    /// A pass-through backend in front of a real server, and a client session of the backend's with a
    /// memory cache of its own.
    static func start() async throws -> (PassThroughFixture, URLSession, URLCache) {
        let fixture = try await PassThroughFixture.start()
        let cache = URLCache(memoryCapacity: 4 << 20, diskCapacity: 0, diskPath: nil)
        let configuration = fixture.backend.makeConfiguration()
        configuration.urlCache = cache
        configuration.requestCachePolicy = .useProtocolCachePolicy
        return (fixture, URLSession(configuration: configuration), cache)
    }

    static func petRequest(
        _ headers: [String: String] = [:], policy: URLRequest.CachePolicy = .useProtocolCachePolicy
    ) throws -> URLRequest {
        var request = try Fixture.request(headers: headers)
        request.cachePolicy = policy
        return request
    }

    // On Linux the backend stores forwarded responses itself (swift-corelibs-foundation stores only its own
    // HTTP handling's); on Apple platforms the URL loading system does.
    #if !canImport(Darwin)
        @Test func aFreshResponseAnswersAgainWithoutReachingTheServer() async throws {
            let (fixture, session, cache) = try await Self.start()
            defer { Task { await fixture.server.stop() } }
            // Fresh for an hour: a parallel suite on two cores can hold this task for over a minute between the two.
            let request = try Self.petRequest(["X-Cache-For": "3600"])
            let (first, firstResponse) = try await session.data(for: request)
            #expect(Fixture.status(firstResponse) == 200)
            #expect(cache.cachedResponse(for: request) != nil)

            let (second, secondResponse) = try await session.data(for: request)
            #expect(Fixture.status(secondResponse) == 200)
            #expect(second == first)
            #expect((secondResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Cache-Control") == "max-age=3600")
            #expect(await fixture.serverRequests().count == 1)
            #expect(fixture.backend.exchanges.map(\.source) == [.forwarded, .cached])
            #expect(fixture.backend.exchanges.allSatisfy { $0.serverViolations.isEmpty && $0.requestViolations.isEmpty })
        }

        @Test func aResponseWithoutFreshnessIsKeptButAskedForAgain() async throws {
            let (fixture, session, cache) = try await Self.start()
            defer { Task { await fixture.server.stop() } }
            let request = try Self.petRequest()
            _ = try await session.data(for: request)
            #expect(cache.cachedResponse(for: request) != nil)
            _ = try await session.data(for: request)
            #expect(await fixture.serverRequests().count == 2)

            // A client that takes cached data whatever its age (an app offline) gets the kept copy.
            let offline = try Self.petRequest(policy: .returnCacheDataElseLoad)
            let (_, response) = try await session.data(for: offline)
            #expect(Fixture.status(response) == 200)
            #expect(await fixture.serverRequests().count == 2)
            #expect(fixture.backend.exchanges.map(\.source) == [.forwarded, .forwarded, .cached])
        }

        @Test func theRequestsVaryValuesMustMatchTheStoredOnes() async throws {
            let (fixture, session, _) = try await Self.start()
            defer { Task { await fixture.server.stop() } }
            // The server's pet says `Vary: Accept-Language`.
            _ = try await session.data(for: try Self.petRequest(["X-Cache-For": "3600", "Accept-Language": "en"]))
            _ = try await session.data(for: try Self.petRequest(["X-Cache-For": "3600", "Accept-Language": "de"]))
            #expect(await fixture.serverRequests().count == 2)
            _ = try await session.data(for: try Self.petRequest(["X-Cache-For": "3600", "Accept-Language": "de"]))
            #expect(await fixture.serverRequests().count == 2)
        }

        @Test func noStoreKeepsNothing() async throws {
            let (fixture, session, cache) = try await Self.start()
            defer { Task { await fixture.server.stop() } }
            let request = try Self.petRequest(["X-Cache-For": "60", "Cache-Control": "no-store"])
            _ = try await session.data(for: request)
            _ = try await session.data(for: request)
            #expect(cache.cachedResponse(for: request) == nil)
            #expect(await fixture.serverRequests().count == 2)
        }
    #endif

    @Test func aReloadPolicyAlwaysReachesTheServer() async throws {
        let (fixture, session, _) = try await Self.start()
        defer { Task { await fixture.server.stop() } }
        _ = try await session.data(for: try Self.petRequest(["X-Cache-For": "60"]))
        let reload = try Self.petRequest(["X-Cache-For": "60"], policy: .reloadIgnoringLocalCacheData)
        _ = try await session.data(for: reload)
        #expect(await fixture.serverRequests().count == 2)
    }

    @Test func cachedDataOnlyWithNothingCachedFailsWithoutReachingTheServer() async throws {
        let (fixture, session, _) = try await Self.start()
        defer { Task { await fixture.server.stop() } }
        let request = try Self.petRequest(policy: .returnCacheDataDontLoad)
        await #expect(throws: URLError.self) { _ = try await session.data(for: request) }
        #expect(await fixture.serverRequests().isEmpty)
        #expect(fixture.backend.exchanges.map(\.failure) == [.resourceUnavailable])
    }

    /// Freshness by `Expires` and `Date`, `Age`, `no-cache` and the request's `max-age`.
    @Test func freshnessFollowsTheResponsesHeaders() throws {
        let url = try #require(URL(string: Fixture.base + "/pets/\(Fixture.petId)"))
        let stored = try #require(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"))
        func cached(_ fields: [String: String]) throws -> CachedURLResponse {
            let head = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: fields))
            return CachedURLResponse(
                response: head, data: Data(), userInfo: [SessionCache.storedAtKey: stored], storagePolicy: .allowed)
        }
        let get = HTTPRequest(method: "GET", path: "/v1/pets/\(Fixture.petId)")
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"
        let expires = try cached(["Date": date, "Expires": "Sun, 06 Nov 1994 08:59:37 GMT"])
        #expect(SessionCache.isFresh(expires, for: get, now: stored.addingTimeInterval(599)))
        #expect(!SessionCache.isFresh(expires, for: get, now: stored.addingTimeInterval(600)))
        // An `Expires` that cannot be read counts as expired; no freshness given, none assumed.
        #expect(!SessionCache.isFresh(try cached(["Expires": "0"]), for: get, now: stored))
        #expect(!SessionCache.isFresh(try cached(["Date": date]), for: get, now: stored))

        let maxAge = try cached(["Cache-Control": "public, max-age=60", "Age": "50"])
        #expect(SessionCache.isFresh(maxAge, for: get, now: stored.addingTimeInterval(9)))
        #expect(!SessionCache.isFresh(maxAge, for: get, now: stored.addingTimeInterval(10)))
        #expect(!SessionCache.isFresh(try cached(["Cache-Control": "max-age=60, no-cache"]), for: get, now: stored))

        var asking = get
        asking.headers = ["Cache-Control": "max-age=55"]
        #expect(!SessionCache.isFresh(maxAge, for: asking, now: stored.addingTimeInterval(6)))
        asking.headers = ["Pragma": "no-cache"]
        #expect(!SessionCache.isFresh(maxAge, for: asking, now: stored))
    }

    /// A header `Vary` names matches only the same value, or absence only absence: an empty value is a
    /// value (RFC 9111, section 4.1).
    @Test func varyingHeadersTellAnAbsentHeaderFromAnEmptyOne() throws {
        let url = try #require(URL(string: Fixture.base + "/pets/\(Fixture.petId)"))
        let response = HTTPResponse(
            status: 200, headers: ["Cache-Control": "max-age=60", "Vary": "accept-LANGUAGE, X-Tenant"],
            body: HTTPBody(text: "{}"))
        var first = HTTPRequest(method: "GET", path: "/v1/pets/\(Fixture.petId)")
        first.headers = ["X-Tenant": "blue"]
        let now = Date()
        let cached = try #require(SessionCache.storable(response, for: first, url: url, now: now))
        func fresh(_ headers: HTTPHeaders) -> Bool {
            var request = first
            request.headers = headers
            return SessionCache.isFresh(cached, for: request, now: now)
        }
        #expect(fresh(["x-tenant": "blue"]))
        #expect(!fresh(["X-Tenant": "blue", "Accept-Language": ""]))
        #expect(!fresh(["X-Tenant": "blue", "Accept-Language": "en"]))
        #expect(!fresh(["X-Tenant": "green"]))
        #expect(!fresh([:]))

        // What is kept reads back as it was written; anything else matches nothing.
        let varying = try #require(VaryingHeaders(response: response.headers, request: first))
        #expect(VaryingHeaders(propertyList: varying.propertyList) == varying)
        #expect(VaryingHeaders(propertyList: ["x-tenant": "blue"]) == nil)
        #expect(VaryingHeaders(propertyList: ["x-tenant": ["blue", "green"]]) == nil)
        // `Vary: *` is never matched, so such a response is not kept at all.
        #expect(VaryingHeaders(response: ["Vary": "Accept, *"], request: first) == nil)
        let starred = HTTPResponse(status: 200, headers: ["Cache-Control": "max-age=60", "Vary": "*"])
        #expect(SessionCache.storable(starred, for: first, url: url) == nil)
    }
}
