import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

@testable import ContractReport

/// HAR files are read entry by entry (`VerifyScaleTests` verifies one over 64 MiB): only `log.entries` is
/// taken, and broken JSON is reported at its place in the file.
@Suite("Reading HAR files entry by entry")
struct HARStreamingTests {
    static func entry(name: String?) -> String {
        let body = Data((name.map { #"{"id":7,"name":"\#($0)"}"# } ?? #"{"id":7}"#).utf8).base64EncodedString()
        return """
            {"startedDateTime": "2026-01-05T10:00:00.000Z", "time": 12,
             "request": {"method": "GET", "url": "https://petstore.example.com/api/pets/7", "headers": []},
             "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
               "content": {"size": 20, "mimeType": "application/json", "text": "\(body)", "encoding": "base64"}}}
            """
    }

    static func read(_ url: URL) throws -> [TrafficEntry] {
        var entries: [TrafficEntry] = []
        try HARReader.read(url: url, path: url.lastPathComponent) { entries.append($0) }
        return entries
    }

    @Test("only log.entries counts, wherever it is among log's keys; a byte-order mark is passed over")
    func entriesAmongOtherKeys() throws {
        let text =
            "\u{FEFF}"
            + #"{"entries": [1], "log": {"pages": [{"entries": [2]}], "creator": {"entries": {}}, "entries": ["#
            + Self.entry(name: "Rex") + "]}}"
        let url = Scratch.path("keys", extension: "har")
        try Data(text.utf8).write(to: url)
        let entries = try Self.read(url)
        #expect(entries.count == 1)
        #expect(entries.first?.exchange.request.path == "/api/pets/7")
        #expect(entries.first?.duration == 0.012)
    }

    @Test("broken JSON is one error at its place in the file, inside an entry or outside")
    func brokenJSON() throws {
        let inside = Scratch.path("inside", extension: "har")
        try Data(#"{"log": {"entries": [{"request": {"method": "GET",,}}]}}"#.utf8).write(to: inside)
        #expect {
            try Self.read(inside)
        } throws: { error in
            (error as? TrafficReadError)?.description
                == "\(inside.lastPathComponent):1:51: error: invalid JSON: expected a quoted key, found ','"
        }
        let outside = Scratch.path("outside", extension: "har")
        try Data("{\"log\": {\"entries\": []}\n ] }".utf8).write(to: outside)
        #expect {
            try Self.read(outside)
        } throws: { error in
            (error as? TrafficReadError)?.description == "\(outside.lastPathComponent):2:2: error: invalid JSON: unexpected ']'"
        }
    }
}
