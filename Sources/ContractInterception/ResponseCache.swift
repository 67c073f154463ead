import ContractVerify
import Foundation

/// The responses a caching pass-through backend (`BackendMode.passThrough(caching: true)`) keeps: the
/// server's 200 answers to GETs, by method and URL, each with the values its request had for the headers
/// the response's `Vary` names. A response that says `Vary: *` or `Cache-Control: no-store` is not kept.
struct ResponseCache {
    private struct Entry {
        var varying: VaryingHeaders
        var response: HTTPResponse
    }

    private var entries: [String: [Entry]] = [:]

    /// The kept response for `request`, if one matches its URL and varying headers.
    func response(for request: HTTPRequest) -> HTTPResponse? {
        entries[Self.key(request)]?.last { $0.varying.matches(request) }?.response
    }

    /// Keeps `response` for `request` when it may be answered again.
    mutating func store(_ response: HTTPResponse, for request: HTTPRequest) {
        guard request.method == "GET", response.status == 200, response.body.bytes != nil,
            !CacheDirectives(response.headers).noStore,
            let varying = VaryingHeaders(response: response.headers, request: request)
        else { return }
        entries[Self.key(request), default: []].append(Entry(varying: varying, response: response))
    }

    private static func key(_ request: HTTPRequest) -> String {
        let origin = (request.scheme ?? "") + "://" + (request.host ?? "") + (request.port.map { ":\($0)" } ?? "")
        return request.method + " " + origin + request.path + (request.query.map { "?" + $0 } ?? "")
    }
}
