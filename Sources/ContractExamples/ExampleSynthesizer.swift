import ContractJSON
import ContractSchema
import ContractSpec

/// Answers with bodies and headers for a contract's operations: the contract's own examples when they
/// are valid, otherwise values generated from the schemas. Every value it presents as valid has passed
/// the schema's compiled validator, or was built only from keywords it satisfies by construction.
///
/// ```swift
/// let synthesizer = ExampleSynthesizer(document: document)
/// let body = try synthesizer.responseBody(for: operation, status: 200, mode: .random(seed: 7))
/// print(body.json)
/// ```
/// Safe to share between threads; merged schemas and validators are cached across calls.
public struct ExampleSynthesizer: Sendable {
    /// The contract.
    public let document: Spec.Document
    private let engine: ExampleEngine
    private let entries = SchemaEntryCache()

    /// Creates a synthesizer for a loaded contract.
    public init(document: Spec.Document) {
        self.document = document
        engine = ExampleEngine(cache: SynthesisCache(source: ContractSchemaSource(document: document)))
    }

    /// A response body: the named example, the media type's examples, the schema's examples, else a
    /// generated value, in that order; invalid contract examples are reported in `diagnostics` and skipped.
    /// - Parameters:
    ///   - status: the status code; `nil` picks the first success response (then the first declared).
    ///   - mediaType: the media type; `nil` picks a JSON one when there is one.
    ///   - exampleName: a key of the media type's `examples` to answer with.
    /// - Throws: `ExampleError` when nothing is declared as asked, or the schema has no value.
    public func responseBody(
        for operation: Spec.Operation, status: Int? = nil, mediaType: String? = nil, exampleName: String? = nil,
        mode: ExampleMode = .full, sources: ExampleSources = .contractFirst
    ) throws(ExampleError) -> SynthesizedBody {
        let response = try ResponseChoice.response(of: operation, status: status)
        let media = try ResponseChoice.mediaType(
            response.content, named: mediaType, what: "\(operation.displayName) response \(response.status)",
            location: response.location)
        let what = "\(operation.displayName) response \(response.status) \(media.name)"
        return try body(
            schema: media.schema, examples: media.examples, mediaType: media.name, what: what,
            request: ExampleRequest(exampleName: exampleName, mode: mode, sources: sources, context: .response))
    }

    /// A request body for the operation, chosen like `responseBody` but for the request side (so
    /// `readOnly` properties are left out and `writeOnly` ones kept).
    public func requestBody(
        for operation: Spec.Operation, mediaType: String? = nil, exampleName: String? = nil,
        mode: ExampleMode = .full, sources: ExampleSources = .contractFirst
    ) throws(ExampleError) -> SynthesizedBody {
        guard let requestBody = operation.requestBody else {
            throw ExampleError(
                kind: .notDeclared, message: "\(operation.displayName) declares no request body",
                location: operation.location)
        }
        let media = try ResponseChoice.mediaType(
            requestBody.content, named: mediaType, what: "\(operation.displayName) request body",
            location: requestBody.location)
        return try body(
            schema: media.schema, examples: media.examples, mediaType: media.name,
            what: "\(operation.displayName) request body \(media.name)",
            request: ExampleRequest(exampleName: exampleName, mode: mode, sources: sources, context: .request))
    }

