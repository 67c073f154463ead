import ContractInterception
import ContractMockServer
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

/// A `contract-check proxy` running in the test process on an ephemeral loopback port, in front of an
/// upstream, for a test's body.
struct RunningProxy {
    /// The port it listens on.
    let port: Int
    private let log: Locked<[String]>

    /// What it logged so far, one message each.
    var messages: [String] { log.withLock { $0 } }

    /// Starts a proxy for the clinic contract in front of `upstream`, configured by `configure`, runs
    /// `body` with it, and stops it.
    static func with(
        upstream: URL, recording: ExchangeRecording = .off,
        configured configure: (inout MockServer.Settings, inout MockProxy.Settings) -> Void = { _, _ in },
        _ body: (RunningProxy) async throws -> Void
    ) async throws {
        let log = Locked<[String]>([])
        var settings = MockServer.Settings { message in log.withLock { $0.append(message) } }
        settings.port = 0
        settings.reloadInterval = nil
        var proxySettings = MockProxy.Settings(upstream: upstream)
        configure(&settings, &proxySettings)
        let server = try MockServer(contracts: [RunningMock.clinic], recording: recording, settings: settings)
        let proxy = MockProxy(server: server, settings: proxySettings)
        let (port, task) = try await LoopbackServerTask.start(label: "RunningProxy") { listening in
            try await proxy.run(onListening: listening)
        }
        defer { task.cancel() }
        try await body(RunningProxy(port: port, log: log))
        task.cancel()
        _ = await task.result
    }

    /// Sends `GET target` with `fields` (and `Connection: close`) over a raw socket, and returns what came
    /// back, byte for byte.
    static func get(port: Int, _ target: String, fields: [String]) async throws -> RawResponse {
        var text = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for field in fields { text += field + "\r\n" }
        text += "Connection: close\r\n\r\n"
        let bytes = try #require(await RawConnection.exchangeBytes(port: port, text))
        return try #require(RawResponse(bytes))
    }
}

/// An HTTP/1.1 response as it came over the wire, read until the connection closed.
struct RawResponse: Equatable {
    /// `HTTP/1.1 200 OK`.
    var statusLine: String
    /// Each field line as sent, in order.
    var fields: [String]
    /// The bytes after the head.
    var body: [UInt8]

    init?(_ bytes: [UInt8]) {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        statusLine = lines[0]
        fields = Array(lines.dropFirst())
        body = Array(bytes[(end + separator.count)...])
    }

    /// The value of the first field named `name`.
    func value(_ name: String) -> String? {
        for line in fields {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The response without the fields that belong to its connection.
    var withoutConnectionFields: RawResponse {
        without(["connection", "keep-alive"])
    }

    /// The bytes a chunked body carries (RFC 9112, 7.1), without its framing; `nil` when it is not well framed.
    static func dechunked(_ body: [UInt8]) -> [UInt8]? {
        var content: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = body[index...].firstIndex(of: UInt8(ascii: "\r")) else { return nil }
            let sizeText = String(decoding: body[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            let start = lineEnd + 2
            if size == 0 { return content }
            guard start + size + 2 <= body.count else { return nil }
            content += body[start..<(start + size)]
            index = start + size + 2
        }
    }

    /// The response without the fields that belong to its connection or its server's clock (`Date`,
    /// which a server stamps for itself: the same upstream asked twice may answer in different seconds),
    /// for comparing what two requests got.
    var withoutHopFields: RawResponse {
        without(["connection", "keep-alive", "date"])
    }

    /// The response without the fields named (lower-case) in `names`.
    private func without(_ names: Set<String>) -> RawResponse {
        var copy = self
        copy.fields = fields.filter { line in
            !names.contains(line.split(separator: ":").first.map { $0.lowercased() } ?? "")
        }
        return copy
    }
}
