@testable import ContractInterception
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

    /// On Linux installation puts the class first in the shared session's configuration, which that session
    /// reads for each task, so a shared session made before installation asks it too (checked in a process
    /// of its own by `SharedSessionProcessTests`); a session from `.default` made after installation is not
    /// intercepted. The class stays in the shared session after `uninstallGlobally()`, declining every
    /// request, so this holds whatever other tests installed and uninstalled meanwhile. The backend takes the
    /// clinic's host only: the shared session of the whole test process reaches it while it is installed.
    @Test func globalInstallation() async throws {
        let backend = try Fixture.globalBackend()
        _ = URLSession(configuration: .ephemeral)
        _ = URLSession.shared.configuration
        backend.installGlobally()
        defer { backend.uninstallGlobally() }
        #expect(backend.problems.isEmpty)
        #if !canImport(Darwin)
            #expect(SharedSession.asksContractProtocolFirst(URLSession.shared.configuration))
            #expect(await !backend.intercepts(URLSession(configuration: .default)))
        #endif
    }

    /// The check behind the problem `installGlobally()` reports when a shared session does not take the
    /// class: a configuration asks the class first only when it stands first.
    @Test func sessionsThatDoNotAskTheClassFirstAreDetected() throws {
        let configuration = URLSessionConfiguration.ephemeral
        #expect(!SharedSession.asksContractProtocolFirst(configuration))
        configuration.protocolClasses = []
        #expect(!SharedSession.asksContractProtocolFirst(configuration))
        let other = try #require(Fixture.backend().protocolClass as? URLProtocol.Type)
        configuration.protocolClasses = [other, ContractURLProtocol.self]
        #expect(!SharedSession.asksContractProtocolFirst(configuration))
        configuration.protocolClasses = [ContractURLProtocol.self, other]
        #expect(SharedSession.asksContractProtocolFirst(configuration))
    }

    /// A shared session that does not reach the backend is reported once, with what to do.
    @Test func aSharedSessionOutOfReachIsReportedOnce() throws {
        let backend = try Fixture.backend()
        backend.noteSharedSession(asksContractProtocolFirst: false)
        backend.noteSharedSession(asksContractProtocolFirst: false)
        backend.noteSharedSession(asksContractProtocolFirst: true)
        #expect(backend.problems.count == 1)
        let message = try #require(backend.problems.first?.message)
        #expect(message.contains("call installGlobally() before the first use of URLSession.shared"))
        #expect(message.contains("backend.session"))
        #expect(backend.takeFindings().messages.contains { $0.contains("URLSession.shared") })
    }
}