    /// Values for the headers the response declares: required ones always, optional ones unless the mode
    /// is `minimal` (in `random`, each with even odds).
    public func responseHeaders(
        for operation: Spec.Operation, status: Int? = nil, mode: ExampleMode = .full,
        sources: ExampleSources = .contractFirst
    ) throws(ExampleError) -> [SynthesizedHeader] {
        let response = try ResponseChoice.response(of: operation, status: status)
        var rng = SplitMix64(seed: { if case .random(let seed) = mode { seed } else { 0 } }())
        var headers: [SynthesizedHeader] = []
        for header in response.headers where header.name.lowercased() != "content-type" {
            let include: Bool
            switch mode {
            case .minimal: include = header.required
            case .full: include = true
            case .random: include = header.required || rng.chance(1, in: 2)
            }
            guard include else { continue }
            let schema = header.schema ?? header.content.first?.schema
            let examples = header.examples + (header.content.first?.examples ?? [])
            let body = try body(
                schema: schema, examples: examples, mediaType: nil,
                what: "\(operation.displayName) response \(response.status) header \(header.name)",
                request: ExampleRequest(exampleName: nil, mode: mode, sources: sources, context: .none))
            headers.append(SynthesizedHeader(name: header.name, body: body))
        }
        return headers
    }

    /// A generated value for one schema of the contract, proven with its compiled validator (or valid by
    /// construction).
    /// - Parameter context: `.request` leaves `readOnly` properties out, `.response` leaves `writeOnly` ones out.
    public func value(for schema: Spec.Schema, context: ValidationContext = .none, mode: ExampleMode = .full)
        throws(ExampleError) -> JSONValue
    {
        let entry = try entry(for: schema)
        return try engine.value(for: entry.node, validator: entry.validator, context: context, mode: mode)
    }

    /// A generated value for a standalone JSON Schema (2020-12 unless `dialect` says otherwise, or the
    /// schema's `$schema` does), proven with its compiled validator (or valid by construction).
    public static func value(
        forJSONSchema schema: JSONValue, dialect: SchemaDialect = .draft2020_12, context: ValidationContext = .none,
        mode: ExampleMode = .full
    ) throws(ExampleError) -> JSONValue {
        let source = StandaloneSchemaSource(schema: schema, dialect: dialect)
        guard let root = source.root, let validator = source.validator(for: root) else {
            let problem = source.root.flatMap(source.compileProblem).map { ": \($0)" } ?? ""
            throw ExampleError(kind: .noSchema, message: "the schema does not compile" + problem)
        }
        let engine = ExampleEngine(cache: SynthesisCache(source: source))
        return try engine.value(for: root, validator: validator, context: context, mode: mode)
    }

    /// The schema with its address. A schema that is only a `$ref` (as most response schemas are) is
    /// replaced by its target: the loader has compiled the component already, and every response naming
    /// it then shares one merged node.
    func located(_ schema: Spec.Schema) -> LocatedSchema {
        if !schema.isSynthesized, case .object(let object) = schema.value, object.count == 1,
            let reference = object["$ref"]?.stringValue
        {
            let uri = document.compiledSchemas.resolve(reference, against: schema.baseURI)
            if let value = document.compiledSchemas.schemaValue(at: uri) {
                return LocatedSchema(
                    value: value, base: URIText.withoutFragment(uri), uri: URIText.hasFragment(uri) ? uri : uri + "#")
            }
        }
        return LocatedSchema(
            value: schema.value, base: schema.baseURI, pointer: schema.isSynthesized ? nil : schema.pointer.tokens)
    }

    /// The schema's located form and validator, from the cache after the first time.
    func entry(for schema: Spec.Schema) throws(ExampleError) -> SchemaEntryCache.Entry {
        try entries.entry(for: schema) { () throws(ExampleError) in
            do throws(SchemaCompileErrors) {
                let located = located(schema)
                let validator =
                    if let uri = located.uri, located.base != schema.baseURI || uri != schema.uri {
                        try document.compiledSchemas.compiled(at: uri)
                    } else {
                        try document.compiledSchemas.compiled(schema)
                    }
                return SchemaEntryCache.Entry(
                    located: located, validator: validator, node: engine.cache.node([located]))
            } catch {
                let detail = error.errors.first.map(\.message) ?? "unknown error"
                throw ExampleError(
                    kind: .noSchema, message: "the schema does not compile: \(detail)", location: schema.location,
                    schemaURI: schema.uri)
            }
        }
    }

    var generationEngine: ExampleEngine { engine }
}
