import ContractJSON
import ContractSchema
import ContractSpec
import Foundation

/// Schemas of a loaded contract: `$ref`s followed through `ContractSchemas`, validators from its catalog.
/// Unchecked Sendable: the `let`s never change, and `valueValidators` is used only holding `lock`.
final class ContractSchemaSource: SchemaSource, @unchecked Sendable {
    private let schemas: ContractSchemas
    private let files: [String: ContractFile]
    /// Files in which some `$id` changes the base URI (rarely any).
    private let filesWithEmbeddedResources: Set<String>
    private let lock = NSLock()
    // Guarded by `lock`: validators of schema values that no file holds at a pointer.
    private var valueValidators: [String: CompiledSchema?] = [:]

    init(document: Spec.Document) {
        schemas = document.compiledSchemas
        files = Dictionary(document.files.map { ($0.uri, $0) }, uniquingKeysWith: { first, _ in first })
        filesWithEmbeddedResources = Set(
            document.files.map(\.uri).filter { document.compiledSchemas.registry.hasEmbeddedResources(inDocument: $0) })
    }

    func resolve(_ reference: String, from schema: LocatedSchema) -> LocatedSchema? {
        let uri = reference.hasPrefix("#") ? schema.base + reference : schemas.resolve(reference, against: schema.base)
        guard let value = schemas.schemaValue(at: uri) else { return nil }
        return LocatedSchema(
            value: value, base: URIText.withoutFragment(uri), uri: URIText.hasFragment(uri) ? uri : uri + "#")
    }

    func validator(for schema: LocatedSchema) -> CompiledSchema? {
        if let uri = schema.uri, files[schema.base] != nil {
            return try? schemas.compiled(at: uri)
        }
        let key = schema.cacheKey
        lock.lock()
        defer { lock.unlock() }
        if let known = valueValidators[key] { return known }
        let compiled = try? CompiledSchema(
            schema: ReferenceRewriter.absolutize(schema.value, base: schema.base),
            baseURI: "urn:contractcheck:example:\(valueValidators.count)", registry: schemas.registry)
        valueValidators[key] = compiled
        return compiled
    }

    func isBasedAsValidated(_ schema: LocatedSchema) -> Bool {
        // A schema known only by its value is compiled with its references made absolute against `base`;
        // one in a file of the contract is, unless the registry found an `$id` in that file (then,
        // conservatively, no schema of the file is).
        schema.uri == nil || (files[schema.base] != nil && !filesWithEmbeddedResources.contains(schema.base))
    }

    func location(of schema: LocatedSchema) -> SourceLocation? {
        guard let pointer = schema.pointer, let file = files[schema.base] else { return nil }
        return file.location(of: pointer)
    }
}
