import ContractJSON
import ContractSchema
import Foundation

/// Loads OpenAPI documents (Swagger 2.0, OpenAPI 3.0, 3.1, 3.2; YAML or JSON, one or several files)
/// into the one `Spec.Document` model, with every structural problem reported as a diagnostic.
public struct ContractLoader: Sendable {
    /// What a load produced: the model when the document could be read, and every diagnostic.
    public struct Result: Sendable {
        /// The model; `nil` when the file could not be read or its version is not supported.
        public var document: Spec.Document?
        /// Problems found, in the order they were found.
        public var diagnostics: [Diagnostic]
        /// Every file read, root first.
        public var files: [ContractFile]

        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        /// The errors that keep the contract from being verified against (`Diagnostic.blocksVerification`).
        package var blockingErrors: [Diagnostic] {
            diagnostics.filter { $0.severity == .error && $0.blocksVerification }
        }
    }

    /// The versions this loader reads, for messages.
    public static let supportedVersions = "Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x"

    /// `$ref`s may only name files inside this folder.
    public var rootDirectory: URL?
    /// How `nullable: true` is read: by the compiled schemas (and so the example checks of the lint, the
    /// verifier and the synthesizer given the document) and in the linter's words. `.lenient` by default.
    public var nullable: NullableReading

    /// Creates a loader. With no root folder, `defaultRoot(for:)` of each document is its root.
    public init(rootDirectory: URL? = nil, nullable: NullableReading = .lenient) {
        self.rootDirectory = rootDirectory
        self.nullable = nullable
    }

