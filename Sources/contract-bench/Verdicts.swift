import ContractJSON
import ContractSchema
import ContractSpec
import Foundation

/// `contract-bench verdicts <schema-bundle.json> <instances.jsonl>`: the validator's verdict on
/// each instance, one line each, for `Scripts/differential-schema.py` to compare with reference
/// validators. `contract-bench verdicts --json FILE` prints a JSON or YAML document as JSON, so the
/// script needs no YAML package.
///
/// The bundle: `{"documentPath": FILE or "document": {...}, "dialect": "2020-12"|"draft4"|"oas3.0"|
/// "oas3.1", "disabledFormats": [...], "roots": ["/components/schemas/Pet", ...], "nullable": "lenient"|"strict"}`
/// (`nullable` as `NullableReading` names it; lenient when absent). Each instance
/// line: `{"schema": "#/json/pointer", "instance": ..., "context": "none"|"request"|"response"}`.
/// Each output line: `valid`, `invalid<TAB>first error`, or `error<TAB>why` (a schema that does not
/// compile, a line that is not JSON).
enum Verdicts {
    static func run(_ arguments: [String]) throws {
        if arguments.count == 2, arguments[0] == "--json" {
            print(JSONWriter.string(from: try read(arguments[1])))
            return
        }
        guard arguments.count == 2 else {
            throw BenchmarkMain.UsageError(description: "usage: contract-bench verdicts BUNDLE.json INSTANCES.jsonl")
        }
        let bundle = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: arguments[0]))))
        let document: JSONValue
        if let path = bundle["documentPath"]?.stringValue {
            document = try read(path)
        } else {
            document = bundle["document"] ?? .null
        }
        let dialectName = bundle["dialect"]?.stringValue ?? "2020-12"
        guard let dialect = SchemaDialect(name: dialectName) else {
            throw BenchmarkMain.UsageError(description: "unknown dialect \(dialectName)")
        }
        let uri = "urn:contractcheck:differential"
        let roots = (bundle["roots"]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap { JSONPointer($0) } }
        var registry = SchemaRegistry()
        registry.add(document, uri: uri, dialect: dialect, schemaRoots: roots.isEmpty ? [.root] : roots)
        let nullableName = bundle["nullable"]?.stringValue ?? NullableReading.lenient.rawValue
        guard let nullable = NullableReading(rawValue: nullableName) else {
            throw BenchmarkMain.UsageError(description: "unknown nullable reading \(nullableName)")
        }
        let options = SchemaCompileOptions(
            assertsFormats: true,
            disabledFormats: Set((bundle["disabledFormats"]?.arrayValue ?? []).compactMap(\.stringValue)),
            nullable: nullable)
        var compiled: [String: Result<CompiledSchema, SchemaCompileErrors>] = [:]
        let text = try String(contentsOfFile: arguments[1], encoding: .utf8)
        var output = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            output += verdict(String(line), registry: registry, uri: uri, options: options, cache: &compiled)
            output += "\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    private static func verdict(
        _ line: String, registry: SchemaRegistry, uri: String, options: SchemaCompileOptions,
        cache: inout [String: Result<CompiledSchema, SchemaCompileErrors>]
    ) -> String {
        guard let entry = try? JSONParser.parse(line), let pointer = entry["schema"]?.stringValue,
            let instance = entry["instance"]
        else { return "error\tnot an instance line" }
        let result =
            cache[pointer]
            ?? Result { () throws(SchemaCompileErrors) in
                try CompiledSchema(registry: registry, uri: uri + pointer, options: options)
            }
        cache[pointer] = result
        switch result {
        case .failure(let errors):
            return "error\t" + (errors.errors.first?.message ?? "does not compile")
        case .success(let schema):
            let context: ValidationContext =
                switch entry["context"]?.stringValue {
                case "request": .request
                case "response": .response
                default: .none
                }
            let errors = schema.validate(instance, context: context)
            // Both paths are asked: a disagreement between them is a bug of its own.
            guard errors.isEmpty == schema.isValid(instance, context: context) else {
                return "error\tisValid and validate disagree"
            }
            guard let first = errors.first else { return "valid" }
            return "invalid\t\(first.instancePath) " + first.description.replacingOccurrences(of: "\n", with: " ")
        }
    }

    private static func read(_ path: String) throws -> JSONValue {
        do {
            return try DocumentReader.read(url: URL(fileURLWithPath: path), path: path).value
        } catch {
            throw BenchmarkMain.UsageError(description: "\(path): \(error)")
        }
    }
}
