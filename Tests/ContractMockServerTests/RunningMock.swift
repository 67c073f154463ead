import ContractInterception
import ContractMockServer
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `MockServer` running in the test process on an ephemeral loopback port, for a test's body.
struct RunningMock {
    let baseURL: URL
    /// A session that talks to the server over the network (no interception, no cache).
    let session: URLSession

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var clinic: URL { packageRoot.appendingPathComponent("contracts/clinic.yaml") }

    /// Starts a server for `contracts`, runs `body` with it, and stops it.
    static func with(
        contracts: [URL] = [clinic], recording: ExchangeRecording = .off, _ body: (RunningMock) async throws -> Void
    ) async throws {
        try await with(contracts: contracts, recording: recording, configured: { _ in }, body)
    }

    /// The same, with settings changed by `configure`.
    static func with(
        contracts: [URL] = [clinic], recording: ExchangeRecording = .off,
        configured configure: (inout MockServer.Settings) -> Void, _ body: (RunningMock) async throws -> Void
    ) async throws {
        let log = Locked<[String]>([])
        var settings = MockServer.Settings { message in log.withLock { $0.append(message) } }
        settings.port = 0
        configure(&settings)
        let server = try MockServer(contracts: contracts, recording: recording, settings: settings)
        let (port, task) = try await LoopbackServerTask.start(label: "RunningMock") { listening in
            try await server.run(onListening: listening)
        }
        defer { task.cancel() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 120
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        try await body(RunningMock(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), session: session))
        task.cancel()
        _ = await task.result
    }

    /// Sends `method` to `path` (with the base path), with the clinic's credentials unless `authorized` is false.
    func send(
        _ path: String, headers: [String: String] = [:], authorized: Bool = true
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        try await send("GET", path, headers: headers, authorized: authorized)
    }

    /// Sends `method` to `path`, as above, with `body`.
    func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil,
        authorized: Bool = true
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        var request = URLRequest(url: try #require(URL(string: baseURL.absoluteString + path)))
        request.httpMethod = method
        if authorized { request.setValue(ClinicSamples.bearer, forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return (http.statusCode, fields, data)
    }
}
