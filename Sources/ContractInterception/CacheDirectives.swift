import ContractVerify

/// The `Cache-Control` directives (RFC 9111, 5.2) a private cache acts on, of a request or a response.
struct CacheDirectives {
    /// `no-store`: the message may not be kept.
    var noStore = false
    /// `no-cache`: a kept response may not be used without asking the server.
    var noCache = false
    /// `max-age=N`: the response's freshness lifetime (of a request: the oldest response it takes).
    var maxAge: Double?

    /// The directives of `headers`' `Cache-Control` fields, and `Pragma: no-cache` as `no-cache`.
    init(_ headers: HTTPHeaders) {
        for token in FieldTokens.of(headers.values("Cache-Control")) {
            let parts = token.split(separator: "=", maxSplits: 1)
            switch parts.first {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age" where parts.count == 2:
                let value = parts[1].filter { $0 != "\"" }
                maxAge = Double(value).map { max(0, $0) }
            default: break
            }
        }
        if FieldTokens.of(headers.values("Pragma")).contains("no-cache") { noCache = true }
    }
}
