import Foundation
import Testing

@testable import ContractInterception

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request reader takes an HTTP URL's scheme from the start of its text (as `canInit` decides that the
/// protocol takes it) instead of `URL.scheme`: for every URL it must give what `URL.scheme` gives, lower-cased.
@Suite struct HTTPSchemeTests {
    @Test("the scheme read off the text is URL.scheme lower-cased, relative URLs and other schemes included")
    func sameAsFoundation() throws {
        let base = try #require(URL(string: "HTTPS://api.example.com/v1/"))
        let urls: [URL?] = [
            URL(string: "https://api.example.com/v1"), URL(string: "HTTP://API.example.com"),
            URL(string: "hTtPs://x"), URL(string: "http:opaque"), URL(string: "https:/one-slash"),
            URL(string: "httpx://x"), URL(string: "http-s://x"), URL(string: "ftp://x/y"), URL(string: "h:x"),
            URL(string: "pets?limit=1", relativeTo: base), URL(string: "/root", relativeTo: base),
            URL(string: "http://other.example.com/p", relativeTo: base), URL(string: "//host.example.com/p", relativeTo: base),
        ]
        #expect(!urls.contains(nil), "every URL above is one Foundation makes")
        for case let url? in urls {
            let read = RequestReader.httpRequest(from: URLRequest(url: url), isUpload: false)
            #expect(read.scheme == url.scheme?.lowercased(), "\(url.absoluteString)")
        }
        #expect(ContractURLProtocol.httpScheme("HTTPS:") == "https")
        #expect(ContractURLProtocol.httpScheme("http:") == "http")
        #expect(ContractURLProtocol.httpScheme("https") == nil)
        #expect(ContractURLProtocol.httpScheme("http") == nil)
        #expect(ContractURLProtocol.httpScheme("httpsx:") == nil)
        #expect(ContractURLProtocol.httpScheme("") == nil)
    }
}
