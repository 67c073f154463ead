import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The floor for the fake backend's benchmark: a `URLProtocol` that answers every request with one fixed
/// body and does nothing else.
final class FixedBodyProtocol: URLProtocol {
    static let body = BenchLock(Data())

    static func configuration() -> URLSessionConfiguration {
        // The same configuration as the backend's, so the two loops differ only in the protocol.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.protocolClasses = [FixedBodyProtocol.self] + (configuration.protocolClasses ?? [])
        return configuration
    }

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 201, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
        else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Self.body.withLock { $0 })
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// A value behind a lock, for the benchmark's shared body.
final class BenchLock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
