import ContractJSON
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

@testable import ContractInterception

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streaming responses: server-sent events and JSON lines synthesized from the contract, chosen by
/// `"stream": true` or `Accept`, delivered in pieces, and verified item by item, so the backend never
/// flags its own stream and a broken event is still caught.
@Suite struct StreamingAnswerTests {
    static let chat = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/chat-stream.yaml")
    static let orders = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/order-events.yaml")

    static func request(_ url: String, method: String = "GET", body: String? = nil, accept: String? = nil) throws
        -> URLRequest
    {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let accept { request.setValue(accept, forHTTPHeaderField: "Accept") }
        return request
    }

    static func chatRequest(stream: Bool?, accept: String? = "application/json") throws -> URLRequest {
        let flag = stream.map { #","stream":\#($0)"# } ?? ""
        return try request(
            "https://chat.example.com/v1/chat/completions", method: "POST",
            body: #"{"model":"small","messages":[{"role":"user","content":"Hi"}]\#(flag)}"#, accept: accept)
    }

    /// The events of a stream as a client reads them: blocks separated by blank lines, their `data:` lines.
    static func events(_ data: Data) -> [(event: String?, data: String)] {
        String(decoding: data, as: UTF8.self).components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n")
            let data = lines.filter { $0.hasPrefix("data: ") }.map { $0.dropFirst(6) }
            guard !data.isEmpty else { return nil }
            let event = lines.first { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
            return (event, data.joined(separator: "\n"))
        }
    }

    /// A canned 200 whose body is `text` as `type`, for recorded streams the verifier checks.
    static func canned(_ type: String, _ text: String) -> Scenario {
        .response(HTTPResponse(status: 200, headers: ["Content-Type": type], body: HTTPBody(text: text)))
    }

    static func contentType(_ response: URLResponse) -> String? {
        (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
    }

    @Test("stream: true is answered with chunk events and the documented [DONE], which the backend does not flag")
    func streamTrueGetsServerSentEvents() async throws {
        let backend = try ContractBackend(contract: Self.chat, recording: .off)
        let (data, response) = try await backend.session.data(for: Self.chatRequest(stream: true))
        #expect(Fixture.status(response) == 200)
        #expect(Self.contentType(response) == "text/event-stream")
        let events = Self.events(data)
        #expect(events.count == 4, "three chunks and [DONE]: \(String(decoding: data, as: UTF8.self))")
        #expect(events.last?.data == "[DONE]")
        for event in events.dropLast() {
            let chunk = try JSONParser.parse(event.data)
            #expect(chunk["object"]?.stringValue == "chat.completion.chunk")
            #expect(chunk["choices"]?.arrayValue != nil)
        }
        #expect(backend.violations.isEmpty)
        #expect(backend.exchanges.first?.stubViolations.isEmpty == true)
    }

    @Test("without stream the same operation answers its JSON completion; Accept: text/event-stream picks the stream")
    func jsonUnlessAsked() async throws {
        let backend = try ContractBackend(contract: Self.chat, recording: .off)
        for stream in [nil, false] as [Bool?] {
            let (data, response) = try await backend.session.data(for: Self.chatRequest(stream: stream))
            #expect(Self.contentType(response) == "application/json")
            #expect(try JSONParser.parse(Array(data))["object"]?.stringValue == "chat.completion")
        }
        let (data, response) = try await backend.session.data(
            for: Self.chatRequest(stream: nil, accept: "text/event-stream"))
        #expect(Self.contentType(response) == "text/event-stream")
        #expect(Self.events(data).last?.data == "[DONE]")
        #expect(backend.violations.isEmpty)
    }

    @Test("a client with a data delegate receives the stream event by event")
    func deliveredInPieces() async throws {
        let backend = try ContractBackend(contract: Self.chat, recording: .off)
        let collector = PieceCollector()
        let session = URLSession(configuration: backend.makeConfiguration(), delegate: collector, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let pieces = try await collector.pieces(of: session.dataTask(with: Self.chatRequest(stream: true)))
        #expect(pieces.count == 4, "one didReceive per event: \(pieces)")
        #expect(pieces.allSatisfy { $0.hasPrefix("data: ") && $0.hasSuffix("\n\n") })
        #expect(pieces.last == "data: [DONE]\n\n")
        #expect(backend.violations.isEmpty)
    }

    @Test("JSON lines: one generated entry per line; a stream without a documented end has no [DONE]")
    func jsonLinesAndUnterminatedStreams() async throws {
        let backend = try ContractBackend(contract: Self.chat, recording: .off)
        let (lines, linesResponse) = try await backend.session.data(for: Self.request("https://chat.example.com/v1/logs"))
        #expect(Self.contentType(linesResponse) == "application/x-ndjson")
        let entries = String(decoding: lines, as: UTF8.self).split(separator: "\n")
        #expect(entries.count == 3)
        for entry in entries {
            #expect(["debug", "info", "error"].contains(try JSONParser.parse(String(entry))["level"]?.stringValue ?? ""))
        }
        let (ticks, _) = try await backend.session.data(for: Self.request("https://chat.example.com/v1/ticker"))
        #expect(Self.events(ticks).count == 3)
        #expect(!String(decoding: ticks, as: UTF8.self).contains("[DONE]"))
        let (transcript, _) = try await backend.session.data(for: Self.request("https://chat.example.com/v1/transcript"))
        #expect(!transcript.isEmpty)
        #expect(backend.violations.isEmpty)
    }

    @Test("a JSON-lines schema of type array describes the whole stream: its items become the lines")
    func jsonLinesAsOneArray() async throws {
        let backend = try ContractBackend(contract: Self.chat, recording: .off)
        let batch = "https://chat.example.com/v1/logs/batch"
        let (data, _) = try await backend.session.data(for: Self.request(batch))
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(try lines.allSatisfy { try JSONParser.parse(String($0))["message"]?.stringValue != nil })
        #expect(backend.violations.isEmpty)
        backend.stub("exportLogBatch", Self.canned("application/jsonl", ""))
        _ = try await backend.session.data(for: Self.request(batch))
        #expect(backend.exchanges.last?.stubViolations.map(\.kind) == [.responseBodySchema], "minItems: 1")
    }

    @Test("OpenAPI 3.2 itemSchema: event objects with their event names, text data, and JSON lines")
    func itemSchemas() async throws {
        let backend = try ContractBackend(contract: Self.orders, recording: .off)
        let (data, response) = try await backend.session.data(for: Self.request("https://orders.example.com/orders/events"))
        #expect(Self.contentType(response) == "text/event-stream")
        let events = Self.events(data)
        #expect(events.count == 3)
        for event in events {
            #expect(["created", "shipped"].contains(event.event ?? ""))
            #expect(try JSONParser.parse(event.data)["total"]?.numberValue != nil)
        }
        let (notes, _) = try await backend.session.data(for: Self.request("https://orders.example.com/orders/notes"))
        #expect(Self.events(notes).count == 3)
        let (export, exportResponse) = try await backend.session.data(
            for: Self.request("https://orders.example.com/orders/export"))
        #expect(Self.contentType(exportResponse) == "application/jsonl")
        #expect(String(decoding: export, as: UTF8.self).split(separator: "\n").count == 3)
        #expect(backend.violations.isEmpty)
    }

    @Test("3.2 text data with a JSON contentSchema: generated as that JSON, and checked against it")
    func contentSchemaOfEventData() async throws {
        let backend = try ContractBackend(contract: Self.orders, recording: .off)
        let feed = "https://orders.example.com/orders/feed"
        let (data, _) = try await backend.session.data(for: Self.request(feed))
        let events = Self.events(data)
        #expect(events.count == 3)
        for event in events {
            #expect(try JSONParser.parse(event.data)["total"]?.numberValue != nil, "\(event.data)")
        }
        #expect(backend.violations.isEmpty)
        backend.stub(
            "streamOrderFeed",
            Self.canned("text/event-stream", "data: {\"id\":\"o1\",\"total\":3}\n\ndata: {\"id\":\"o2\",\"total\":-5}\n\n"))
        _ = try await backend.session.data(for: Self.request(feed))
        let violations = try #require(backend.exchanges.last?.stubViolations)
        #expect(violations.map(\.kind) == [.responseBodySchema])
        #expect(violations.first?.instancePath?.description == "$[1].data.total")
    }

    @Test("a recorded stream with one broken event is reported once, at that event")
    func brokenEventIsCaught() async throws {
        let backend = try ContractBackend(contract: Self.chat, recording: .off)
        let good = #"{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"}}]}"#
        let bad = #"{"id":"c1","object":"chat.completion","choices":[]}"#
        backend.stub(
            "createChatCompletion",
            Self.canned("text/event-stream", "data: \(good)\n\ndata: \(bad)\n\ndata: \(good)\n\ndata: [DONE]\n\n"))
        _ = try await backend.session.data(for: Self.chatRequest(stream: true))
        let violations = try #require(backend.exchanges.first?.stubViolations)
        #expect(violations.map(\.kind) == [.responseBodySchema])
        #expect(violations.first?.instancePath?.description == "$[1].object")
    }

    @Test("[DONE] where the contract documents no terminating event, and a line that is not JSON, are caught")
    func undocumentedEndAndMalformedLine() async throws {
        let backend = try ContractBackend(contract: Self.chat, recording: .off)
        backend.stub(
            "watchTicker", Self.canned("text/event-stream", "data: {\"symbol\":\"ACME\",\"price\":1.5}\n\ndata: [DONE]\n\n"))
        backend.stub("exportLogs", Self.canned("application/x-ndjson", "{\"level\":\"info\",\"message\":\"up\"}\n{\"level\":\n"))
        _ = try await backend.session.data(for: Self.request("https://chat.example.com/v1/ticker"))
        _ = try await backend.session.data(for: Self.request("https://chat.example.com/v1/logs"))
        let ticker = try #require(backend.exchanges.first?.stubViolations)
        #expect(ticker.map(\.kind) == [.responseBodySchema])
        #expect(ticker.first?.instancePath?.description == "$[1]")
        let logs = try #require(backend.exchanges.last?.stubViolations)
        #expect(logs.map(\.kind) == [.responseBodyMalformed])
        #expect(logs.first?.message.contains("line 2") == true)
    }
}

/// A data delegate that keeps each piece of a task's body as it arrives.
final class PieceCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [String] = []
    private var finished: CheckedContinuation<[String], any Error>?

    func pieces(of task: URLSessionDataTask) async throws -> [String] {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock { finished = continuation }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { received.append(String(decoding: data, as: UTF8.self)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, pieces) = lock.withLock { () -> (CheckedContinuation<[String], any Error>?, [String]) in
            defer { finished = nil }
            return (finished, received)
        }
        if let error { continuation?.resume(throwing: error) } else { continuation?.resume(returning: pieces) }
    }
}
