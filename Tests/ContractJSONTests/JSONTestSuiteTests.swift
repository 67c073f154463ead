import ContractJSON
import ContractTestSupport
import Foundation
import Testing

/// nst/JSONTestSuite: every `y_` accepted, every `n_` rejected, every `i_` answered without a crash.
@Suite("JSONTestSuite conformance", .corpus("json-test-suite"))
struct JSONTestSuiteTests {
    static let cases = Corpus.files(in: "json-test-suite/test_parsing", withExtension: "json")

    /// The least number of cases of each kind (`y_` must be accepted, `n_` rejected, `i_` either): the
    /// figures the README quotes.
    static let minimumCases = ["y": 95, "n": 188, "i": 35]

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

    @Test("every kind of case is there, and the verdicts add up")
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
            #expect(entry.accepted + entry.rejected >= Self.minimumCases[prefix] ?? 0, "\(prefix)_ cases")
        }
        #expect(tally["y"]?.rejected == 0)
        #expect(tally["n"]?.accepted == 0)
    }
}
