import ContractInterception
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `contract-check verify` on recorded event streams: each event is checked, the documented `[DONE]` is
/// not an event, and a broken event is reported once, at its position.
@Suite struct StreamVerifyTests {
    let cli = CLITests()

    static let chunk = #"{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"}}]}"#
    static let notAChunk = #"{"id":"c1","object":"chat.completion","choices":[]}"#

    /// A HAR entry: a streaming chat request answered with these events.
    static func entry(events: [String]) -> String {
        let stream = events.map { "data: \($0)\n\n" }.joined()
        return """
            {"startedDateTime": "2026-01-05T10:00:00.000Z", "time": 30,
             "request": {"method": "POST", "url": "https://chat.example.com/v1/chat/completions", "httpVersion": "HTTP/1.1",
               "headers": [{"name": "Content-Type", "value": "application/json"}], "queryString": [], "cookies": [],
               "headersSize": -1, "bodySize": -1,
               "postData": {"mimeType": "application/json",
                 "text": \(json(#"{"model":"small","messages":[{"role":"user","content":"Hi"}],"stream":true}"#))}},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
               "headers": [{"name": "Content-Type", "value": "text/event-stream"}], "cookies": [],
               "content": {"size": \(stream.utf8.count), "mimeType": "text/event-stream", "text": \(json(stream))},
               "redirectURL": "", "headersSize": -1, "bodySize": -1},
             "cache": {}, "timings": {"send": 0, "wait": 30, "receive": 0}}
            """
    }

    static func json(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"" + escaped + "\""
    }

    static func har(_ entries: [String]) -> String {
        #"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": ["#
            + entries.joined(separator: ", ") + "]}}"
    }

    func verify(_ har: String) throws -> CLITests.Run {
        let contract = try String(
            contentsOf: CLITests.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/chat-stream.yaml"),
            encoding: .utf8)
        let folder = try cli.temporaryFolder(["chat.yaml": contract, "traffic.har": har])
        return try cli.run(["verify", "--contract", "chat.yaml", "traffic.har"], in: folder)
    }

    @Test("a stream of valid chunks ending with the documented [DONE] is clean")
    func cleanStream() throws {
        let run = try verify(Self.har([Self.entry(events: [Self.chunk, Self.chunk, "[DONE]"])]))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("1 exchanges, 0 violations"), "\(run.output)")
    }

    @Test("one broken event among good ones is one violation naming its position")
    func brokenEvent() throws {
        let run = try verify(
            Self.har([
                Self.entry(events: [Self.chunk, Self.notAChunk, Self.chunk, "[DONE]"]),
                Self.entry(events: [Self.chunk, "[DONE]"]),
            ]))
        #expect(run.status == 1)
        #expect(run.output.contains("2 exchanges, 1 violations"), "\(run.output)")
        #expect(
            run.output.contains("[createChatCompletion] POST /chat/completions response 200 body $[1].object: expected"),
            "\(run.output)")
    }

    @Test("the fake backend's recorded streams (events and JSON lines) verify clean in the default run")
    func recordedStreams() async throws {
        let (folder, backend) = try cli.recordingRun(fixture: "chat-stream.yaml", as: "chat.yaml")
        var chat = URLRequest(url: try #require(URL(string: "https://chat.example.com/v1/chat/completions")))
        chat.httpMethod = "POST"
        chat.httpBody = Data(#"{"model":"small","messages":[{"role":"user","content":"Hi"}],"stream":true}"#.utf8)
        chat.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (stream, _) = try await backend.session.data(for: chat)
        #expect(String(decoding: stream, as: UTF8.self).hasSuffix("data: [DONE]\n\n"))
        _ = try await backend.session.data(for: URLRequest(url: try #require(URL(string: "https://chat.example.com/v1/logs"))))
        let run = try cli.run(["run"], in: folder)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("contracts/chat.yaml: 2 exchanges, 0 violations"), "\(run.output)")
    }
}
