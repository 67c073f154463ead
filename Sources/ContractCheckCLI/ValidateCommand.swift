import ArgumentParser
import ContractJSON
import ContractSchema
import ContractSpec
import Foundation

/// `contract-check validate`: checks saved payloads against a schema, one line per instance.
///
/// ```
/// contract-check validate --schema pet.schema.json[#/json/pointer] [--dialect 2020-12|draft4|oas3.0|oas3.1] a.json b.json
/// contract-check validate --contract contracts/api.json --schema '#/components/schemas/Pet' a.json
/// ```
/// Exit status: 0 when every instance is valid, 1 when any is not, 64 on usage errors (unreadable
/// files, a pointer that names nothing, a schema that does not compile).
///
/// Schemas, contracts and instances may be JSON or YAML.
struct ValidateCommand: ParsableCommand {
    /// Reads the document at a path; throws when it cannot.
    typealias DocumentLoader = (_ path: String) throws -> JSONValue

    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate JSON instances against a JSON Schema or a contract's schema.",
        discussion: """
            Prints one line per instance: valid, or each error with its instance path, schema pointer and \
            file:line:column. Schemas, contracts and instances may be JSON or YAML.
            Exit status: 0 when every instance is valid, 1 when any is not, 64 on a usage error (an unreadable \
            file, a pointer that names nothing, a schema that does not compile).
            """)

    @Option(
        name: .long, help: "The schema file, optionally with a #/json/pointer; with --contract, just the #/pointer.")
    var schema: String

    @Option(name: .long, help: "An OpenAPI document to take the schema from (its $refs resolve inside it).")
    var contract: String?

    @Option(
        name: .long, help: "2020-12, draft4, oas3.0 or oas3.1 (default: from the contract's version, else 2020-12).")
    var dialect: String?

    @Flag(name: .long, help: "Treat format as an annotation only.")
    var noFormats = false

    @Option(help: NullableHelp.text)
    var nullable: NullableReading = .lenient

    @Argument(help: "Instance files (JSON).")
    var instances: [String] = []

    func validate() throws {
        if instances.isEmpty { throw ValidationError("give at least one instance file") }
        if let dialect, SchemaDialect(name: dialect) == nil {
            throw ValidationError("unknown dialect \"\(dialect)\" (use 2020-12, draft4, oas3.0 or oas3.1)")
        }
    }

    func run() throws {
        let status = try run(loading: Self.loadDocument)
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs with a document loader; returns the exit status.
    func run(loading load: DocumentLoader) throws -> Int32 {
        let compiled: CompiledSchema
        do {
            compiled = try compileSchema(load)
        } catch let error as SchemaCompileErrors {
            for problem in error.errors { printError(problem.description) }
            return ExitCode.validationFailure.rawValue
        } catch {
            printError("error: \(error)")
            return ExitCode.validationFailure.rawValue
        }
        var anyInvalid = false
        for path in instances {
            let instance: JSONValue
            do {
                instance = try load(path)
            } catch {
                printError("\(path): error: cannot read instance: \(error)")
                return ExitCode.validationFailure.rawValue
            }
            let errors = compiled.validate(instance)
            if errors.isEmpty {
                print("\(path): valid")
                continue
            }
            anyInvalid = true
            for error in errors {
                let leaf = error.mostRelevant
                let location = leaf.sourceLocation.map { "\($0): " } ?? ""
                print("\(location)error: \(path) \(leaf.instancePath): \(leaf.description)")
            }
        }
        return anyInvalid ? 1 : 0
    }

    private func compileSchema(_ load: DocumentLoader) throws -> CompiledSchema {
        let (file, fragment) = splitFragment(contract == nil ? schema : schema.hasPrefix("#") ? schema : "#" + schema)
        if let contract, dialect == nil {
            return try compileFromContract(contract, fragment: fragment)
        }
        let documentPath = contract ?? file
        let absolute = URL(fileURLWithPath: documentPath).standardizedFileURL
        let document = try load(documentPath)
        var chosen = dialect.flatMap(SchemaDialect.init(name:))
        if chosen == nil, let version = document["openapi"]?.stringValue ?? document["swagger"]?.stringValue {
            chosen = version.hasPrefix("3.0") || version.hasPrefix("2.") ? .oas30 : .draft2020_12
        }
        var registry = SchemaRegistry()
        registry.add(
            document, uri: absolute.absoluteString, dialect: chosen ?? .draft2020_12, displayPath: documentPath)
        let options = SchemaCompileOptions(assertsFormats: !noFormats, nullable: nullable)
        return try CompiledSchema(registry: registry, uri: absolute.absoluteString + fragment, options: options)
    }

    /// Loads the whole contract (every file its `$ref`s reach, read in its version's dialect) and
    /// compiles the schema at `fragment` of its root file.
    private func compileFromContract(_ path: String, fragment: String) throws -> CompiledSchema {
        let url = URL(fileURLWithPath: path)
        let result = ContractLoader(rootDirectory: ContractLoader.defaultRoot(for: url), nullable: nullable).load(
            url, checks: [])
        guard let document = result.document else {
            throw ValidationError(result.diagnostics.map(\.description).joined(separator: "\n"))
        }
        return try document.compiledSchemas.compiled(at: document.file.uri + fragment)
    }

    private func splitFragment(_ text: String) -> (file: String, fragment: String) {
        guard let hash = text.firstIndex(of: "#") else { return (text, "") }
        return (String(text[..<hash]), String(text[hash...]))
    }

    private func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Reads a JSON or YAML file with the contract reader (line and column marks kept, hostile input refused).
    static func loadDocument(_ path: String) throws -> JSONValue {
        do {
            return try DocumentReader.read(url: URL(fileURLWithPath: path), path: path).value
        } catch {
            throw ValidationError(error.description)
        }
    }
}
