import ContractJSON
import ContractSchema
import Foundation

/// One JSON Schema document on its own (2020-12 unless it says otherwise): `$id`s and `$anchor`s indexed
/// here so `$ref`s can be followed, validators from one shared catalog.
/// Unchecked Sendable: `resources` and `anchors` are filled in the initializer and only read afterwards.
final class StandaloneSchemaSource: SchemaSource, @unchecked Sendable {
    /// The URI the document is registered under.
    let rootURI: String
    private let catalog: SchemaCatalog
    // Resources by URI (the document, and every subschema with an `$id`), and anchors by `uri#name`.
    private var resources: [String: JSONValue] = [:]
    private var anchors: [String: LocatedSchema] = [:]

    init(schema: JSONValue, dialect: SchemaDialect, uri: String = "urn:contractcheck:example-schema") {
        var registry = SchemaRegistry()
        let rootURI =
            schema["$id"]?.stringValue.map { URIText.withoutFragment(URIText.resolve($0, against: uri)) } ?? uri
        registry.add(schema, uri: rootURI, dialect: dialect)
        self.rootURI = rootURI
        catalog = SchemaCatalog(registry: registry)
        resources[rootURI] = schema
        index(schema, base: rootURI, pointer: [], depth: 0)
    }

    /// The document itself.
    var root: LocatedSchema? {
        resources[rootURI].map { LocatedSchema(value: $0, base: rootURI, pointer: []) }
    }

    private func index(_ value: JSONValue, base: String, pointer: [String], depth: Int) {
        guard depth < 64 else { return }
        switch value {
        case .object(let object):
            var base = base
            var pointer = pointer
            if let id = object["$id"]?.stringValue {
                base = URIText.withoutFragment(URIText.resolve(id, against: base))
                pointer = []
            }
            if pointer.isEmpty { resources[base] = value }
            if let anchor = object["$anchor"]?.stringValue ?? object["$dynamicAnchor"]?.stringValue {
                anchors[base + "#" + anchor] = LocatedSchema(value: value, base: base, pointer: pointer)
            }
            for member in object.members where member.key != "enum" && member.key != "const" {
                index(member.value, base: base, pointer: pointer + [member.key], depth: depth + 1)
            }
        case .array(let elements):
            for (offset, element) in elements.enumerated() {
                index(element, base: base, pointer: pointer + [String(offset)], depth: depth + 1)
            }
        default:
            break
        }
    }

    func resolve(_ reference: String, from schema: LocatedSchema) -> LocatedSchema? {
        let uri = URIText.resolve(reference, against: schema.base)
        let base = URIText.withoutFragment(uri)
        let fragment = URIText.fragment(uri)
        guard !fragment.isEmpty else {
            return resources[base].map { LocatedSchema(value: $0, base: base, pointer: []) }
        }
        if fragment.hasPrefix("/") {
            guard let resource = resources[base], let pointer = JSONPointer(fragment: fragment),
                let value = pointer.resolve(in: resource)
            else { return nil }
            return LocatedSchema(value: value, base: base, pointer: pointer.tokens)
        }
        return anchors[base + "#" + (PercentEncoding.decode(fragment) ?? fragment)]
    }

    func validator(for schema: LocatedSchema) -> CompiledSchema? {
        try? compiled(schema)?.get()
    }

    /// The first reason `schema` does not compile, for the message of a refusal (`nil` when it compiles).
    func compileProblem(for schema: LocatedSchema) -> String? {
        guard case .failure(let errors)? = compiled(schema) else { return nil }
        return errors.errors.first?.message
    }

    /// The schema compiled by the shared catalog (which compiles each once), or `nil` without a URI.
    private func compiled(_ schema: LocatedSchema) -> Result<CompiledSchema, SchemaCompileErrors>? {
        schema.uri.map { uri in Result { () throws(SchemaCompileErrors) in try catalog.schema(at: uri) } }
    }

    func isBasedAsValidated(_ schema: LocatedSchema) -> Bool {
        guard let pointer = schema.pointer else { return true }
        // The resource's own `$id` is what `base` already is.
        guard let resource = resources[schema.base] else { return false }
        return !ResourceBoundaries.crossesIdentifier(in: resource, along: pointer)
    }

    func location(of schema: LocatedSchema) -> SourceLocation? {
        nil
    }
}
