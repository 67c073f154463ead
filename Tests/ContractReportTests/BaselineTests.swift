import Foundation
import Testing

@testable import ContractReport

@Suite("Baselines")
struct BaselineTests {
    static func entry(_ fingerprint: String) -> Baseline.Entry { .init(fingerprint: fingerprint, description: "problem \(fingerprint)") }

    @Test("problems the baseline lists are known, others new, missing ones fixed; counts matter")
    func compare() {
        let baseline = Baseline(entries: [Self.entry("a"), Self.entry("a"), Self.entry("b"), Self.entry("c")])
        let result = baseline.compare([Self.entry("a"), Self.entry("a"), Self.entry("a"), Self.entry("c"), Self.entry("d")])
        #expect(result.new.map(\.fingerprint) == ["a", "d"])
        #expect(result.known.map(\.fingerprint) == ["a", "a", "c"])
        #expect(result.fixed.map(\.fingerprint) == ["b"])
    }

    @Test("the file round-trips and is sorted")
    func file() throws {
        let baseline = Baseline(entries: [Self.entry("b"), Self.entry("a")])
        let read = try Baseline.read(baseline.data(), path: "b.json")
        #expect(read.entries.map(\.fingerprint) == ["a", "b"])
        #expect(throws: TrafficReadError.self) { try Baseline.read(Data("[]".utf8), path: "x.json") }
    }
}
