import ContractJSON
import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

@testable import ContractReport

/// Traffic is verified as it is read (`VerifyScaleTests` runs it on large files): recordings of tests on random
/// localhost ports share one verifier, and only a torn last line of a recording is skipped.
@Suite("Verifying traffic as it is read")
struct TrafficStreamingTests {
    static func check() throws -> TrafficCheck {
        let document = try #require(ContractLoader().load(PetRecording.contract, checks: []).document)
        return TrafficCheck(contracts: [.init(document: document, verifier: ContractVerifier(document: document))])
    }

    @Test("tests on many ports: one verifier, and the verdicts of verifying each with its own options")
    func manyPorts() throws {
        let check = try Self.check()
        var records: [TrafficEntry] = []
        for index in 0..<60 {
            let line = PetRecording.line(port: 50_000 + index, valid: index % 3 != 0)
            records.append(try #require(try Self.parse(line, number: index + 1)))
        }
        // Sent to another port than its test's server: no server matches, and the message says the real URL.
        records.append(try #require(try Self.parse(PetRecording.line(port: 50_100, requestPort: 50_101, valid: true), number: 61)))
        var verification = TrafficVerification(check)
        for record in records { verification.verify(record) }
        #expect(verification.variantCount <= 2)

        let document = check.contracts[0].document
        var expected: [String] = []
        for record in records {
            let verifier = ContractVerifier(document: document, options: try #require(record.options))
            var verdict = verifier.verify(exchange: record.exchange)
            if !verdict.request.isValid { verdict.responseViolations = [] }
            expected += verdict.violations.map { "\(record.source) \($0.description)" }
        }
        let result = verification.result
        let found = (result.contracts[0].operations.flatMap(\.findings) + result.contracts[0].unrouted)
            .map { "\($0.source) \($0.violation.description)" }
        #expect(found.sorted() == expected.sorted())
        #expect(expected.count == 21)
        #expect(found.contains { $0.contains("http://127.0.0.1:50101/api/pets/7") }, "\(found)")
    }

    static func parse(_ line: String, number: Int) throws -> TrafficEntry? {
        let file = Scratch.path("line", extension: "jsonl")
        try Data((line + "\n").utf8).write(to: file)
        var record: TrafficEntry?
        _ = try Recording.read(url: file, path: "r.jsonl") { entry in
            record = entry
            record?.source = ContractJSON.SourceLocation(file: "r.jsonl", line: number, column: 1)
        }
        return record
    }

    @Test("a line that is not an exchange is an error naming it, unless it is the last")
    func unreadableLines() throws {
        let good = PetRecording.line(port: 8080, valid: true)
        let middle = Scratch.path("middle", extension: "jsonl")
        try Data([good, "{\"torn", good, ""].joined(separator: "\n").utf8).write(to: middle)
        var read = 0
        #expect {
            try Recording.read(url: middle, path: "m.jsonl") { _ in read += 1 }
        } throws: { error in
            (error as? TrafficReadError)?.description
                == "m.jsonl:2:1: error: not a recorded exchange (the recording is damaged, or not a recording)"
        }
        let torn = Scratch.path("torn", extension: "jsonl")
        try Data([good, good, "{\"torn"].joined(separator: "\n").utf8).write(to: torn)
        var exchanges = 0
        let skipped = try Recording.read(url: torn, path: "t.jsonl") { _ in exchanges += 1 }
        #expect(exchanges == 2 && skipped == 1)
    }
}
