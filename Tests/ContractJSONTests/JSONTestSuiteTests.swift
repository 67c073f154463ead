import ContractJSON
import ContractTestSupport
import Foundation
import Testing

/// nst/JSONTestSuite: every `y_` accepted, every `n_` rejected, every `i_` answered without a crash.
@Suite("JSONTestSuite conformance")
struct JSONTestSuiteTests {
    static let cases = Corpus.files(in: "json-test-suite/test_parsing", withExtension: "json")

    @Test("the corpus is present")
    func corpusPresent() {
        #expect(Self.cases.count > 300, "expected the JSONTestSuite corpus under \(Corpus.root.path)")
    }

    @Test("every case gets the verdict the suite requires", arguments: cases)
    func verdict(file: URL) throws {
        let bytes = try Data(contentsOf: file)
        let name = file.lastPathComponent
        let accepted: Bool
        do {
            _ = try JSONParser.parse(bytes)
            accepted = true
        } catch {
            accepted = false
        }
        if name.hasPrefix("y_") {
            #expect(accepted, "\(name) must be accepted")
        } else if name.hasPrefix("n_") {
            #expect(!accepted, "\(name) must be rejected")
        }
    }

    @Test("prints the counts")
    func counts() throws {
        var tally: [String: (accepted: Int, rejected: Int)] = [:]
        for file in Self.cases {
            let prefix = String(file.lastPathComponent.prefix(1))
            let accepted = (try? JSONParser.parse(try Data(contentsOf: file))) != nil
            var entry = tally[prefix] ?? (0, 0)
            if accepted { entry.accepted += 1 } else { entry.rejected += 1 }
            tally[prefix] = entry
        }
        for prefix in ["y", "n", "i"] {
            let entry = tally[prefix] ?? (0, 0)
            print("JSONTestSuite \(prefix)_: \(entry.accepted) accepted, \(entry.rejected) rejected")
        }
        #expect(tally["y"]?.rejected == 0)
        #expect(tally["n"]?.accepted == 0)
    }
}
