import Foundation

/// What a backend does with the requests it intercepts: answer them from the contract (the fake backend),
/// or forward them to the real server and verify both sides.
///
/// ```swift
/// let backend = try ContractBackend(contract: clinicURL, mode: .passThrough(to: URL(string: "http://127.0.0.1:8080")))
/// ```
public struct BackendMode: Sendable {
    enum Kind: Sendable {
        case fake
        case passThrough
        case observe
    }

    let kind: Kind
    /// Where forwarded requests go: its scheme, host and port replace the request's; `nil` keeps the request's.
    public let upstream: URL?
    /// Whether an operation the server does not implement yet (it answers 501, or 404 where the operation
    /// documents no 404) is answered from the contract instead.
    public let answersUnimplemented: Bool
    /// Where an observing backend reports each exchange.
    let observer: ExchangeObserver?
    /// Whether repeated GETs are answered from the backend's response cache.
    public private(set) var caches = false

    /// Answers every request from the contract and its stubs (the default).
    public static let fake = BackendMode(kind: .fake, upstream: nil, answersUnimplemented: false, observer: nil)

    /// Forwards each request to the real server and hands the server's response to the client: the
    /// request is verified before it leaves, the response before it reaches the client, and both are
    /// recorded. Operations with a stub of their own (or every operation, after `stubAll`) are answered
    /// from the stub instead.
    /// - Parameters:
    ///   - upstream: the server: its scheme, host and port replace the request's (the path and query stay);
    ///     `nil` sends each request where its URL points.
    ///   - answeringUnimplemented: answer from the contract the operations the server does not implement
    ///     yet, those it answers with 501, or with 404 where the contract documents no 404 for them.
    ///   - caching: answer a GET the server already answered with 200 from the backend's cache, keyed by
    ///     method, URL and the request headers the response's `Vary` names; hits are recorded with the
    ///     source `.cached` and never reach the server.
    public static func passThrough(
        to upstream: URL? = nil, answeringUnimplemented: Bool = false, caching: Bool = false
    ) -> BackendMode {
        var mode = BackendMode(
            kind: .passThrough, upstream: upstream, answersUnimplemented: answeringUnimplemented, observer: nil)
        mode.caches = caching
        return mode
    }

    /// Forwards like `passThrough`, for debug builds of apps and integration tests: stubs are not used,
    /// and each exchange (with its violations) goes to `observer`, by default one line per exchange in a
    /// swift-log `Logger`.
    /// - Parameters:
    ///   - upstream: as for `passThrough`.
    ///   - observer: where each exchange is reported.
    public static func observe(to upstream: URL? = nil, reporting observer: ExchangeObserver = .logger()) -> BackendMode
    {
        BackendMode(kind: .observe, upstream: upstream, answersUnimplemented: false, observer: observer)
    }

    /// Whether requests go to a real server.
    var forwards: Bool { kind != .fake }
}
