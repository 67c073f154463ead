import ContractJSON
import ContractTestSupport
import ContractSchema
import Foundation
import Testing

/// The fixtures of `../shared/bench`: valid instances give no error, invalid ones exactly the
/// errors `expected.json` lists, with the most relevant `oneOf` branch error where it says.
@Suite("Benchmark fixtures", .folder(Corpus.benchFolder))
struct BenchFixtureTests {
    static var benchFolder: URL { Corpus.benchFolder }

    static func load(_ name: String) throws -> JSONValue {
        try JSONParser.parse(Array(Data(contentsOf: benchFolder.appendingPathComponent(name))))
    }

    static func compile(_ fixture: String, dialect: SchemaDialect) throws -> CompiledSchema {
        let file = "\(fixture).schema.\(dialect == .oas30 ? "oas" : "2020-12").json"
        var registry = SchemaRegistry()
        registry.add(
            try load(file), uri: benchFolder.appendingPathComponent(file).absoluteString, dialect: dialect,
            displayPath: file)
        return try CompiledSchema(registry: registry, uri: benchFolder.appendingPathComponent(file).absoluteString)
    }

    static let cases: [(String, SchemaDialect)] = [
        ("box-folder-items", .draft2020_12), ("box-folder-items", .oas30), ("box-sign-request", .draft2020_12),
        ("box-sign-request", .oas30),
    ]

    @Test("fixtures validate as expected.json says", arguments: cases)
    func fixture(name: String, dialect: SchemaDialect) throws {
        let compiled = try Self.compile(name, dialect: dialect)
        let valid = try Self.load("\(name).valid.json")
        #expect(compiled.isValid(valid))
        #expect(compiled.validate(valid).isEmpty)
        let invalid = try Self.load("\(name).invalid.json")
        #expect(!compiled.isValid(invalid))
        for kind in ["valid", "invalid"] {
            let bytes = try Array(Data(contentsOf: Self.benchFolder.appendingPathComponent("\(name).\(kind).json")))
            #expect(try compiled.isValid(json: bytes) == (kind == "valid"), "\(name).\(kind).json from bytes")
        }
        // Errors come in schema order; expected.json lists them in instance order.
        let errors = compiled.validate(invalid).sorted { $0.mostRelevant.instancePath.pointer < $1.mostRelevant.instancePath.pointer }
        let expected = try #require(try Self.load("expected.json")["fixtures"]?[name]?["errors"]?.arrayValue).sorted {
            JSONPointer($0["at"]?.stringValue ?? "") ?? .root < JSONPointer($1["at"]?.stringValue ?? "") ?? .root
        }
        #expect(errors.map { $0.instancePath.pointer.description } == expected.compactMap { $0["reported"]?.stringValue })
        #expect(errors.map(\.keyword) == expected.compactMap { $0["reported_keyword"]?.stringValue })
        #expect(
            errors.map { $0.mostRelevant.instancePath.pointer.description } == expected.compactMap { $0["at"]?.stringValue })
        #expect(errors.map(\.mostRelevant.keyword) == expected.compactMap { $0["keyword"]?.stringValue })
        for error in errors {
            print("\(name) [\(dialect)] \(error.sourceLocation?.description ?? "?"): \(error.instancePath) \(error)")
        }
    }
}
