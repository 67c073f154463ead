import ContractJSON

/// The schema documents a compilation may use, by absolute URI.
///
/// A value type: build it by adding documents, then share it; once you stop mutating it, it is an
/// immutable `Sendable` value that any number of threads may compile from. Nothing is ever fetched:
/// a `$ref` to a URI that is not here is a compile error.
public struct SchemaRegistry: Sendable {
    /// A class, built once: the compiler looks its document up for every schema node, and each copy
    /// of a struct retained the root, the path and both lists.
    final class Document: Sendable {
        let root: JSONValue
        let dialect: SchemaDialect
        let displayPath: String
        /// Embedded resources: pointer → base URI, the document root first.
        let bases: [(pointer: JSONPointer, base: String)]
        /// `bases`' URIs parsed once: the compiler asks for the base of every schema node it compiles.
        let baseReferences: [URIReference]
        /// Whether `nullable: true` lets null through in a 2020-12 document (see `add`).
        let readsNullable: Bool

        init(
            root: JSONValue, dialect: SchemaDialect, displayPath: String, bases: [(pointer: JSONPointer, base: String)],
            baseReferences: [URIReference], readsNullable: Bool
        ) {
            self.root = root
            self.dialect = dialect
            self.displayPath = displayPath
            self.bases = bases
            self.baseReferences = baseReferences
            self.readsNullable = readsNullable
        }
    }

    struct Location: Hashable, Sendable {
        var document: String
        var pointer: JSONPointer

        /// Hashes the pointer (its chained digest) and the document's URI as `URIKey` does (its length
        /// and last bytes): hashing a long `file:///…` URI on every lookup was most of the cost of the
        /// compiler's node cache. Equality still compares both.
        func hash(into hasher: inout Hasher) {
            hasher.combine(URIKey(document))
            hasher.combine(pointer)
        }
    }

    /// By URI (`URIKey`: looked up per compiled schema node).
    private var documents: [URIKey: Document] = [:]
    /// Absolute URIs (no fragment) of resources, document roots and `$id` subschemas alike.
    /// (Keyed as `documents` is: looked up for every `$ref` the compiler resolves.)
    private var resources: [URIKey: Location] = [:]
    /// `uri#name` of `$anchor`s and `$dynamicAnchor`s (and draft-4 `id: "#name"`).
    private(set) var anchors: [String: Location] = [:]
    /// `uri#name` of `$dynamicAnchor`s only.
    private(set) var dynamicAnchors: [String: Location] = [:]

    /// Creates an empty registry.
    public init() {}

    /// Adds a document.
    /// - Parameters:
    ///   - root: the parsed document.
    ///   - uri: its absolute URI (`file:///abs/contracts/api.yaml`, `https://example.com/schema.json`).
    ///   - dialect: the rules to read it with; a `$schema` at the root of a schema document overrides it.
    ///   - displayPath: the file path errors print (defaults to the URI).
    ///   - schemaRoots: where schemas start inside the document, for finding `$id` and anchors (for an
    ///     OpenAPI document, each component schema); the document root by default.
    ///   - readsNullable: for an OpenAPI 3.1 or 3.2 document: `nullable: true`, which those versions
    ///     dropped but descriptions converted from 3.0 still write, accepts null as in 3.0 when
    ///     `SchemaCompileOptions.nullable` is `.lenient`. Plain JSON Schema documents leave it off.
    public mutating func add(
        _ root: JSONValue, uri: String, dialect: SchemaDialect, displayPath: String? = nil,
        schemaRoots: [JSONPointer] = [.root], readsNullable: Bool = false
    ) {
        // Parsed once: the document's reference is also the first base and the base of the walks below.
        let documentReference = URIReference(uri).withoutFragment
        let documentURI = documentReference.description
        var dialect = dialect
        if let declared = root["$schema"]?.stringValue, let known = SchemaDialect(metaSchemaURI: declared) {
            dialect = known
        }
        var indexer = ResourceIndexer(documentURI: documentURI, dialect: dialect)
        for pointer in schemaRoots {
            guard let value = pointer.resolve(in: root) else { continue }
            indexer.walk(value, pointer: pointer, base: documentReference)
        }
        let bases = [(pointer: JSONPointer.root, base: documentURI)] + indexer.bases
        documents[URIKey(documentURI)] = Document(
            root: root, dialect: dialect, displayPath: displayPath ?? documentURI, bases: bases,
            baseReferences: [documentReference] + indexer.bases.map { URIReference($0.base) },
            readsNullable: readsNullable)
        resources[URIKey(documentURI)] = Location(document: documentURI, pointer: .root)
        for (uri, pointer) in indexer.resources where resources[URIKey(uri)] == nil {
            resources[URIKey(uri)] = Location(document: documentURI, pointer: pointer)
        }
        for (name, pointer) in indexer.anchors {
            anchors[name] = Location(document: documentURI, pointer: pointer)
        }
        for (name, pointer) in indexer.dynamicAnchors {
            dynamicAnchors[name] = Location(document: documentURI, pointer: pointer)
        }
    }

