import ContractInterception
import ContractMockServer
import ContractReport
import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

/// `contract-check proxy` in front of a real server that compresses its answers: the bytes pass through
/// both ways as they came, and the verifier reads the decoded bodies.
@Suite("contract-check proxy passes bytes through")
struct ProxyPassThroughTests {
    static let petPath = "/v1/pets/\(ClinicSamples.petId)"
    static let authorization = "Authorization: \(ClinicSamples.bearer)"

    /// Starts an upstream and a proxy in front of it, runs `body` with both, and stops them.
    static func withProxy(
        recording: ExchangeRecording = .off,
        configured configure: @escaping (inout MockServer.Settings, inout MockProxy.Settings) -> Void = { _, _ in },
        _ body: (CompressingUpstream, RunningProxy) async throws -> Void
    ) async throws {
        let upstream = try await CompressingUpstream.start()
        defer { Task { await upstream.stop() } }
        let url = try #require(URL(string: "http://127.0.0.1:\(upstream.port)"))
        try await RunningProxy.with(upstream: url, recording: recording, configured: configure) { proxy in
            try await body(upstream, proxy)
        }
    }

    /// The pet the upstream answers with `answer`, fetched from the upstream itself and through the proxy.
    static func fetchBothWays(
        _ answer: String, upstream: CompressingUpstream, proxy: RunningProxy
    ) async throws -> (direct: RawResponse, proxied: RawResponse) {
        let fields = [authorization, "X-Answer: \(answer)"]
        let direct = try await RunningProxy.get(port: upstream.port, petPath, fields: fields)
        let proxied = try await RunningProxy.get(port: proxy.port, petPath, fields: fields)
        return (direct, proxied)
    }

    @Test("a gzip body comes back byte for byte, Content-Encoding and Content-Length included, verified decoded")
    func gzipPassesThrough() async throws {
        try await Self.withProxy { upstream, proxy in
            let valid = try await Self.fetchBothWays("valid", upstream: upstream, proxy: proxy)
            #expect(valid.proxied.withoutHopFields == valid.direct.withoutHopFields)
            #expect(valid.proxied.value("Content-Encoding") == "gzip")
            #expect(valid.proxied.value("Content-Length") == String(CompressingUpstream.Bodies.valid.count))
            #expect(valid.proxied.body == CompressingUpstream.Bodies.valid)
            #expect(proxy.messages.isEmpty)

            let invalid = try await Self.fetchBothWays("invalid", upstream: upstream, proxy: proxy)
            #expect(invalid.proxied.withoutHopFields == invalid.direct.withoutHopFields)
            #expect(invalid.proxied.body == CompressingUpstream.Bodies.invalid)
            let log = proxy.messages.joined(separator: "\n")
            #expect(log.contains("response 200 body $.name: expected string, got integer 42"))
            #expect(!log.contains("malformed"))
        }
    }

    @Test(
        "each coding the proxy decodes passes through as it came and keeps the contract decoded",
        arguments: ["valid", "x-gzip", "deflate"])
    func decodedCodings(answer: String) async throws {
        try await Self.withProxy { upstream, proxy in
            let both = try await Self.fetchBothWays(answer, upstream: upstream, proxy: proxy)
            #expect(both.proxied.withoutHopFields == both.direct.withoutHopFields)
            #expect(proxy.messages.isEmpty)
        }
    }

    @Test("the request reaches the upstream with the client's fields only, in order, and Host the upstream's")
    func requestFieldsAsSent() async throws {
        try await Self.withProxy { upstream, proxy in
            let fields = [Self.authorization, "x-trace-id: 7f3a", "Accept: application/json", "X-Answer: deflate"]
            let response = try await RunningProxy.get(port: proxy.port, Self.petPath + "?full=1", fields: fields)
            #expect(response.statusLine.hasPrefix("HTTP/1.1 200"))
            let received = try #require(await upstream.requests().last)
            #expect(received.target == Self.petPath + "?full=1")
            #expect(received.authority == "127.0.0.1:\(upstream.port)")
            // No Accept-Encoding, User-Agent or anything else of the proxy's own; Connection stays behind.
            #expect(received.fields == fields)
            // The deflate body was verified decoded: it keeps the contract.
            #expect(proxy.messages.isEmpty)
        }
    }

    @Test("a redirect is handed back as the upstream sent it, not followed")
    func redirectHandedBack() async throws {
        try await Self.withProxy { upstream, proxy in
            let target = Self.petPath + "/records/\(UUID().uuidString.lowercased())"
            let response = try await RunningProxy.get(port: proxy.port, target, fields: [Self.authorization])
            #expect(response.statusLine.hasPrefix("HTTP/1.1 302"))
            #expect(response.value("Location") == "\(Self.petPath)/records/elsewhere")
            #expect(await upstream.requests().map(\.target) == [target])
        }
    }

    @Test(
        "a body in an encoding the proxy cannot decode is reported as not checked, never as a broken body",
        arguments: [
            ("br", "a body in Content-Encoding br, which the proxy does not decode"),
            ("corrupt", "a gzip body that does not decode"),
            ("bomb", "a gzip body that decodes to more than 65536 bytes"),
        ])
    func undecodable(answer: String, reason: String) async throws {
        try await Self.withProxy(configured: { server, _ in server.maximumBodyBytes = 65_536 }) { upstream, proxy in
            let both = try await Self.fetchBothWays(answer, upstream: upstream, proxy: proxy)
            #expect(both.proxied.withoutHopFields == both.direct.withoutHopFields)
            let log = proxy.messages.joined(separator: "\n")
            #expect(log.contains("warning:"))
            #expect(log.contains(reason))
            #expect(log.contains("it was not checked"))
            #expect(!log.contains("error:"))
        }
    }

    @Test("the recording keeps the exchange as it was verified, so reading it again gives the same verdict")
    func recordingGivesTheSameVerdict() async throws {
        let folder = try Scratch.folder("proxy-recording")
        var logged: [String] = []
        try await Self.withProxy(recording: .directory(folder)) { _, proxy in
            for answer in ["valid", "invalid", "br"] {
                _ = try await RunningProxy.get(
                    port: proxy.port, Self.petPath, fields: [Self.authorization, "X-Answer: \(answer)"])
            }
            logged = proxy.messages
        }
        let file = try #require(
            FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".jsonl") })
        let records = try Recording.read(url: folder.appendingPathComponent(file), path: file).records
        try #require(records.count == 3)
        let document = try #require(
            ContractLoader(rootDirectory: RunningMock.packageRoot).load(RunningMock.clinic, checks: []).document)
        // With the options the proxy verified with, which the recording carries (the proxy's own address).
        let again = records.map {
            ContractVerifier(document: document, options: $0.options ?? VerifierOptions())
                .verify(exchange: $0.exchange).violations
        }
        #expect(again[0].isEmpty)
        #expect(again[1].map(\.kind) == [.responseBodySchema])
        #expect(again[2].map(\.kind) == [.responseBodyUnavailable])
        #expect(again[2].allSatisfy { $0.severity == .warning })
        // The proxy saw the same: one schema violation, one body it could not check.
        #expect(logged.count == 2)
        // The recorded bodies are the decoded JSON the verifier read.
        #expect(records[0].exchange.response.body.bytes.map { String(decoding: $0, as: UTF8.self) } == ClinicSamples.pet)
        #expect(!records[0].exchange.response.headers.contains("Content-Encoding"))
    }
}
