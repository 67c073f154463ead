import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client session's `URLCache`, applied to the exchanges a pass-through backend forwards as a private
/// HTTP cache applies it (RFC 9111), so that a client that caches still caches with the backend in between.
///
/// Lookup: the URL loading system looks a data task's request up in its session's cache when it makes the
/// protocol (`URLProtocol.cachedResponse`), on Apple platforms and on Linux alike. The backend answers from
/// that response as the request's cache policy says: `.returnCacheDataElseLoad` and
/// `.returnCacheDataDontLoad` take it whatever its age; `.useProtocolCachePolicy` takes it while it is
/// fresh (`max-age`, or `Expires` after `Date`), unless either side says `no-cache` or the request's values
/// of the headers its `Vary` names differ from the stored ones; the reload policies never take it.
///
/// Storing: a GET's 200, 203, 300, 301, 404 or 410 received whole, without `no-store` on either side and
/// not `Vary: *`. On Apple platforms the URL loading system stores what a protocol reports as allowed;
/// swift-corelibs-foundation stores only its own HTTP handling's responses, so on Linux the backend stores
/// the response in the session's cache itself (the session read by reflection, for such responses only).
/// Unlike swift-corelibs-foundation's own cache, responses to requests with `Authorization` are kept, as
/// RFC 9111 allows a private cache, and `Vary` is honoured rather than refused.
enum SessionCache {
    /// What to do with a request the backend would forward.
    enum Use {
        /// Answer with the cached response; the server is not asked.
        case answer(HTTPResponse)
        /// Forward the request.
        case forward
        /// Fail the load: the request asked for cached data only and there is none.
        case fail
    }

    /// When the backend stored the response (a `Date`), in the cached response's `userInfo`.
    static let storedAtKey = "ContractCheck.storedAt"
    /// The request's values of the headers the response's `Vary` names (`VaryingHeaders.propertyList`), in
    /// the cached response's `userInfo`.
    static let varyKey = "ContractCheck.vary"

    /// What to do with `request` (read as `received`), given the response the session's cache holds for it.
    static func use(
        _ cached: CachedURLResponse?, for request: URLRequest, received: HTTPRequest, now: Date = Date()
    ) -> Use {
        switch request.cachePolicy {
        case .returnCacheDataElseLoad:
            return cached.flatMap(response(of:)).map(Use.answer) ?? .forward
        case .returnCacheDataDontLoad:
            return cached.flatMap(response(of:)).map(Use.answer) ?? .fail
        case .useProtocolCachePolicy:
            guard let cached, isFresh(cached, for: received, now: now), let response = response(of: cached) else {
                return .forward
            }
            return .answer(response)
        default:
            return .forward
        }
    }

    /// Whether `cached` may answer `request` without asking the server.
    static func isFresh(_ cached: CachedURLResponse, for request: HTTPRequest, now: Date) -> Bool {
        guard request.method == "GET", let head = cached.response as? HTTPURLResponse else { return false }
        let headers = ForwardedLoad.headers(head)
        let kept = CacheDirectives(headers)
        let asked = CacheDirectives(request.headers)
        // A response stored without `Vary` matches every request; one stored with it, the requests that send
        // what its request sent.
        let varies = !FieldTokens.of(headers.values("Vary")).isEmpty
        guard !kept.noCache, !asked.noCache,
            !varies || VaryingHeaders(propertyList: cached.userInfo?[varyKey])?.matches(request) == true
        else {
            return false
        }
        let date = headers["Date"].flatMap(HTTPDate.parse)
        guard let storedAt = cached.userInfo?[storedAtKey] as? Date ?? date else { return false }
        let lifetime: Double
        if let maxAge = kept.maxAge {
            lifetime = maxAge
        } else if let expires = headers["Expires"].flatMap(HTTPDate.parse) {
            lifetime = expires.timeIntervalSince(date ?? storedAt)
        } else {
            // No freshness given (or an `Expires` that cannot be read, which counts as expired): no
            // heuristic lifetime, the server is asked.
            return false
        }
        let age = max(0, now.timeIntervalSince(storedAt)) + (headers["Age"].flatMap(Double.init) ?? 0)
        if let oldest = asked.maxAge, age > oldest { return false }
        return age < lifetime
    }

    /// The copy of `response` to `request` to keep, its head as the client sees it at `url`; `nil` when a
    /// private cache may not keep it.
    static func storable(_ response: HTTPResponse, for request: HTTPRequest, url: URL, now: Date = Date())
        -> CachedURLResponse?
    {
        guard let varying = storedVarying(status: response.status, headers: response.headers, request: request),
            let body = response.body.bytes,
            let head = ForwardedLoad.clientHead(status: response.status, headers: response.headers, url: url)
        else { return nil }
        return CachedURLResponse(
            response: head, data: Data(body), userInfo: [storedAtKey: now, varyKey: varying.propertyList],
            storagePolicy: .allowed)
    }

    /// The storage policy to report with a forwarded response's head: on Apple platforms `.allowed` when it
    /// may be kept, so that the URL loading system stores it; on Linux always `.notAllowed`, as the backend
    /// stores it itself (`keep`) and swift-corelibs-foundation would only copy the body for nothing.
    static func policy(status: Int, headers: HTTPHeaders, request: HTTPRequest) -> URLCache.StoragePolicy {
        #if canImport(Darwin)
            return storedVarying(status: status, headers: headers, request: request) != nil ? .allowed : .notAllowed
        #else
            return .notAllowed
        #endif
    }

    /// Keeps a forwarded `response` in the cache of `task`'s session, on Linux, when it may be kept (see
    /// `policy` for Apple platforms). `clientRequest` is the request as the client sent it, the cache's key.
    static func keep(
        _ response: HTTPResponse, for request: HTTPRequest, url: URL, clientRequest: URLRequest, task: URLSessionTask?
    ) {
        #if !canImport(Darwin)
            guard let cached = storable(response, for: request, url: url), let task,
                let cache = TaskSession.session(of: task)?.configuration.urlCache
            else { return }
            if let dataTask = task as? URLSessionDataTask {
                cache.storeCachedResponse(cached, for: dataTask)
            } else {
                cache.storeCachedResponse(cached, for: clientRequest)
            }
        #endif
    }

    /// What a response may be kept with (the request's values of the headers its `Vary` names); `nil` when
    /// a private cache may not keep it.
    private static func storedVarying(status: Int, headers: HTTPHeaders, request: HTTPRequest) -> VaryingHeaders? {
        guard request.method == "GET", [200, 203, 300, 301, 404, 410].contains(status),
            !CacheDirectives(headers).noStore, !CacheDirectives(request.headers).noStore
        else { return nil }
        return VaryingHeaders(response: headers, request: request)
    }

    /// The cached response as the backend's model has it.
    private static func response(of cached: CachedURLResponse) -> HTTPResponse? {
        guard let head = cached.response as? HTTPURLResponse else { return nil }
        return HTTPResponse(
            status: head.statusCode, headers: ForwardedLoad.headers(head), body: HTTPBody(cached.data))
    }
}
