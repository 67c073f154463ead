import ContractInterception
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The recorded request holds the URL's parts as `URL`'s own accessors give them (scheme and host lower-cased,
/// an empty path as `/`), whatever the URL's shape: user info, IPv6 literals, escapes, fragments, empty ports.
@Suite struct RequestReadingTests {
    @Test(
        arguments: [
            "https://api.example.com/v1/pets?limit=2&tag=a%20b", "HTTP://API.Example.COM:8080/Pets/%C3%A9",
            "https://api.example.com", "https://api.example.com?x=1", "https://api.example.com/a#frag",
            "https://api.example.com/a?b=c#frag", "https://api.example.com:443/", "http://127.0.0.1:65535/x",
            "https://user:secret@api.example.com/v1/pets", "https://[::1]:8443/v1/pets", "https://ex%41mple.com/p",
            "https://api.example.com/a;b/c?", "https://my_host.example.com/", "https://api.example.com:/p",
        ])
    func urlPartsMatchFoundation(text: String) async throws {
        let backend = try Fixture.backend()
        let url = try #require(URL(string: text))
        _ = try? await backend.session.data(for: URLRequest(url: url))
        let recorded = try #require(backend.exchanges.first).request
        #expect(recorded.scheme == url.scheme?.lowercased())
        #expect(recorded.host == url.host(percentEncoded: true)?.lowercased())
        #expect(recorded.port == url.port)
        #expect(recorded.path == (url.path(percentEncoded: true).isEmpty ? "/" : url.path(percentEncoded: true)))
        #expect(recorded.query == url.query(percentEncoded: true))
    }
}
