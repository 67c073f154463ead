import ContractExamples
import ContractJSON
import ContractSpec
import ContractTestSupport
import Foundation
import Testing

@testable import ContractSchema

/// A body read as a stream gets the tree validator's verdict. Here that is held over every schema of every
/// contract the project knows: a generated value of each, and changed copies of its JSON text (bytes
/// replaced or deleted across the text).
@Suite("Bodies read as a stream against the tree, on every contract")
struct BodyStreamingDifferentialTests {
    /// Positions changed per value, spread over its text, and what each becomes.
    static let positions = 24
    static let replacements: [UInt8?] = [nil, UInt8(ascii: "0"), UInt8(ascii: "A"), UInt8(ascii: "\"")]

    @Test("the streamed verdict is the tree's", arguments: ContractPropertyTests.ownDocuments)
    func streamedVerdictIsTheTreesOnOwnContracts(url: URL) throws {
        try streamedVerdictIsTheTrees(url: url)
    }

    @Test(
        "the streamed verdict is the tree's, on the corpora's contracts",
        .corpus("openapi-examples"), .corpus("real-world"), arguments: ContractPropertyTests.corpusDocuments)
    func streamedVerdictIsTheTreesOnCorpusContracts(url: URL) throws {
        try streamedVerdictIsTheTrees(url: url)
    }

    func streamedVerdictIsTheTrees(url: URL) throws {
        let root = url.path.hasPrefix(Corpus.root.path) ? Corpus.root : Corpus.packageRoot
        let loaded = ContractLoader(rootDirectory: root).load(url, checks: [])
        let document = try #require(loaded.document, "\(url.lastPathComponent) does not load")
        let synthesizer = ExampleSynthesizer(document: document)
        var accepted = 0
        var failures: [String] = []
        for entry in SchemaInventory.entries(of: document) {
            guard let validator = try? document.compiledSchemas.compiled(entry.schema),
                let value = try? synthesizer.value(for: entry.schema, context: entry.context, mode: .full)
            else { continue }
            let text = JSONWriter.bytes(from: value)
            for changed in [text] + Self.changes(of: text) {
                let streamed = try? validator.isValid(json: changed, context: entry.context)
                let tree = (try? JSONParser.parse(changed)).map { validator.isValid($0, context: entry.context) }
                if streamed == true { accepted += 1 }
                if streamed != tree {
                    failures.append("\(entry.schema.uri): \(String(decoding: changed, as: UTF8.self).prefix(200))")
                }
            }
        }
        print("streamed bodies: \(url.lastPathComponent): \(accepted) texts accepted, every verdict the tree's")
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        // The large contracts have many schemas whose generated values pass: there valid texts are read.
        if url.path.contains("/real-world/") || url.lastPathComponent == "clinic.yaml" {
            #expect(accepted > 100, "\(url.lastPathComponent): \(accepted) texts accepted")
        }
    }

    /// Copies of `text` with one byte replaced or deleted, at `positions` places spread evenly over it.
    static func changes(of text: [UInt8]) -> [[UInt8]] {
        guard !text.isEmpty else { return [] }
        let step = max(1, text.count / positions)
        var changed: [[UInt8]] = []
        for index in stride(from: 0, to: text.count, by: step) {
            for replacement in replacements {
                var copy = text
                if let replacement {
                    guard copy[index] != replacement else { continue }
                    copy[index] = replacement
                } else {
                    copy.remove(at: index)
                }
                changed.append(copy)
            }
        }
        return changed
    }
}
