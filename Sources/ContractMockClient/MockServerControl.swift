import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The control API of a running `contract-check mock`, for UI tests: set "the next `getPet` answers
/// 404" as a unit test does with its fake backend, reset between tests, and read what the app sent.
///
/// ```swift
/// let mock = MockServerControl(baseURL: URL(string: "http://127.0.0.1:4010")!)
/// try await mock.reset()
/// try await mock.stub("getPet", .status(404))
/// // … drive the app …
/// let sent = try await mock.exchanges()
/// ```
public struct MockServerControl: Sendable {
    /// The server's address (`http://127.0.0.1:4010`), without a base path.
    public let baseURL: URL
    private let session: URLSession

    /// A control for the server at `baseURL`.
    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    /// What the control API answered when it refused a call.
    public struct Refused: Error, CustomStringConvertible {
        /// The HTTP status.
        public var status: Int
        /// The server's explanation (a problem+json body).
        public var body: String

        /// The status and the explanation, on one line.
        public var description: String { "contract-check mock answered \(status): \(body)" }
    }

    /// Answers `operation` (an `operationId` or `"GET /pets/{petId}"`) with `stub` from now on.
    public func stub(_ operation: String, _ stub: MockStub) async throws {
        let name = operation.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? operation
        var request = URLRequest(url: endpoint("stubs/\(name)"))
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(stub)
        _ = try await send(request)
    }

    /// Forgets every stub and exchange.
    public func reset() async throws {
        var request = URLRequest(url: endpoint("reset"))
        request.httpMethod = "POST"
        _ = try await send(request)
    }

    /// The exchanges since the last reset, in the order they arrived.
    public func exchanges() async throws -> [MockExchange] {
        try JSONDecoder().decode([MockExchange].self, from: try await send(URLRequest(url: endpoint("exchanges"))))
    }

    private func endpoint(_ path: String) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + "/__contract-check/" + path) ?? baseURL
    }

    private func send(_ request: URLRequest) async throws -> Data {
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw Refused(status: status, body: String(decoding: data, as: UTF8.self))
        }
        return data
    }
}

/// An exchange the mock server answered, as its control API lists it.
public struct MockExchange: Sendable, Decodable, Equatable {
    /// The contract's path on the server's machine.
    public var contract: String
    /// The operation's `operationId` (else `METHOD /path`); `nil` when the request matched none.
    public var operation: String?
    /// The request's method.
    public var method: String
    /// The request's path as sent, base path included.
    public var path: String
    /// The request's query as sent, without `?`; `nil` when there is none.
    public var query: String?
    /// The status answered; `nil` for a stubbed transport error.
    public var status: Int?
    /// Whether a stubbed transport error closed the connection instead.
    public var failed: Bool
    /// The violations, one line each, as `contract-check` prints them.
    public var violations: [String]
}
