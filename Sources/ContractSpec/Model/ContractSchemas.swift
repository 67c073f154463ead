import ContractJSON
import ContractSchema
import Foundation

/// The compiled schemas of one contract: every file registered once, every schema compiled once
/// (on first use, or all at once with `compileAll`), shared by every thread that verifies traffic.
/// Unchecked Sendable: the `let`s never change, and every `var` is read and written only holding `lock`.
package final class ContractSchemas: @unchecked Sendable {
    /// The files of the contract, by URI, each read in its version's dialect.
    package let registry: SchemaRegistry
    private let catalog: SchemaCatalog
    /// Whether the catalog defers subschemas that apply to a member or an element.
    private let defersSubschemas: Bool
    private let dialect: SchemaDialect
    private let version: Spec.Version
    /// Where a loader-built schema stands (its parameter), which names it in `registeredSynthesized`.
    private struct SchemaAddress: Hashable {
        var baseURI: String
        var pointer: JSONPointer

        /// Hashes the pointer (its chained digest) and the URI's length only: the loader-built schemas
        /// of a contract mostly share one long `file:///…` URI, which SipHash read whole on every
        /// lookup. Equality still compares both.
        func hash(into hasher: inout Hasher) {
            hasher.combine(baseURI.utf8.count)
            hasher.combine(pointer)
        }
    }

    /// The names the loader-built schemas were registered under at creation: short opaque URNs,
    /// numbered, so that neither registering nor compiling one spells and percent-encodes its address.
    private let registeredSynthesized: [SchemaAddress: String]
    private let files: [String: ContractFile]
    /// How `nullable: true` is read when the 3.0 and 2.0 schemas compile.
    package let nullable: NullableReading
    private let lock = NSLock()
    // Guarded by `lock`: the same schemas compiled with the other `nullable` reading, made when asked for.
    private var otherReading: ContractSchemas?
    // Guarded by `lock`: schemas the loader built (2.0 parameters), compiled from their values.
    private var synthesized: [String: Result<CompiledSchema, SchemaCompileErrors>] = [:]
    // Guarded by `lock`: schema values by URI, normalised to 2020-12.
    private var normalisedValues: [String: JSONValue] = [:]

    /// Creates the catalog for files written in one specification version, plus the schemas the loader
    /// built itself (Swagger 2.0 parameters and form bodies), each registered under a name of its own.
    ///
    /// `defersSubschemas`: whether subschemas that apply to a member or an element compile when a value
    /// first reaches them (`SchemaCatalog.init(registry:options:defersSubschemas:)`), for loads that
    /// verify traffic; a load that reports compile errors (the lint) compiles each schema whole.
    package init(
        files: [ContractFile], version: Spec.Version, componentRoots: [JSONPointer], synthesized: [Spec.Schema] = [],
        nullable: NullableReading = .lenient, defersSubschemas: Bool = false
    ) {
        var registry = SchemaRegistry()
        let dialect: SchemaDialect = version.usesDraft4Schemas ? .oas30 : .draft2020_12
        for (offset, file) in files.enumerated() {
            // The root document holds schemas only under its components; other files are schema fragments.
            registry.add(
                file.root, uri: file.uri, dialect: dialect, displayPath: file.displayPath,
                schemaRoots: offset == 0 ? componentRoots : [.root], readsNullable: !version.usesDraft4Schemas)
        }
        // Registered up front, so they compile through the shared catalog like every other schema.
        // Their values are already 2020-12; their $refs are made absolute so they still name their file.
        var registered: [SchemaAddress: String] = [:]
        // Most share the file they were written in: its URL is parsed once per run of equal base URIs.
        var lastBase: (uri: String, url: URL?)?
        for schema in synthesized {
            let address = SchemaAddress(baseURI: schema.baseURI, pointer: schema.pointer)
            guard registered[address] == nil else { continue }
            let uri = "urn:contractcheck:synthesized:\(registered.count)"
            registered[address] = uri
            if lastBase?.uri != schema.baseURI { lastBase = (schema.baseURI, URL(string: schema.baseURI)) }
            let value = Self.absolutizingReferences(in: schema.value, base: lastBase?.url)
            registry.add(value, uri: uri, dialect: .draft2020_12, displayPath: schema.location.file)
        }
        self.registeredSynthesized = registered
        self.registry = registry
        self.dialect = dialect
        self.version = version
        self.files = Dictionary(files.map { ($0.uri, $0) }, uniquingKeysWith: { first, _ in first })
        self.nullable = nullable
        self.defersSubschemas = defersSubschemas
        self.catalog = SchemaCatalog(
            registry: registry, options: SchemaCompileOptions(nullable: nullable), defersSubschemas: defersSubschemas)
    }

    /// The same files and schemas, compiled with another reading of `nullable`.
    private init(_ schemas: ContractSchemas, nullable: NullableReading) {
        registry = schemas.registry
        dialect = schemas.dialect
        version = schemas.version
        registeredSynthesized = schemas.registeredSynthesized
        files = schemas.files
        self.nullable = nullable
        defersSubschemas = schemas.defersSubschemas
        catalog = SchemaCatalog(
            registry: registry, options: SchemaCompileOptions(nullable: nullable), defersSubschemas: defersSubschemas)
    }

    /// These schemas compiled with `nullable` read as given: `self` when they already are, else a catalog
    /// of their own (made once, on first use), so that the verifier and the synthesizer given a document
    /// read `nullable` as their options say.
    package func reading(_ nullable: NullableReading) -> ContractSchemas {
        guard nullable != self.nullable else { return self }
        lock.lock()
        defer { lock.unlock() }
        if let otherReading { return otherReading }
        let other = ContractSchemas(self, nullable: nullable)
        otherReading = other
        return other
    }

    /// The name a schema built after the catalog (a document assembled in code) is compiled under.
    static func synthesizedURI(_ schema: Spec.Schema) -> String {
        "urn:contractcheck:synthesized:" + PercentEncoding.encodeComponent(schema.uri)
    }

    /// An empty catalog, for documents built in code.
    package convenience init() {
        self.init(files: [], version: .openAPI31("3.1.0"), componentRoots: [])
    }

    /// The compiled form of a schema of the contract.
    package func compiled(_ schema: Spec.Schema) throws(SchemaCompileErrors) -> CompiledSchema {
        guard schema.isSynthesized else {
            return try catalog.schema(inDocument: schema.baseURI, at: schema.pointer, writtenAs: schema.writtenValue)
        }
        if let registered = registeredSynthesized[SchemaAddress(baseURI: schema.baseURI, pointer: schema.pointer)] {
            return try catalog.schema(inDocument: registered, at: .root)
        }
        let uri = Self.synthesizedURI(schema)
        // A schema built after the catalog (a document assembled in code): compiled on its own.
        lock.lock()
        defer { lock.unlock() }
        if let known = synthesized[uri] { return try known.get() }
        let result: Result<CompiledSchema, SchemaCompileErrors>
        do throws(SchemaCompileErrors) {
            let value = Self.absolutizingReferences(in: schema.value, base: URL(string: schema.baseURI))
            result = .success(
                try CompiledSchema(
                    schema: value, baseURI: uri, dialect: .draft2020_12, registry: registry,
                    options: SchemaCompileOptions(nullable: nullable)))
        } catch {
            result = .failure(error)
        }
        synthesized[uri] = result
        return try result.get()
    }

    /// The absolute URI a `$ref` written in the schema at `baseURI` names (`#/components/schemas/Pet`,
    /// `./schemas/common.yaml#/Problem`).
    package func resolve(_ reference: String, against baseURI: String) -> String {
        guard let base = URL(string: baseURI), let url = URL(string: reference, relativeTo: base) else {
            return reference
        }
        return url.absoluteString
    }

    /// The schema at an absolute URI with a JSON-pointer fragment, in the 2020-12 form the model uses
    /// (3.0 and 2.0 schemas translated), or `nil` when no file of the contract has it.
    /// Follow a schema's `$ref`s with this and `resolve(_:against:)`.
    package func schemaValue(at uri: String) -> JSONValue? {
        lock.lock()
        defer { lock.unlock() }
        if let known = normalisedValues[uri] { return known }
        let parts = uri.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard let file = files[String(parts[0])] else { return nil }
        let pointer = parts.count > 1 ? JSONPointer(fragment: String(parts[1])) : .root
        guard let pointer, let raw = pointer.resolve(in: file.root) else { return nil }
        let value: JSONValue
        switch version {
        case .swagger2: value = OASSchemaTranslation.translate(raw, from: .swagger20).schema
        case .openAPI30: value = OASSchemaTranslation.translate(raw, from: .oas30).schema
        case .openAPI31, .openAPI32: value = raw
        }
        normalisedValues[uri] = value
        return value
    }

    /// The compiled schema at `pointer` in the contract file whose URI is `fileURI`.
    package func compiled(inFile fileURI: String, at pointer: JSONPointer) throws(SchemaCompileErrors) -> CompiledSchema
    {
        try catalog.schema(inDocument: fileURI, at: pointer)
    }

    /// The compiled schema at an absolute URI with a fragment (`file:///…/api.yaml#/components/schemas/Pet`).
    package func compiled(at uri: String) throws(SchemaCompileErrors) -> CompiledSchema {
        try catalog.schema(at: uri)
    }

    /// Rewrites every `$ref` to an absolute URI against `base`.
    static func absolutizingReferences(in value: JSONValue, base: URL?) -> JSONValue {
        guard let base else { return value }
        return absolutized(value, base: base) ?? value
    }

    /// `value` with its `$ref`s made absolute, or `nil` when it has none to change: most of these
    /// schemas have none, and rebuilding them (setting each member back by key searched the object
    /// once per member) was most of registering a Swagger 2.0 contract's parameter schemas.
    private static func absolutized(_ value: JSONValue, base: URL) -> JSONValue? {
        switch value {
        case .object(let object):
            var members = object.members
            var changed = false
            for offset in members.indices {
                let rewritten: JSONValue?
                if members[offset].key == "$ref", case .string(let reference) = members[offset].value {
                    rewritten = URL(string: reference, relativeTo: base).map { .string($0.absoluteString) }
                } else {
                    rewritten = absolutized(members[offset].value, base: base)
                }
                guard let rewritten else { continue }
                members[offset].value = rewritten
                changed = true
            }
            return changed ? .object(JSONObject(members: members, position: object.position)) : nil
        case .array(var elements):
            var changed = false
            for offset in elements.indices {
                guard let rewritten = absolutized(elements[offset], base: base) else { continue }
                elements[offset] = rewritten
                changed = true
            }
            return changed ? .array(elements) : nil
        default:
            return nil
        }
    }
}
