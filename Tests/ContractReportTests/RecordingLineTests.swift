import ContractJSON
import ContractVerify
import Foundation
import Testing

@testable import ContractReport

/// The exact text of a recording line: the members, their order and spelling, and how each value is written,
/// since `contract-check` in CI and people reading the file both depend on them.
@Suite struct RecordingLineTests {
    @Test("a full line: time, duration, test, contract, options, request as sent and response, in that order")
    func fullLine() throws {
        let body = "{\"name\":\"Zoë\",\"note\":\"tab\there\u{2028}\"}"
        let request = try #require(
            HTTPRequest(
                method: "post", url: "http://127.0.0.1:8080/v1/pets?dryRun=true&tag=a%20b",
                headers: [
                    "Content-Type": "application/json", "Authorization": "Bearer s3cr3t", "X-Note": #"say "hi""#,
                ],
                body: HTTPBody(text: body)))
        let response = HTTPResponse(
            status: 201, headers: ["Content-Type": "application/json", "Set-Cookie": "a=1", "set-cookie": "b=2"],
            body: HTTPBody(text: #"{"id":"1"}"#))
        let entry = TrafficEntry(
            exchange: HTTPExchange(request: request, response: response),
            source: SourceLocation(file: "contracts/pets.yaml", position: .unknown),
            startedAt: Date(timeIntervalSince1970: 1_764_000_000.5), duration: 0.25, test: "Tests/PetTests.swift:12",
            contract: "contracts/pets.yaml", options: VerifierOptions(checksAccept: false))
        let expected =
            #"{"version":1,"startedAt":"2025-11-24T16:00:00.500Z","duration":0.25,"test":"Tests/PetTests.swift:12","#
            + #""contract":"contracts/pets.yaml","options":{"checksAccept":false},"#
            + #""request":{"method":"POST","url":"http://127.0.0.1:8080/v1/pets?dryRun=true&tag=a%20b","#
            + #""headers":[["Content-Type","application/json"],["Authorization","Bearer s3cr3t"],["X-Note","say \"hi\""]],"#
            + #""text":"{\"name\":\"Zoë\",\"note\":\"tab\there\u2028\"}"},"#
            + #""response":{"status":201,"headers":[["Content-Type","application/json"],["Set-Cookie","a=1"],"#
            + #"["set-cookie","b=2"]],"text":"{\"id\":\"1\"}"}}"#
        #expect(Recording.line(for: entry) == expected)
        // The writer appends the same line and its newline.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-line-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try RecordingWriter(directory: folder)
        writer.append(entry)
        writer.flush()
        #expect(try String(contentsOf: writer.url, encoding: .utf8) == expected + "\n")
        // The reader gets the same exchange back, byte for byte.
        let parsed = try JSONParser.parse(Array(expected.utf8))
        #expect(parsed["request"]?["text"]?.stringValue == body)
    }

    @Test("a transport error: no time, duration or test, the request body that could not be read as null, no response")
    func failureLine() throws {
        let request = try #require(HTTPRequest(method: "GET", url: "/pets", body: .unavailable))
        let entry = TrafficEntry(
            exchange: HTTPExchange(request: request, response: HTTPResponse(status: 0)),
            source: SourceLocation(file: "r.jsonl", position: .unknown), failure: "timedOut")
        #expect(
            Recording.line(for: entry)
                == #"{"version":1,"request":{"method":"GET","url":"/pets","headers":[],"body":null},"failure":"timedOut"}"#
        )
    }

    @Test("a body that is not UTF-8 is base64, an empty one empty text; the epoch as its timestamp")
    func bodiesAndDates() throws {
        let request = try #require(HTTPRequest(method: "PUT", url: "https://api.example.com/files/1", body: .empty))
        let response = HTTPResponse(status: 200, body: .bytes([0xC3, 0x28, 0x00, 0xFF]))
        let entry = TrafficEntry(
            exchange: HTTPExchange(request: request, response: response),
            source: SourceLocation(file: "r.jsonl", position: .unknown), startedAt: Date(timeIntervalSince1970: 0))
        let line = Recording.line(for: entry)
        #expect(line.hasPrefix(#"{"version":1,"startedAt":"1970-01-01T00:00:00.000Z","request":{"#))
        #expect(line.contains(#""url":"https://api.example.com/files/1","headers":[],"text":""}"#))
        #expect(line.hasSuffix(#""response":{"status":200,"headers":[],"body":"wygA/w=="}}"#))
        #expect(!line.contains("\n"))
    }
}
