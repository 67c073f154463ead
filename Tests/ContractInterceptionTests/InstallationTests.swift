import ContractInterception
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct InstallationTests {
    @Test func configurationPutsTheClassFirst() throws {
        let backend = try Fixture.backend()
        let configuration = backend.makeConfiguration()
        let first: AnyClass = try #require(configuration.protocolClasses?.first)
        #expect(ObjectIdentifier(first) == ObjectIdentifier(backend.protocolClass))
    }

    /// The class takes HTTP and HTTPS requests, whatever the scheme's case, and leaves other schemes to
    /// the session's other protocols.
    @Test(
        arguments: [
            ("https://api.example.com/pets", true), ("http://api.example.com", true), ("HTTPS://API.example.com", true),
            ("Http://x", true), ("ftp://example.com/file", false), ("file:///tmp/pets.json", false),
            ("httpx://example.com", false), ("https-proxy://example.com", false), ("data:,hello", false),
        ])
    func takesHTTPAndHTTPSOnly(url: String, taken: Bool) throws {
        let backend = try Fixture.backend()
        let protocolClass = try #require(backend.protocolClass as? URLProtocol.Type)
        let request = URLRequest(url: try #require(URL(string: url)))
        #expect(protocolClass.canInit(with: request) == taken)
    }

    @Test func sessionsOfTwoBackendsStaySeparate() async throws {
        let first = try Fixture.backend()
        let second = try Fixture.backend()
        first.stub("getPet", .response(status: 404, json: "{}"))
        second.stub("getPet", Fixture.petResponse)
        let ownSession = URLSession(configuration: second.makeConfiguration())
        let (_, a) = try await first.session.data(for: Fixture.request())
        let (_, b) = try await ownSession.data(for: Fixture.request())
        #expect(Fixture.status(a) == 404)
        #expect(Fixture.status(b) == 200)
        #expect(first.exchanges.count == 1)
        #expect(second.exchanges.count == 1)
        #expect(await first.intercepts(first.session))
        #expect(await !first.intercepts(ownSession))
        #expect(await second.intercepts(ownSession))
        #expect(first.exchanges.count == 1)
    }

    @Test func sessionWithoutTheClassIsDetected() async throws {
        let backend = try Fixture.backend()
        let plain = URLSession(configuration: .ephemeral)
        #expect(await !backend.intercepts(plain))
    }

    /// Verified on this toolchain: `httpAdditionalHeaders` never reach a `URLProtocol` on Linux, which is
    /// why a backend is found through its protocol class rather than a header.
    @Test func additionalHeadersDoNotReachTheProtocolOnLinux() async throws {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse)
        let configuration = backend.makeConfiguration()
        configuration.httpAdditionalHeaders = ["X-Session-Token": "abc"]
        _ = try await URLSession(configuration: configuration).data(for: Fixture.request())
        let headers = try #require(backend.exchanges.first).request.headers
        #if canImport(Darwin)
            _ = headers
        #else
            #expect(!headers.contains("X-Session-Token"))
        #endif
    }

    /// On Linux a shared session already in use when the class is registered is not intercepted (one
    /// first used after registration is: it takes the registered classes when it is made), and
    /// `intercepts(_:)` says so; a session from `.default` made after registration is not either.
    @Test func globalInstallation() async throws {
        let backend = try Fixture.backend()
        // The shared session is made lazily, on first use, with the classes registered then; the built-in
        // ones are registered when the process makes its first session. Made before any other session it
        // holds none and asks the registry at each request, so it would see the class. Whether other tests
        // made a session first depends on their order: make one here, then the shared session, so the test
        // checks the documented case (a shared session made before installation) whatever ran before.
        _ = URLSession(configuration: .ephemeral)
        _ = URLSession.shared.configuration
        backend.installGlobally()
        defer { backend.uninstallGlobally() }
        #if !canImport(Darwin)
            #expect(await !backend.intercepts(URLSession(configuration: .default)))
            #expect(await !backend.intercepts(URLSession.shared))
        #else
            #expect(await backend.intercepts(URLSession.shared))
        #endif
    }
}