    /// What a load checks and reports beyond the structure and `$ref`s, whose errors it always reports.
    public struct Checks: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: Int
        /// Creates a set from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Compile every schema the operations use now (reporting bad patterns and the like), not on first use.
        public static let schemas = Checks(rawValue: 1)
        /// Validate examples and defaults against their schemas (implies compiling them).
        public static let examples = Checks(rawValue: 2 | 1)
        /// Keep warnings (`Diagnostic.Severity.warning`); without it a load reports errors only, which is
        /// all that verifying traffic needs.
        public static let warnings = Checks(rawValue: 4)
        /// Everything: what `contract-check lint` runs.
        public static let all: Checks = [.schemas, .examples, .warnings]
    }

    /// The folder `$ref`s may not leave when no root is given: the working directory when the contract is
    /// below it (the package, under `swift test` and for `contract-check` run from the package), else the
    /// contract's own folder. So the fake backend, the mock server and the CLI read the same files.
    package static func defaultRoot(for url: URL) -> URL {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let inside = url.standardizedFileURL.path.hasPrefix(workingDirectory.standardizedFileURL.path + "/")
        return inside ? workingDirectory : url.deletingLastPathComponent()
    }

    /// Loads the document at `url` and every file its `$ref`s reach.
    public func load(_ url: URL, checks: Checks = .all) -> Result {
        let root = rootDirectory ?? Self.defaultRoot(for: url)
        let workspace = ContractWorkspace(rootDirectory: root)
        let file: ContractFile
        do {
            file = try workspace.file(at: url)
        } catch {
            return Result(document: nil, diagnostics: [error.diagnostic], files: [])
        }
        var node = SourceNode(file: file, pointer: .root, value: file.root)
        guard let version = detectVersion(node) else {
            return Result(document: nil, diagnostics: [versionDiagnostic(node)], files: [file])
        }
        // `$ref`s written in place of a map of subschemas are expanded in their files, and the files are
        // built again, so that every later stage reads ordinary schemas (`SchemaMapReference`). Each pass
        // expands every such `$ref` the schemas reach, so a second pass finds none; the bound only keeps a
        // pathological contract from looping.
        var expanded: [SchemaMapReference] = []
        var rewritten: [EnclosingDefinitions] = []
        var passes = 0
        var context: BuildContext
        var document: Spec.Document
        while true {
            passes += 1
            context = BuildContext(
                workspace: workspace, version: version, collectsAnnotatedSchemas: checks.contains(.examples),
                collectsWarnings: checks.contains(.warnings), nullable: nullable)
            switch version {
            case .swagger2:
                document = Swagger2Builder(context: context, root: node).build()
            case .openAPI30, .openAPI31, .openAPI32:
                document = OpenAPI3Builder(context: context, root: node).build()
            }
            for reference in expanded {
                context.noteReferencePlacement(reference.written, kind: SchemaMapReference.placeKind)
            }
            context.reportMisplacedReferences()
            SemanticChecks(context: context, document: document).run()
            SchemaChecks(context: context).run(root: node)
            let found = context.schemaMapReferences
            let definitions = context.enclosingDefinitions
            guard !found.isEmpty || !definitions.isEmpty, passes < 4 else { break }
            expanded += found
            rewritten += definitions
            workspace.apply(
                found.map { ContentEdit(file: $0.file, pointer: $0.pointer, replacement: .object($0.expansion)) }
                    + definitions.map {
                        ContentEdit(file: $0.file, pointer: $0.pointer, replacement: .object($0.replacement))
                    })
            guard let rewritten = try? workspace.file(at: url) else { break }
            node = SourceNode(file: rewritten, pointer: .root, value: rewritten.root)
        }
        if let first = rewritten.first {
            context.warning(
                "ref.enclosing-defs",
                "'\(first.reading.text)' names nothing from the document's root; it is read from the schema around it "
                    + "that holds it ('\(first.reading.resolved)')\(Diagnostic.otherPlaces(rewritten.count)); give "
                    + "that schema an $id, or move its $defs to the components, for tools that resolve it as written",
                at: first.written)
        }
        context.releaseBuildState()
        document.files = workspace.loadedFiles
        let componentRoots = document.schemas.values.filter { !$0.isSynthesized }.map(\.pointer)
        document.compiledSchemas = ContractSchemas(
            files: workspace.loadedFiles, version: version, componentRoots: componentRoots,
            synthesized: Self.synthesizedSchemas(of: document), nullable: nullable,
            defersSubschemas: !checks.contains(.schemas))
        if checks.contains(.schemas) {
            CompiledSchemaChecks(context: context, document: document).run(examples: checks.contains(.examples))
        }
        return Result(document: document, diagnostics: context.diagnostics, files: workspace.loadedFiles)
    }

    /// The schemas the builders made (from Swagger 2.0 parameters and headers), to register with the rest.
    static func synthesizedSchemas(of document: Spec.Document) -> [Spec.Schema] {
        var schemas: [Spec.Schema] = []
        // Only the synthesized ones are collected (a list of every schema of every operation, filtered
        // afterwards, was a percent of loading a large 3.x contract, which has none).
        // By offset throughout: a `for operation in` loop copied each whole operation and parameter
        // (retaining every field), a percent of loading a large Swagger 2.0 contract.
        // Each schema is asked first and copied only to be kept.
        func addAll(_ operations: [Spec.Operation]) {
            for offset in operations.indices {
                let parameters = operations[offset].parameters
                for index in parameters.indices where parameters[index].schema?.isSynthesized == true {
                    if let schema = parameters[index].schema { schemas.append(schema) }
                }
                if let content = operations[offset].requestBody?.content {
                    for index in content.indices where content[index].schema?.isSynthesized == true {
                        if let schema = content[index].schema { schemas.append(schema) }
                    }
                }
                let responses = operations[offset].responses
                for index in responses.indices {
                    let headers = responses[index].headers
                    for header in headers.indices where headers[header].schema?.isSynthesized == true {
                        if let schema = headers[header].schema { schemas.append(schema) }
                    }
                }
            }
        }
        addAll(document.operations)
        addAll(document.webhooks)
        return schemas
    }

    private func detectVersion(_ node: SourceNode) -> Spec.Version? {
        if let swagger = node.value["swagger"] {
            return swagger.stringValue == "2.0" || swagger.numberValue?.text == "2.0" ? .swagger2 : nil
        }
        guard let text = node.value["openapi"]?.stringValue else { return nil }
        let parts = text.split(separator: ".")
        guard parts.count >= 2, parts[0] == "3", parts.allSatisfy({ Int($0.prefix { $0.isNumber }) != nil }) else {
            return nil
        }
        switch parts[1] {
        case "0": return .openAPI30(text)
        case "1": return .openAPI31(text)
        case "2": return .openAPI32(text)
        default: return nil
        }
    }

    private func versionDiagnostic(_ node: SourceNode) -> Diagnostic {
        let supported = "supported: \(Self.supportedVersions)"
        if let field = node.child("openapi") ?? node.child("swagger") {
            let written = field.value.stringValue ?? field.value.numberValue?.text ?? field.kindDescription
            var message = "unsupported version '\(written)'; \(supported)"
            if field.value.numberValue != nil { message += " (write the version as a quoted string)" }
            return Diagnostic(
                .error, code: "version.unsupported", message: message, location: field.location, pointer: field.pointer)
        }
        if !node.value.isObject {
            return Diagnostic(
                .error, code: "version.missing",
                message: "not an OpenAPI document: the top level is \(node.kindDescription), not an object",
                location: node.location)
        }
        return Diagnostic(
            .error, code: "version.missing",
            message: "not an OpenAPI document: no 'openapi' or 'swagger' field; \(supported)",
            location: node.location)
    }
}
