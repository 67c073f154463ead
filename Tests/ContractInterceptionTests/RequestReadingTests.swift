@testable import ContractInterception
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
            "HTTPS://API.EXAMPLE.COM/X?Y=Z", "https://api.example.com/?", "https://api.example.com/p?#f",
            "https://api.example.com:0/", "https://a.b/c?d?e=/f", "http://h:80", "https://h#only",
            "https://api.example.com/p%20q?r=%C3%A9&s", "https://xn--bcher-kva.example/", "https://a-b.c_d.e:8/",
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

    @Test("the parts cut from a URL's text equal URL's accessors, or are left to them")
    func textPartsMatchAccessors() throws {
        let base = try #require(URL(string: "https://api.example.com/v1/"))
        let urls: [URL?] = [
            URL(string: "https://api.example.com/v1/pets?limit=2"), URL(string: "HTTP://API.Example.COM:8080/Pets"),
            URL(string: "https://api.example.com"), URL(string: "https://api.example.com?x=1"),
            URL(string: "https://api.example.com/a#frag"), URL(string: "https://api.example.com:/p"),
            URL(string: "https://user@api.example.com/"), URL(string: "https://[::1]/"), URL(string: "https://h/?"),
            URL(string: "pets?limit=1", relativeTo: base), URL(string: "/root#x", relativeTo: base),
            URL(string: "//other.example.com:81/p?q", relativeTo: base), URL(string: "https://h:65536/"),
            URL(string: "https://h:1:2/"), URL(string: "http:opaque"), URL(string: "https:/one-slash"),
        ]
        var cut = 0
        for case let url? in urls {
            let text = url.absoluteString
            guard let request = HTTPURLText.request(method: "GET", url: text, headers: HTTPHeaders(), body: .empty)
            else { continue }
            cut += 1
            let path = url.path(percentEncoded: true)
            #expect(request.scheme == url.scheme?.lowercased(), "\(text)")
            #expect(request.host == url.host(percentEncoded: true)?.lowercased(), "\(text)")
            #expect(request.port == url.port, "\(text)")
            #expect(request.path == (path.isEmpty ? "/" : path), "\(text)")
            #expect(request.query == url.query(percentEncoded: true), "\(text)")
        }
        // Eight plain shapes are cut here (three of them relative to `base`); the others (an empty port, user
        // info, an IP literal, an empty query, ports that are not one, opaque and one-slash URLs) go to URL.
        #expect(cut == 8)
        for text in ["https://user@h/", "https://[::1]/", "https://h/?", "https://h:65536/", "https:/one-slash", "ftp://h/"] {
            #expect(HTTPURLText.request(method: "GET", url: text, headers: HTTPHeaders(), body: .empty) == nil, "\(text)")
        }
    }
}