    /// The registered document at `uri` (no fragment).
    func document(_ uri: String) -> Document? {
        documents[URIKey(uri)]
    }

    /// Whether references somewhere in the document resolve against another base than its URI: some
    /// `$id` inside it starts a resource of its own (or the document is not registered at all).
    package func hasEmbeddedResources(inDocument uri: String) -> Bool {
        guard let document = document(URIReference(uri).withoutFragment.description) else { return true }
        return document.bases.count > 1
    }

    /// Whether a document or embedded resource is known under `uri`.
    public func contains(uri: String) -> Bool {
        resources[URIKey(URIReference(uri).withoutFragment.description)] != nil
    }

    /// Finds what an absolute URI with an optional fragment (pointer or anchor name) names.
    func locate(_ reference: URIReference) -> Location? {
        let base = reference.withoutFragment.description
        guard let fragment = reference.fragment, !fragment.isEmpty else { return resources[URIKey(base)] }
        if fragment.hasPrefix("/") {
            guard let resource = resources[URIKey(base)], let pointer = JSONPointer(fragment: fragment) else {
                return nil
            }
            return Location(document: resource.document, pointer: resource.pointer.appending(contentsOf: pointer))
        }
        let name = PercentEncoding.decode(fragment) ?? fragment
        return anchors[base + "#" + name]
    }

    /// Whether the document at `uri` holds no embedded (`$id`) resources: every place in it then has
    /// the document's own URI as its resource.
    func isSingleResource(_ uri: String) -> Bool {
        document(uri)?.bases.count == 1
    }

    /// The innermost resource around `location`: its URI and its root pointer.
    func resourceRoot(at location: Location) -> (uri: String, pointer: JSONPointer) {
        guard let document = document(location.document) else { return (location.document, .root) }
        let best = document.bases[baseIndex(in: document, at: location.pointer)]
        return (best.base, best.pointer)
    }

    /// The index in `bases` (and `baseReferences`) of the deepest resource whose pointer is a prefix of
    /// `pointer`: the base in force there, 0 for the document's own URI. Most documents have only the root,
    /// which needs no search at all.
    func baseIndex(in document: Document, at pointer: JSONPointer) -> Int {
        guard document.bases.count > 1 else { return 0 }
        var best = 0
        for (index, entry) in document.bases.enumerated()
        where entry.pointer.count >= document.bases[best].pointer.count && entry.pointer.isPrefix(of: pointer) {
            best = index
        }
        return best
    }

    /// The file:line:column of a place in a registered document.
    func sourceLocation(of location: Location) -> SourceLocation? {
        guard let document = document(location.document) else { return nil }
        let position = location.pointer.position(in: document.root)
        guard position.isKnown else { return nil }
        return SourceLocation(file: document.displayPath, position: position)
    }
}
