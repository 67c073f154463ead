import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cookie storage of the session a load belongs to, applied to the load as that session's own HTTP
/// handling would apply it: each response's `Set-Cookie` stored, and the stored cookies added to the
/// requests of redirects the backend follows itself.
///
/// On Linux swift-corelibs-foundation adds a session's stored cookies to a task's request when the task is
/// made, but stores a response's cookies only in its own HTTP handling, so without this a `URLProtocol`'s
/// answers set no cookies. The session is read from the task by reflection (corelibs does not make it
/// public); a task whose session cannot be read (another corelibs layout) stores no cookies, as before. On
/// Apple platforms the URL loading system handles cookies itself.
struct SessionCookies: Sendable {
    let storage: HTTPCookieStorage
    /// Whether stored cookies go out with requests (`httpShouldSetCookies`).
    let sends: Bool
    /// Whether responses' cookies are stored (an accept policy other than `.never`).
    let accepts: Bool

    /// The cookie handling of `task`'s session; `nil` when it has none (no storage, or neither sending nor
    /// accepting cookies) or on Apple platforms. Reflection costs tens of microseconds, so it is asked only
    /// when there is a cookie to store or a redirect to follow, never for every request.
    static func of(_ task: URLSessionTask?) -> SessionCookies? {
        #if canImport(Darwin)
            return nil
        #else
            guard let task, let session = TaskSession.session(of: task) else { return nil }
            let configuration = session.configuration
            guard let storage = configuration.httpCookieStorage else { return nil }
            let cookies = SessionCookies(
                storage: storage, sends: configuration.httpShouldSetCookies,
                accepts: configuration.httpCookieAcceptPolicy != .never)
            return cookies.sends || cookies.accepts ? cookies : nil
        #endif
    }

    /// Adds the stored cookies for `url` (the request's own by default) as the request's `Cookie` header,
    /// unless it has one already: a redirect's next request, which the session does not make. A forwarded
    /// hop goes to the upstream's URL but carries the cookies of the URL the client sees.
    func addCookies(to request: inout URLRequest, for url: URL? = nil) {
        guard sends, request.value(forHTTPHeaderField: "Cookie") == nil, let url = url ?? request.url,
            let cookies = storage.cookies(for: url), !cookies.isEmpty,
            let header = HTTPCookie.requestHeaderFields(with: cookies)["Cookie"]
        else { return }
        request.setValue(header, forHTTPHeaderField: "Cookie")
    }

    /// Stores the cookies a response from `url` sets in the session of `task`, when it sets any.
    static func store(from headers: HTTPHeaders, for url: URL?, task: URLSessionTask?) {
        guard headers.contains("Set-Cookie"), let url, let cookies = of(task), cookies.accepts else { return }
        let found = HTTPCookie.cookies(withResponseHeaderFields: ResponseWire.headerFields(headers), for: url)
        guard !found.isEmpty else { return }
        cookies.storage.setCookies(found, for: url, mainDocumentURL: url)
    }
}
