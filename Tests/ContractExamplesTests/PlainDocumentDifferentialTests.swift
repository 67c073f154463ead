import ContractExamples
import ContractJSON
import ContractSpec
import ContractTestSupport
import Foundation
import Testing

@testable import ContractSchema

/// `PlainDocumentCheck` may only say "valid" where the tree validator does. Here that is held over every
/// schema of every contract the project knows: a generated value of each, and changed copies of its JSON
/// text (bytes replaced or deleted across the text), each either left to the general walk or accepted
/// by the tree as well.
@Suite("Plain documents against the tree, on every contract")
struct PlainDocumentDifferentialTests {
    /// Positions changed per value, spread over its text, and what each becomes.
    static let positions = 24
    static let replacements: [UInt8?] = [nil, UInt8(ascii: "0"), UInt8(ascii: "A"), UInt8(ascii: "\"")]

    @Test("whatever the one-function check accepts, the tree accepts", arguments: ContractPropertyTests.ownDocuments)
    func acceptedOnlyWhereTheTreeAcceptsOnOwnContracts(url: URL) throws {
        try acceptedOnlyWhereTheTreeAccepts(url: url)
    }

    @Test(
        "whatever the one-function check accepts, the tree accepts, on the corpora's contracts",
        .corpus("openapi-examples"), .corpus("real-world"), arguments: ContractPropertyTests.corpusDocuments)
    func acceptedOnlyWhereTheTreeAcceptsOnCorpusContracts(url: URL) throws {
        try acceptedOnlyWhereTheTreeAccepts(url: url)
    }

    func acceptedOnlyWhereTheTreeAccepts(url: URL) throws {
        let root = url.path.hasPrefix(Corpus.root.path) ? Corpus.root : Corpus.packageRoot
        let loaded = ContractLoader(rootDirectory: root).load(url, checks: [])
        let document = try #require(loaded.document, "\(url.lastPathComponent) does not load")
        let synthesizer = ExampleSynthesizer(document: document)
        var decided = 0
        var failures: [String] = []
        for entry in SchemaInventory.entries(of: document) {
            guard let validator = try? document.compiledSchemas.compiled(entry.schema),
                let value = try? synthesizer.value(for: entry.schema, context: entry.context, mode: .full)
            else { continue }
            let text = JSONWriter.bytes(from: value)
            for changed in [text] + Self.changes(of: text) {
                guard changed.withUnsafeBufferPointer({ PlainDocumentCheck.accepts($0, under: validator, context: entry.context) })
                else { continue }
                decided += 1
                let tree = (try? JSONParser.parse(changed)).map { validator.isValid($0, context: entry.context) }
                if tree != true {
                    failures.append("\(entry.schema.uri): \(String(decoding: changed, as: UTF8.self).prefix(200))")
                }
            }
        }
        print("plain documents: \(url.lastPathComponent): \(decided) texts accepted, each one the tree's too")
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        // The large contracts are full of plain schemas: there the check is exercised, not bypassed. (Some
        // small example documents have no schema it takes.)
        if url.path.contains("/real-world/") || url.lastPathComponent == "clinic.yaml" {
            #expect(decided > 100, "\(url.lastPathComponent): the check decided \(decided) texts")
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
