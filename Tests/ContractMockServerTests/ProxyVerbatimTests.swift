import ContractMockServer
import ContractTestSupport
import Foundation
import Testing

/// `contract-check proxy` leaves the upstream's fields as they came, its clock's included, and passes on
/// a body too large to verify as it arrives.
@Suite("contract-check proxy keeps the upstream's fields and streams large bodies")
struct ProxyVerbatimTests {
    static let petPath = "/v1/pets/\(ClinicSamples.petId)"
    static let authorization = "Authorization: \(ClinicSamples.bearer)"

    /// Starts an upstream and a proxy in front of it that verifies bodies of at most 64 KiB, runs `body`
    /// with both, and stops them.
    static func withProxy(_ body: (VerbatimUpstream, RunningProxy) async throws -> Void) async throws {
        let upstream = try await VerbatimUpstream.start()
        defer { Task { await upstream.stop() } }
        let url = try #require(URL(string: "http://127.0.0.1:\(upstream.port)"))
        try await RunningProxy.with(upstream: url, configured: { server, _ in server.maximumBodyBytes = 65_536 }) {
            proxy in
            try await body(upstream, proxy)
        }
    }

    @Test("the upstream's Date and Server reach the client as the upstream sent them")
    func upstreamFieldsKept() async throws {
        try await Self.withProxy { upstream, proxy in
            let fields = [Self.authorization, "X-Answer: dated"]
            let direct = try await RunningProxy.get(port: upstream.port, Self.petPath, fields: fields)
            let proxied = try await RunningProxy.get(port: proxy.port, Self.petPath, fields: fields)
            #expect(proxied.value("Date") == VerbatimUpstream.date)
            #expect(proxied.value("Server") == "verbatim-upstream/1.0")
            #expect(proxied.fields.filter { $0.lowercased().hasPrefix("date:") }.count == 1)
            #expect(proxied.withoutConnectionFields == direct.withoutConnectionFields)
            #expect(proxied.body == Array(ClinicSamples.pet.utf8))
            #expect(proxy.messages.isEmpty)
        }
    }

    @Test(
        "a body over the limit is passed on whole, as it arrives, with a warning that it was not verified",
        arguments: ["large", "large-length"])
    func largeBodyStreams(answer: String) async throws {
        try await Self.withProxy { upstream, proxy in
            let fields = [Self.authorization, "X-Answer: \(answer)"]
            let direct = try await RunningProxy.get(port: upstream.port, Self.petPath, fields: fields)
            let proxied = try await RunningProxy.get(port: proxy.port, Self.petPath, fields: fields)
            #expect(proxied.statusLine.hasPrefix("HTTP/1.1 200"))
            // Chunk sizes are the proxy's own (it passes each piece on as it arrives); fields and bytes are
            // the upstream's.
            #expect(proxied.withoutConnectionFields.fields == direct.withoutConnectionFields.fields)
            if answer == "large-length" {
                #expect(proxied.body == VerbatimUpstream.largeBody)
                #expect(proxied.value("Content-Length") == String(VerbatimUpstream.largeBody.count))
            } else {
                #expect(proxied.value("Transfer-Encoding") == "chunked")
                #expect(RawResponse.dechunked(proxied.body) == VerbatimUpstream.largeBody)
            }
            let log = proxy.messages.joined(separator: "\n")
            #expect(log.contains("warning: [getPet] GET /pets/{petId} response 200 body: expected a readable body"))
            #expect(log.contains("passed on unread (--max-body)"))
        }
    }

    @Test("an upstream that breaks off within the limit gets the client a 502; past it, the client's connection closes early")
    func upstreamBreaksOff() async throws {
        try await Self.withProxy { _, proxy in
            let small = try await RunningProxy.get(
                port: proxy.port, Self.petPath, fields: [Self.authorization, "X-Answer: broken-small"])
            #expect(small.statusLine.hasPrefix("HTTP/1.1 502"))
            #expect(proxy.messages.contains { $0.contains("the upstream did not answer") })

            let large = try await RunningProxy.get(
                port: proxy.port, Self.petPath, fields: [Self.authorization, "X-Answer: broken-large"])
            #expect(large.statusLine.hasPrefix("HTTP/1.1 200"))
            #expect(large.value("Content-Length") == String(VerbatimUpstream.largeBody.count))
            let received = large.body.count
            #expect(received > 65_536, "the bytes read before the limit reach the client")
            #expect(received < VerbatimUpstream.largeBody.count, "the body is cut short")
            // Nothing after the bytes the upstream sent: no answer of the proxy's own is appended.
            let mismatch = zip(large.body, VerbatimUpstream.largeBody).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(mismatch == nil, "received \(received) bytes, the first not the upstream's at \(mismatch?.offset ?? -1)")
            #expect(proxy.messages.contains { $0.contains("the upstream broke off its body") })

            // The proxy keeps serving.
            let after = try await RunningProxy.get(
                port: proxy.port, Self.petPath, fields: [Self.authorization, "X-Answer: dated"])
            #expect(after.statusLine.hasPrefix("HTTP/1.1 200"))
        }
    }
}
