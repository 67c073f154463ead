import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A hand-written client for the clinic API, as an app would write one: async/await, `JSONDecoder`
/// with `.convertFromSnakeCase` and `.iso8601`, retries on 5xx, a token refresh on 401.
struct ClinicClient: Sendable {
    enum ClientError: Error, Equatable {
        case status(Int)
    }

    let session: URLSession
    let tokens: TokenStore
    var baseURL = "https://api.clinic.example.com/v1"
    var maxAttempts = 3

    init(session: URLSession, tokens: TokenStore = TokenStore()) {
        self.session = session
        self.tokens = tokens
    }

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// A request for `path` with `query` items (encoded by `URLComponents`).
    func request(_ method: String, _ path: String, query: [URLQueryItem] = []) throws -> URLRequest {
        var components = URLComponents(string: baseURL + path)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(UUID().uuidString.lowercased(), forHTTPHeaderField: "X-Request-ID")
        return request
    }

    func json<Body: Encodable>(_ request: URLRequest, _ body: Body, type: String = "application/json") throws
        -> URLRequest
    {
        var request = request
        request.httpBody = try Self.encoder.encode(body)
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        return request
    }

    /// Sends with the current token; refreshes it once on 401 and retries 5xx and timeouts with backoff.
    func send(_ request: URLRequest, authenticated: Bool = true) async throws -> (Data, HTTPURLResponse) {
        var refreshed = false
        var attempt = 0
        while true {
            attempt += 1
            var authorized = request
            if authenticated {
                authorized.setValue("Bearer \(await tokens.current)", forHTTPHeaderField: "Authorization")
            }
            let data: Data
            let response: URLResponse
            do {
                (data, response) = try await session.data(for: authorized)
            } catch let error as URLError where error.code == .timedOut && attempt < maxAttempts {
                try await Task.sleep(for: .milliseconds(attempt))
                continue
            }
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            if http.statusCode == 401 && authenticated && !refreshed {
                refreshed = true
                await tokens.refresh()
                continue
            }
            if (500...599).contains(http.statusCode) && attempt < maxAttempts {
                try await Task.sleep(for: .milliseconds(attempt))
                continue
            }
            guard (200...299).contains(http.statusCode) else {
                if let problem = try? Self.decoder.decode(Problem.self, from: data) { throw problem }
                throw ClientError.status(http.statusCode)
            }
            return (data, http)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, _ request: URLRequest, authenticated: Bool = true) async throws -> T {
        let (data, _) = try await send(request, authenticated: authenticated)
        return try Self.decoder.decode(T.self, from: data)
    }
}

/// The access token, refreshed when the API says it expired. A real app would call the OAuth token
/// endpoint here; the tests count refreshes instead.
actor TokenStore {
    private(set) var current = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzdGFmZiJ9.c2lnbmF0dXJl"
    private(set) var refreshes = 0

    func refresh() {
        refreshes += 1
        current = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJyZWZyZXNoZWQifQ.c2lnbmF0dXJl\(refreshes)"
    }
}
